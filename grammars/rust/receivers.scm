; Rust receiver types (captures: see grammars/javascript/receivers.scm). A struct, enum or trait
; is a class; an `impl` block is its type's class too (`self` inside it), with the trait it
; implements as a base. `let x: C`, `x: &C`, `C { .. }` and `C::new()` (a function declaring it
; returns `C` or `Self`) type `x`.

(function_item) @scope
(closure_expression) @scope

(struct_item name: (_) @class.name) @class
(enum_item name: (_) @class.name) @class
(trait_item name: (_) @class.name) @class
(trait_item name: (_) @class.name bounds: (trait_bounds [(type_identifier) (scoped_type_identifier)] @class.base)) @class
(impl_item type: [(type_identifier) (scoped_type_identifier)] @class.name) @class
(impl_item type: (generic_type type: (_) @class.name)) @class
(impl_item trait: [(type_identifier) (scoped_type_identifier)] @class.base type: [(type_identifier) (scoped_type_identifier)] @class.name) @class

(field_declaration name: (_) @bind.name)
(field_declaration name: (_) @bind.name type: [(type_identifier) (scoped_type_identifier) (reference_type type: [(type_identifier) (scoped_type_identifier)])] @bind.type)
(field_declaration name: (_) @bind.name type: (generic_type type: (_) @bind.type) (#not-match? @bind.type "^(Option|Vec|Result|Rc|Arc|Box|RefCell|Cell|Mutex|RwLock|HashMap|BTreeMap|HashSet)$"))
(parameter pattern: (identifier) @bind.name)
(parameter pattern: (identifier) @bind.name type: [(type_identifier) (scoped_type_identifier) (reference_type type: [(type_identifier) (scoped_type_identifier)])] @bind.type)
(closure_parameters (identifier) @bind.name)
(let_declaration pattern: (identifier) @bind.name)
(let_declaration pattern: (identifier) @bind.name type: [(type_identifier) (scoped_type_identifier) (reference_type type: [(type_identifier) (scoped_type_identifier)])] @bind.type)
(let_declaration pattern: (identifier) @bind.name value: (struct_expression name: [(type_identifier) (scoped_type_identifier)] @bind.new))
(let_declaration pattern: (identifier) @bind.name value: (call_expression function: [(identifier) (scoped_identifier)] @bind.call))
(let_declaration pattern: (mut_pattern (identifier) @bind.name))
(let_declaration pattern: (mut_pattern (identifier) @bind.name) type: [(type_identifier) (scoped_type_identifier)] @bind.type)
(let_declaration pattern: (mut_pattern (identifier) @bind.name) value: (struct_expression name: [(type_identifier) (scoped_type_identifier)] @bind.new))
(let_declaration pattern: (mut_pattern (identifier) @bind.name) value: (call_expression function: [(identifier) (scoped_identifier)] @bind.call))
(for_expression pattern: (identifier) @bind.name)
(tuple_pattern (identifier) @bind.name)
(tuple_struct_pattern (identifier) @bind.name)
(struct_pattern (field_pattern name: (_) @bind.name))
(ref_pattern (identifier) @bind.name)
(captured_pattern (identifier) @bind.name)
(match_arm pattern: (match_pattern (identifier) @bind.name))

(function_item name: (_) @returns.name return_type: [(type_identifier) (scoped_type_identifier)] @returns.type)

(call_expression function: (field_expression value: (call_expression function: [(identifier) (scoped_identifier)] @chain.callee) field: (field_identifier) @chain.name)) @chain.call
