; Kotlin outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. Annotations sit inside a declaration's
; `modifiers`: they are in its range already (and left out of the signature by
; signatureSkipTypes). The grammar (tree-sitter-kotlin 1.x) names few fields: a declaration's
; `name`, the rest is positional.

(class_declaration "interface" name: (_) @name (class_body)? @body) @definition.interface
(class_declaration name: (_) @name (enum_class_body) @body) @definition.enum
(class_declaration name: (_) @name (class_body)? @body) @definition.class
(object_declaration name: (_) @name (class_body)? @body) @definition.class
; A named companion is a class of its own; an unnamed one is not a definition, so its
; members nest under the enclosing class (`Item.parse`), as they are called.
(companion_object name: (_) @name (class_body)? @body) @definition.class

(secondary_constructor "constructor" @name (block)? @body) @definition.constructor

; `fun List<Item>.total()`: an extension function is qualified by its receiver type. A
; function without a body (interfaces, `abstract`, `expect`) is a declaration.
(function_declaration [(user_type) (nullable_type)] @qualifier . name: (_) @name (function_body) @body) @definition.function
(function_declaration name: (_) @name (function_body) @body) @definition.function
(function_declaration [(user_type) (nullable_type)] @qualifier . name: (_) @name) @declaration.function
(function_declaration name: (_) @name) @declaration.function

; Properties of classes and objects, and `val`/`var` parameters of a primary constructor.
; `val (a, b) = p` defines both names. A property's get()/set() are in its range, out of its
; signature.
((property_declaration [(variable_declaration (identifier) @name) (multi_variable_declaration (variable_declaration (identifier) @name))] [(getter) (setter)] @body) @definition.property
 (#ancestors? @definition.property "^(class_body|enum_class_body)"))
((property_declaration [(variable_declaration (identifier) @name) (multi_variable_declaration (variable_declaration (identifier) @name))]) @definition.property
 (#ancestors? @definition.property "^(class_body|enum_class_body)"))
(class_parameter ["val" "var"] . (identifier) @name) @definition.property
; Top-level `val`/`var`: a constant when written like one (constantNames) or `const val`.
((property_declaration (modifiers (property_modifier) @_const) (variable_declaration (identifier) @name)) @definition.constant
 (#eq? @_const "const")
 (#ancestors? @definition.constant "^source_file"))
((property_declaration [(variable_declaration (identifier) @name) (multi_variable_declaration (variable_declaration (identifier) @name))] [(getter) (setter)] @body) @definition.variable
 (#ancestors? @definition.variable "^source_file"))
((property_declaration [(variable_declaration (identifier) @name) (multi_variable_declaration (variable_declaration (identifier) @name))]) @definition.variable
 (#ancestors? @definition.variable "^source_file"))

(enum_entry (identifier) @name) @definition.constant
(type_alias type: (identifier) @name) @definition.type
