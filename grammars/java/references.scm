; Java references query (captures: see grammars/python/references.scm).

(method_invocation name: (identifier) @reference)
(object_creation_expression type: (type_identifier) @reference)
(field_access field: (identifier) @reference)
(type_identifier) @reference
(argument_list (identifier) @reference)
(import_declaration (scoped_identifier name: (identifier) @reference))
