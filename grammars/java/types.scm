; Type positions (core/tests/prose.ts): a name there constructs nothing, so it is not a use of a
; constructor or a method (`tests` still counts it for a class itself). A constructor's parameters
; and fields (@keep) stay: injection frameworks build what their types name.
(local_variable_declaration type: (_) @type)
(formal_parameter type: (_) @type)
(method_declaration type: (_) @type)
(type_arguments) @type
(cast_expression type: (_) @type)
(constructor_declaration parameters: (formal_parameters) @keep)
(field_declaration type: (_) @keep)
