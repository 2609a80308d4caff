; Rust parameter lists, for `changed --impact` (captures: see grammars/python/params.scm;
; @param.receiver: `self`, passed only when the call names the type, `T::f(x, ...)`).

(function_item parameters: (parameters) @params)
(function_signature_item parameters: (parameters) @params)
(parameters (parameter pattern: (identifier) @param.name) @param)
(parameters (parameter) @param)
(parameters (self_parameter) @param.receiver)
(parameters (variadic_parameter) @param.rest)
