; Scala references query (captures: see grammars/python/references.scm).

(call_expression function: (identifier) @reference)
(field_expression field: (identifier) @reference)
(type_identifier) @reference
(arguments (identifier) @reference)
(infix_expression operator: (identifier) @reference)
(instance_expression (type_identifier) @reference)
(import_declaration (identifier) @reference)
