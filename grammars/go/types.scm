; Type positions (core/tests/prose.ts) that make no value: parameter and result types, type
; switches and assertions, interface method signatures. A name there is not a use of a function,
; and builds no instance of a type. `var x T`, `T{}`, `new(T)`, `(*T)(p)` and struct fields stay:
; they make one (a zero value, an embedded struct).
(parameter_declaration type: (_) @type)
(variadic_parameter_declaration type: (_) @type)
(function_declaration result: (_) @type)
(method_declaration result: (_) @type)
(func_literal result: (_) @type)
; Every type of a case (a field pattern would match only the first of `case *A, *B:`).
(type_case [(type_identifier) (qualified_type) (pointer_type) (generic_type) (slice_type) (array_type) (map_type) (channel_type) (function_type) (interface_type) (struct_type)] @type)
(type_assertion_expression type: (_) @type)
(method_elem) @type
