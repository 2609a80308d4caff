; Python references query: the names a file uses that another file may define, for the ranked
; `digest` (src/core/outline/references.ts). Captures: @reference (a name used here: a call,
; an attribute, a type, a base class, a decorator, an imported name, a value passed or returned).

(call function: (identifier) @reference)
(attribute attribute: (identifier) @reference)
(decorator (identifier) @reference)
(type (identifier) @reference)
(argument_list (identifier) @reference)
(import_from_statement name: (dotted_name (identifier) @reference))
(import_from_statement name: (aliased_import name: (dotted_name (identifier) @reference)))
(assignment right: (identifier) @reference)
(return_statement (identifier) @reference)
(binary_operator (identifier) @reference)
(comparison_operator (identifier) @reference)
(subscript value: (identifier) @reference)
(raise_statement (identifier) @reference)
(except_clause (identifier) @reference)
