; JavaScript receiver types (changed --impact: which class a method call's receiver is, as far
; as syntax says). Captures (core/calls/receivers.ts):
;   @scope                       a function: the locals and parameters bound inside it
;   @class / @class.name / @class.base   a class, its name, each base it extends
;   @bind.name                   a name bound in the innermost scope (a field in a class body,
;                                or `this.x`), typed by what comes with it, if anything:
;     @bind.type                 a type written for it (`x: C`)
;     @bind.new                  the class constructed (`x = new C()`)
;     @bind.call                 the function called (`x = make()`): its declared return type
;   @bind.member                 a parameter that is also a field of the class (`private x: C`)
;   @bind.def                    with @bind.name: the definition it names (bound around it, not in it)
;   @returns.name / @returns.type   a function and the type it declares it returns
; A name bound twice in one scope with different types (or once without) has no type.

(function_declaration) @scope
(generator_function_declaration) @scope
(function_expression) @scope
(arrow_function) @scope
(method_definition) @scope

(class_declaration name: (_) @class.name) @class
(class_declaration name: (_) @class.name (class_heritage (identifier) @class.base)) @class
(class name: (_) @class.name) @class

(variable_declarator name: (identifier) @bind.name value: (new_expression constructor: (_) @bind.new))
(variable_declarator name: (identifier) @bind.name value: (call_expression function: (identifier) @bind.call))
(variable_declarator name: (identifier) @bind.name)
(assignment_expression left: (identifier) @bind.name)
(assignment_expression left: (member_expression object: (this)) @bind.name right: (new_expression constructor: (_) @bind.new))
(assignment_expression left: (member_expression object: (this)) @bind.name)
(field_definition property: (property_identifier) @bind.name value: (new_expression constructor: (_) @bind.new))
(field_definition property: (property_identifier) @bind.name)
(formal_parameters (identifier) @bind.name)
(formal_parameters (assignment_pattern left: (identifier) @bind.name))
(arrow_function parameter: (identifier) @bind.name)
(for_in_statement left: (identifier) @bind.name)
(catch_clause parameter: (identifier) @bind.name)
(shorthand_property_identifier_pattern) @bind.name
(pair_pattern value: (identifier) @bind.name)
(array_pattern (identifier) @bind.name)
(rest_pattern (identifier) @bind.name)

; A call on what a call returns or a construction makes: @chain.call, its called name
; @chain.name, and @chain.callee (the inner call's function) or @chain.new (the class constructed).
(call_expression function: (member_expression object: (call_expression function: [(identifier) (member_expression)] @chain.callee) property: (_) @chain.name)) @chain.call
(call_expression function: (member_expression object: (new_expression constructor: (_) @chain.new) property: (_) @chain.name)) @chain.call
(call_expression function: (member_expression object: (parenthesized_expression (new_expression constructor: (_) @chain.new)) property: (_) @chain.name)) @chain.call
