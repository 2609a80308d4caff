; TypeScript / TSX references query (captures: see grammars/python/references.scm): calls,
; members, arguments, imports, heritage, and type names.

(call_expression function: (identifier) @reference)
(new_expression constructor: (identifier) @reference)
(member_expression property: (property_identifier) @reference)
(arguments (identifier) @reference)
(import_specifier name: (identifier) @reference)
(extends_clause (identifier) @reference)
(variable_declarator value: (identifier) @reference)
(return_statement (identifier) @reference)
(binary_expression (identifier) @reference)
(export_specifier name: (identifier) @reference)
(pair value: (identifier) @reference)
(shorthand_property_identifier) @reference
(type_identifier) @reference
