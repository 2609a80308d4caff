; Kotlin outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. This grammar has no field names, so
; patterns are positional. Annotations sit inside a declaration's `modifiers`: they are in
; its range already (and left out of the signature by signatureSkipTypes).

(class_declaration "interface" (type_identifier) @name (class_body)? @body) @definition.interface
(class_declaration (type_identifier) @name (enum_class_body) @body) @definition.enum
(class_declaration (type_identifier) @name (class_body)? @body) @definition.class
(object_declaration (type_identifier) @name (class_body)? @body) @definition.class
; A named companion is a class of its own; an unnamed one is not a definition, so its
; members nest under the enclosing class (`Item.parse`), as they are called.
(companion_object (type_identifier) @name (class_body)? @body) @definition.class

(secondary_constructor "constructor" @name "{"? @body) @definition.constructor

; `fun List<Item>.total()`: an extension function is qualified by its receiver type.
(function_declaration [(user_type) (nullable_type)] @qualifier . (simple_identifier) @name (function_body)? @body) @definition.function
(function_declaration (simple_identifier) @name (function_body)? @body) @definition.function

; Properties of classes and objects, and `val`/`var` parameters of a primary constructor.
((property_declaration (variable_declaration (simple_identifier) @name)) @definition.property
 (#ancestors? @definition.property "^(class_body|enum_class_body)"))
(class_parameter (binding_pattern_kind) . (simple_identifier) @name) @definition.property
; Top-level `val`/`var`: a constant when written like one (constantNames) or `const val`.
((property_declaration (modifiers (property_modifier) @_const) (variable_declaration (simple_identifier) @name)) @definition.constant
 (#eq? @_const "const")
 (#ancestors? @definition.constant "^source_file"))
((property_declaration (variable_declaration (simple_identifier) @name)) @definition.variable
 (#ancestors? @definition.variable "^source_file"))

(enum_entry (simple_identifier) @name) @definition.constant
(type_alias (type_identifier) @name) @definition.type
