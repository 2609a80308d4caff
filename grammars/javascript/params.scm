; JavaScript parameter lists, for `changed --impact` (captures: see grammars/python/params.scm).
; A call may pass fewer or more arguments at run time; a break is judged as TypeScript would.

(function_declaration parameters: (formal_parameters) @params)
(generator_function_declaration parameters: (formal_parameters) @params)
(function_expression parameters: (formal_parameters) @params)
(arrow_function parameters: (formal_parameters) @params)
(method_definition parameters: (formal_parameters) @params)
(formal_parameters (identifier) @param @param.name)
(formal_parameters (object_pattern) @param)
(formal_parameters (array_pattern) @param)
(formal_parameters (assignment_pattern left: (identifier) @param.name) @param.optional)
(formal_parameters (assignment_pattern left: [(object_pattern) (array_pattern)]) @param.optional)
(formal_parameters (rest_pattern) @param.rest)
