; JavaScript scope query (captures: see grammars/python/scope.scm).

(rest_pattern (identifier) @binding)
(variable_declarator name: (identifier) @binding)
(shorthand_property_identifier_pattern) @binding
(pair_pattern value: (identifier) @binding)
(array_pattern (identifier) @binding)
(function_declaration name: (identifier) @binding)
(class_declaration name: (identifier) @binding)
(arrow_function parameter: (identifier) @binding)
(catch_clause parameter: (identifier) @binding)
(for_in_statement left: (identifier) @binding)
(import_specifier name: (identifier) @binding)
(import_specifier alias: (identifier) @binding)
(namespace_import (identifier) @binding)
(import_clause (identifier) @binding)

(identifier) @reference
(shorthand_property_identifier) @reference
(formal_parameters (identifier) @binding)
(assignment_pattern left: (identifier) @binding)
