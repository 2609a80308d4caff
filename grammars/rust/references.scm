; Rust references query (captures: see grammars/python/references.scm).

(call_expression function: (identifier) @reference)
(call_expression function: (scoped_identifier name: (identifier) @reference))
(field_expression field: (field_identifier) @reference)
(type_identifier) @reference
(arguments (identifier) @reference)
(use_declaration argument: (scoped_identifier name: (identifier) @reference))
(use_list (identifier) @reference)
(macro_invocation macro: (identifier) @reference)
(struct_expression name: (type_identifier) @reference)
