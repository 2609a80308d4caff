; Python parameter lists, for `changed --impact` (core/calls/arity.ts):
;   @params              a definition's parameter list (its direct parameters are counted)
;   @param               a positional-or-keyword parameter without a default
;   @param.optional      one with a default
;   @param.rest          `*args`;  @param.kwrest  `**kwargs`
;   @param.keyword-only  `*` alone: the parameters after it are passed by keyword only
;   @param.positional-only  `/`: the parameters before it are passed by position only
;   @param.name          the name a keyword argument would use
; A first parameter named as a receiver (registry selfNames: `self`, `cls`) is not passed
; when the call goes through an object (`obj.m(...)`).

(function_definition parameters: (parameters) @params)
(parameters (identifier) @param @param.name)
(parameters (typed_parameter . (identifier) @param.name) @param)
(parameters (default_parameter name: (identifier) @param.name) @param.optional)
(parameters (typed_default_parameter name: (identifier) @param.name) @param.optional)
(parameters (list_splat_pattern) @param.rest)
(parameters (typed_parameter (list_splat_pattern)) @param.rest)
(parameters (dictionary_splat_pattern) @param.kwrest)
(parameters (typed_parameter (dictionary_splat_pattern)) @param.kwrest)
(parameters (keyword_separator) @param.keyword-only)
(parameters (positional_separator) @param.positional-only)
