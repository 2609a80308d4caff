; Go parameter lists, for `changed --impact` (captures: see grammars/python/params.scm). Each
; name of `a, b int` is one parameter; a method's receiver is not in its `parameters`.

(function_declaration parameters: (parameter_list) @params)
(method_declaration parameters: (parameter_list) @params)
(method_elem parameters: (parameter_list) @params)
(parameter_list (parameter_declaration name: (identifier) @param @param.name))
(parameter_list (parameter_declaration !name) @param)
(parameter_list (variadic_parameter_declaration) @param.rest)
