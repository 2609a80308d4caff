; JavaScript references query (captures: see grammars/python/references.scm).

(call_expression function: (identifier) @reference)
(new_expression constructor: (identifier) @reference)
(member_expression property: (property_identifier) @reference)
(arguments (identifier) @reference)
(import_specifier name: (identifier) @reference)
(class_heritage (identifier) @reference)
(variable_declarator value: (identifier) @reference)
(return_statement (identifier) @reference)
(binary_expression (identifier) @reference)
(jsx_opening_element name: (identifier) @reference)
(jsx_self_closing_element name: (identifier) @reference)
(export_specifier name: (identifier) @reference)
(pair value: (identifier) @reference)
(shorthand_property_identifier) @reference
