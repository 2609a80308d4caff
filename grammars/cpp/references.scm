; C++ references query (captures: see grammars/python/references.scm).

(call_expression function: (identifier) @reference)
(call_expression function: (qualified_identifier name: (identifier) @reference))
(field_expression field: (field_identifier) @reference)
(type_identifier) @reference
(argument_list (identifier) @reference)
