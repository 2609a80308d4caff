; Swift outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. `struct`, `class`, `enum`, `actor` and
; `extension` are all class_declaration, told apart by their keyword. Attributes sit inside a
; declaration's `modifiers`: in its range already (and out of its signature).

(class_declaration "struct" name: (type_identifier) @name body: (_) @body) @definition.struct
(class_declaration "enum" name: (type_identifier) @name body: (_) @body) @definition.enum
; `extension Item: P { }` is an impl of Item: its members are `Item.x`.
(class_declaration "extension" name: (_) @name body: (_) @body) @definition.impl
(class_declaration name: (type_identifier) @name body: (_) @body) @definition.class
(protocol_declaration name: (type_identifier) @name body: (_) @body) @definition.interface

(init_declaration "init" @name body: (_)? @body) @definition.constructor
(deinit_declaration "deinit" @name body: (_) @body) @definition.function
(subscript_declaration "subscript" @name) @definition.function
; Its body is found by the registry's bodyTypes: pairing @name with @body here costs
; ~0.5 s of query compile time in this grammar. The name is the node after `func`: an
; identifier, or an operator (`static func ==`); later `name:` fields are types.
(function_declaration "func" . name: _ @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @declaration.function
(protocol_property_declaration name: (pattern (simple_identifier) @name)) @declaration.property

; Stored and computed properties of types; top-level `let` (constant) and `var` (variable).
((property_declaration name: (pattern (simple_identifier) @name)) @definition.property
 (#ancestors? @definition.property "^(class_body|enum_class_body)"))
((property_declaration (value_binding_pattern "let") name: (pattern (simple_identifier) @name)) @definition.constant
 (#ancestors? @definition.constant "^source_file"))
((property_declaration name: (pattern (simple_identifier) @name)) @definition.variable
 (#ancestors? @definition.variable "^source_file"))

(enum_entry name: (simple_identifier) @name @definition.constant)
(typealias_declaration name: (type_identifier) @name) @definition.type
(associatedtype_declaration name: (type_identifier) @name) @definition.type
