; Java receiver types (captures: see grammars/javascript/receivers.scm). A declared type (`C x`,
; `C<T> x`, `a.b.C x`) types the name; `var x = new C()` takes the constructed class.

(method_declaration) @scope
(constructor_declaration) @scope
(lambda_expression) @scope

(class_declaration name: (_) @class.name) @class
(class_declaration name: (_) @class.name superclass: (superclass [(type_identifier) (scoped_type_identifier)] @class.base)) @class
(class_declaration name: (_) @class.name superclass: (superclass (generic_type . (_) @class.base))) @class
(class_declaration name: (_) @class.name interfaces: (super_interfaces (type_list [(type_identifier) (scoped_type_identifier)] @class.base))) @class
(class_declaration name: (_) @class.name interfaces: (super_interfaces (type_list (generic_type . (_) @class.base)))) @class
(interface_declaration name: (_) @class.name) @class
(interface_declaration name: (_) @class.name (extends_interfaces (type_list [(type_identifier) (scoped_type_identifier)] @class.base))) @class
(interface_declaration name: (_) @class.name (extends_interfaces (type_list (generic_type . (_) @class.base)))) @class
(enum_declaration name: (_) @class.name) @class
(record_declaration name: (_) @class.name) @class

(local_variable_declaration declarator: (variable_declarator name: (_) @bind.name))
(local_variable_declaration type: [(type_identifier) (scoped_type_identifier)] @bind.type declarator: (variable_declarator name: (_) @bind.name) (#not-eq? @bind.type "var"))
(local_variable_declaration type: (generic_type . (_) @bind.type) declarator: (variable_declarator name: (_) @bind.name))
(local_variable_declaration declarator: (variable_declarator name: (_) @bind.name value: (object_creation_expression type: [(type_identifier) (scoped_type_identifier)] @bind.new)))
(local_variable_declaration declarator: (variable_declarator name: (_) @bind.name value: (object_creation_expression type: (generic_type . (_) @bind.new))))
(field_declaration declarator: (variable_declarator name: (_) @bind.name))
(field_declaration type: [(type_identifier) (scoped_type_identifier)] @bind.type declarator: (variable_declarator name: (_) @bind.name))
(field_declaration type: (generic_type . (_) @bind.type) declarator: (variable_declarator name: (_) @bind.name))
(formal_parameter name: (_) @bind.name)
(formal_parameter type: [(type_identifier) (scoped_type_identifier)] @bind.type name: (_) @bind.name)
(formal_parameter type: (generic_type . (_) @bind.type) name: (_) @bind.name)
(spread_parameter (variable_declarator name: (_) @bind.name))
(catch_formal_parameter name: (_) @bind.name)
(enhanced_for_statement name: (_) @bind.name)
(enhanced_for_statement type: [(type_identifier) (scoped_type_identifier)] @bind.type name: (_) @bind.name (#not-eq? @bind.type "var"))
(resource name: (_) @bind.name)
(resource type: [(type_identifier) (scoped_type_identifier)] @bind.type name: (_) @bind.name (#not-eq? @bind.type "var"))
(inferred_parameters (identifier) @bind.name)
(lambda_expression parameters: (identifier) @bind.name)
(assignment_expression left: (identifier) @bind.name)
(assignment_expression left: (field_access object: (this)) @bind.name)

(method_declaration type: [(type_identifier) (scoped_type_identifier)] @returns.type name: (_) @returns.name)
(method_declaration type: (generic_type . (_) @returns.type) name: (_) @returns.name)

(method_invocation object: (object_creation_expression type: [(type_identifier) (scoped_type_identifier)] @chain.new) name: (identifier) @chain.name) @chain.call
(method_invocation object: (object_creation_expression type: (generic_type . (_) @chain.new)) name: (identifier) @chain.name) @chain.call
(method_invocation object: (method_invocation !object name: (identifier) @chain.callee) name: (identifier) @chain.name) @chain.call
