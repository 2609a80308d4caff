; TypeScript receiver types (captures: see grammars/javascript/receivers.scm): JavaScript's
; patterns (not inherited: TypeScript names a class field `public_field_definition`), and what
; TypeScript writes on top: annotations, parameter properties, `extends` and `implements`
; clauses, declared return types. An assignment does not bind: it keeps the declared (or
; inferred) type, which the compiler checks. Only a plain named type (`C`, `ns.C`, `C<T>`)
; types a name; a union, an array or a function type does not.

(function_declaration) @scope
(generator_function_declaration) @scope
(function_expression) @scope
(arrow_function) @scope
(method_definition) @scope

(class_declaration name: (_) @class.name) @class
(class name: (_) @class.name) @class

(variable_declarator name: (identifier) @bind.name value: (new_expression constructor: (_) @bind.new))
(variable_declarator name: (identifier) @bind.name value: (call_expression function: (identifier) @bind.call))
(variable_declarator name: (identifier) @bind.name)
(assignment_expression left: (member_expression object: (this)) @bind.name right: (new_expression constructor: (_) @bind.new))
(assignment_expression left: (member_expression object: (this)) @bind.name)
(arrow_function parameter: (identifier) @bind.name)
(for_in_statement left: (identifier) @bind.name)
(catch_clause parameter: (identifier) @bind.name)
(shorthand_property_identifier_pattern) @bind.name
(pair_pattern value: (identifier) @bind.name)
(array_pattern (identifier) @bind.name)
(rest_pattern (identifier) @bind.name)

(abstract_class_declaration name: (_) @class.name) @class
(class_declaration name: (_) @class.name (class_heritage (extends_clause value: (_) @class.base))) @class
(abstract_class_declaration name: (_) @class.name (class_heritage (extends_clause value: (_) @class.base))) @class
(class_declaration name: (_) @class.name (class_heritage (implements_clause [(type_identifier) (nested_type_identifier)] @class.base))) @class
(class_declaration name: (_) @class.name (class_heritage (implements_clause (generic_type name: (_) @class.base)))) @class
(abstract_class_declaration name: (_) @class.name (class_heritage (implements_clause [(type_identifier) (nested_type_identifier)] @class.base))) @class
(abstract_class_declaration name: (_) @class.name (class_heritage (implements_clause (generic_type name: (_) @class.base)))) @class
(interface_declaration name: (_) @class.name) @class
(interface_declaration name: (_) @class.name (extends_type_clause type: [(type_identifier) (nested_type_identifier)] @class.base)) @class
(interface_declaration name: (_) @class.name (extends_type_clause type: (generic_type name: (_) @class.base))) @class

(required_parameter pattern: (identifier) @bind.name)
(optional_parameter pattern: (identifier) @bind.name)
(required_parameter pattern: (identifier) @bind.name type: (type_annotation [(type_identifier) (nested_type_identifier)] @bind.type))
(required_parameter pattern: (identifier) @bind.name type: (type_annotation (generic_type name: (_) @bind.type)))
(optional_parameter pattern: (identifier) @bind.name type: (type_annotation [(type_identifier) (nested_type_identifier)] @bind.type))
(optional_parameter pattern: (identifier) @bind.name type: (type_annotation (generic_type name: (_) @bind.type)))
(required_parameter (accessibility_modifier) pattern: (identifier) @bind.member type: (type_annotation [(type_identifier) (nested_type_identifier)] @bind.type))
(required_parameter (accessibility_modifier) pattern: (identifier) @bind.member type: (type_annotation (generic_type name: (_) @bind.type)))
(optional_parameter (accessibility_modifier) pattern: (identifier) @bind.member type: (type_annotation [(type_identifier) (nested_type_identifier)] @bind.type))
(required_parameter (accessibility_modifier) pattern: (identifier) @bind.member)
(optional_parameter (accessibility_modifier) pattern: (identifier) @bind.member)

(variable_declarator name: (identifier) @bind.name type: (type_annotation [(type_identifier) (nested_type_identifier)] @bind.type))
(variable_declarator name: (identifier) @bind.name type: (type_annotation (generic_type name: (_) @bind.type)))
(variable_declarator name: (identifier) @bind.name value: (as_expression (_) [(type_identifier) (nested_type_identifier)] @bind.type))
(public_field_definition name: (property_identifier) @bind.name)
(public_field_definition name: (property_identifier) @bind.name value: (new_expression constructor: (_) @bind.new))
(public_field_definition name: (property_identifier) @bind.name type: (type_annotation [(type_identifier) (nested_type_identifier)] @bind.type))
(public_field_definition name: (property_identifier) @bind.name type: (type_annotation (generic_type name: (_) @bind.type)))

(function_declaration name: (_) @returns.name return_type: (type_annotation [(type_identifier) (nested_type_identifier)] @returns.type))
(function_declaration name: (_) @returns.name return_type: (type_annotation (generic_type name: (_) @returns.type)))
(variable_declarator name: (identifier) @returns.name value: (arrow_function return_type: (type_annotation [(type_identifier) (nested_type_identifier)] @returns.type)))
(variable_declarator name: (identifier) @returns.name value: (arrow_function return_type: (type_annotation (generic_type name: (_) @returns.type))))
(method_definition name: (_) @returns.name return_type: (type_annotation [(type_identifier) (nested_type_identifier)] @returns.type))
(method_definition name: (_) @returns.name return_type: (type_annotation (generic_type name: (_) @returns.type)))

(call_expression function: (member_expression object: (call_expression function: [(identifier) (member_expression)] @chain.callee) property: (_) @chain.name)) @chain.call
(call_expression function: (member_expression object: (new_expression constructor: (_) @chain.new) property: (_) @chain.name)) @chain.call
(call_expression function: (member_expression object: (parenthesized_expression (new_expression constructor: (_) @chain.new)) property: (_) @chain.name)) @chain.call
