; Go receiver types (captures: see grammars/javascript/receivers.scm). A struct is a class, its
; embedded fields its bases; a method's receiver is a typed parameter. `x := C{}`, `&C{}`,
; `var x *C` and `x := NewC()` (a function declaring it returns `C` or `*C`) type `x`.

(function_declaration) @scope
(method_declaration) @scope
(func_literal) @scope

(type_spec name: (_) @class.name type: [(struct_type) (interface_type)]) @class
(type_spec name: (_) @class.name type: (struct_type (field_declaration_list (field_declaration !name type: [(type_identifier) (qualified_type) (pointer_type)] @class.base)))) @class

(field_declaration name: (_) @bind.name)
(field_declaration name: (_) @bind.name type: [(type_identifier) (qualified_type) (pointer_type [(type_identifier) (qualified_type)])] @bind.type)
(parameter_declaration name: (_) @bind.name)
(parameter_declaration name: (_) @bind.name type: [(type_identifier) (qualified_type) (pointer_type [(type_identifier) (qualified_type)])] @bind.type)
(variadic_parameter_declaration name: (_) @bind.name)
(var_spec name: (_) @bind.name)
(var_spec name: (_) @bind.name type: [(type_identifier) (qualified_type) (pointer_type [(type_identifier) (qualified_type)])] @bind.type)
(var_spec . name: (_) @bind.name . value: (expression_list . (composite_literal type: [(type_identifier) (qualified_type)] @bind.new) .))
(var_spec . name: (_) @bind.name . value: (expression_list . (unary_expression operand: (composite_literal type: [(type_identifier) (qualified_type)] @bind.new)) .))
(var_spec . name: (_) @bind.name . value: (expression_list . (call_expression function: [(identifier) (selector_expression)] @bind.call) .))
(short_var_declaration left: (expression_list (identifier) @bind.name))
(short_var_declaration left: (expression_list . (identifier) @bind.name .) right: (expression_list . (composite_literal type: [(type_identifier) (qualified_type)] @bind.new) .))
(short_var_declaration left: (expression_list . (identifier) @bind.name .) right: (expression_list . (unary_expression operand: (composite_literal type: [(type_identifier) (qualified_type)] @bind.new)) .))
(short_var_declaration left: (expression_list . (identifier) @bind.name .) right: (expression_list . (call_expression function: [(identifier) (selector_expression)] @bind.call) .))
(assignment_statement left: (expression_list (identifier) @bind.name))
(range_clause left: (expression_list (identifier) @bind.name))
(type_switch_statement alias: (expression_list (identifier) @bind.name))

(function_declaration name: (_) @returns.name result: [(type_identifier) (qualified_type) (pointer_type [(type_identifier) (qualified_type)])] @returns.type)

(call_expression function: (selector_expression operand: (call_expression function: [(identifier) (selector_expression)] @chain.callee) field: (field_identifier) @chain.name)) @chain.call
