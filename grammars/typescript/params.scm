; TypeScript / TSX parameter lists, for `changed --impact` (captures: see grammars/python/params.scm;
; @param.implicit: a `this` parameter, which no call passes; @params.contextual: a function
; assigned to a variable of a declared type, whose parameters take their optionality from it).

(function_declaration parameters: (formal_parameters) @params)
(generator_function_declaration parameters: (formal_parameters) @params)
(function_signature parameters: (formal_parameters) @params)
(function_expression parameters: (formal_parameters) @params)
(arrow_function parameters: (formal_parameters) @params)
(method_definition parameters: (formal_parameters) @params)
(method_signature parameters: (formal_parameters) @params)
(abstract_method_signature parameters: (formal_parameters) @params)
(arrow_function parameter: (identifier) @params @param)
(formal_parameters (required_parameter) @param)
(formal_parameters (required_parameter pattern: (identifier) @param.name) @param)
(formal_parameters (optional_parameter pattern: (identifier) @param.name) @param.optional)
(formal_parameters (required_parameter value: (_)) @param.optional)
(formal_parameters (optional_parameter) @param.optional)
(formal_parameters (required_parameter pattern: (rest_pattern)) @param.rest)
(formal_parameters (required_parameter pattern: (this)) @param.implicit)
(variable_declarator type: (_) value: (arrow_function parameters: (formal_parameters) @params.contextual))
(variable_declarator type: (_) value: (function_expression parameters: (formal_parameters) @params.contextual))
