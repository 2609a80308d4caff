; Java parameter lists, for `changed --impact` (captures: see grammars/python/params.scm;
; @param.implicit: a receiver parameter `Foo this`, which no call passes). Overloads are
; separate definitions: a call breaks only when none of them accepts it.

(method_declaration parameters: (formal_parameters) @params)
(constructor_declaration parameters: (formal_parameters) @params)
(formal_parameters (formal_parameter name: (identifier) @param.name) @param)
(formal_parameters (spread_parameter) @param.rest)
(formal_parameters (receiver_parameter) @param.implicit)
