; TypeScript scope query (captures: see grammars/python/scope.scm).

(required_parameter pattern: (identifier) @binding)
(optional_parameter pattern: (identifier) @binding)
(rest_pattern (identifier) @binding)
(variable_declarator name: (identifier) @binding)
(shorthand_property_identifier_pattern) @binding
(pair_pattern value: (identifier) @binding)
(array_pattern (identifier) @binding)
(function_declaration name: (identifier) @binding)
(class_declaration name: (type_identifier) @binding)
(arrow_function parameter: (identifier) @binding)
(catch_clause parameter: (identifier) @binding)
(for_in_statement left: (identifier) @binding)
(import_specifier name: (identifier) @binding)
(import_specifier alias: (identifier) @binding)
(namespace_import (identifier) @binding)
(import_clause (identifier) @binding)

(identifier) @reference
(shorthand_property_identifier) @reference
