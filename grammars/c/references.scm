; C references query (captures: see grammars/python/references.scm).

(call_expression function: (identifier) @reference)
(field_expression field: (field_identifier) @reference)
(type_identifier) @reference
(argument_list (identifier) @reference)
