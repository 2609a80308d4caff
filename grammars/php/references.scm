; PHP references query (captures: see grammars/python/references.scm).

(function_call_expression function: (name) @reference)
(member_call_expression name: (name) @reference)
(scoped_call_expression name: (name) @reference)
(object_creation_expression (name) @reference)
(named_type (name) @reference)
(base_clause (name) @reference)
(class_interface_clause (name) @reference)
