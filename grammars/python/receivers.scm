; Python receiver types (captures: see grammars/javascript/receivers.scm). `x = C()` is a call:
; it types `x` when `C` is a class, or a function that declares its return type. Only a plain
; name (`C`, `mod.C`, `"C"`) types a name; `Optional[C]`, `list[C]` do not.

(function_definition) @scope
(lambda) @scope

(class_definition name: (_) @class.name) @class
(class_definition name: (_) @class.name superclasses: (argument_list [(identifier) (attribute)] @class.base)) @class
(class_definition name: (_) @class.name superclasses: (argument_list (subscript value: [(identifier) (attribute)] @class.base))) @class

(assignment left: [(identifier) (attribute object: (identifier))] @bind.name)
(assignment left: [(identifier) (attribute object: (identifier))] @bind.name right: (call function: [(identifier) (attribute)] @bind.call))
(assignment left: [(identifier) (attribute object: (identifier))] @bind.name type: (type [(identifier) (attribute)] @bind.type))
(assignment left: [(identifier) (attribute object: (identifier))] @bind.name type: (type (string (string_content) @bind.type)))
(augmented_assignment left: (identifier) @bind.name)
(function_definition name: (identifier) @bind.name) @bind.def
(class_definition name: (identifier) @bind.name) @bind.def
(parameters (identifier) @bind.name)
(lambda_parameters (identifier) @bind.name)
(default_parameter name: (identifier) @bind.name)
(typed_parameter (identifier) @bind.name)
(typed_parameter (identifier) @bind.name type: (type [(identifier) (attribute)] @bind.type))
(typed_parameter (identifier) @bind.name type: (type (string (string_content) @bind.type)))
(typed_default_parameter name: (identifier) @bind.name)
(typed_default_parameter name: (identifier) @bind.name type: (type [(identifier) (attribute)] @bind.type))
(list_splat_pattern (identifier) @bind.name)
(dictionary_splat_pattern (identifier) @bind.name)
(for_statement left: (identifier) @bind.name)
(for_in_clause left: (identifier) @bind.name)
(pattern_list (identifier) @bind.name)
(tuple_pattern (identifier) @bind.name)
(as_pattern_target (identifier) @bind.name)
(named_expression name: (identifier) @bind.name)
(global_statement (identifier) @bind.name)
(nonlocal_statement (identifier) @bind.name)

(function_definition name: (_) @returns.name return_type: (type [(identifier) (attribute)] @returns.type))
(function_definition name: (_) @returns.name return_type: (type (string (string_content) @returns.type)))

(call function: (attribute object: (call function: [(identifier) (attribute)] @chain.callee) attribute: (identifier) @chain.name)) @chain.call
