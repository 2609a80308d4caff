; Go references query (captures: see grammars/python/references.scm).

(call_expression function: (identifier) @reference)
(selector_expression field: (field_identifier) @reference)
(type_identifier) @reference
(argument_list (identifier) @reference)
(composite_literal type: (type_identifier) @reference)
(return_statement (expression_list (identifier) @reference))
(binary_expression (identifier) @reference)
(keyed_element (literal_element (identifier) @reference))
