; OCaml outline query (implementations .ml and interfaces .mli alike). Captures: see
; src/core/outline/extract.ts. `let`, `type`, `module` definitions take their leading keyword
; into their range and signature through the registry's `wrapperTypes` (value_definition,
; type_definition, module_definition); local `let … in` bindings are not outlined; items in a
; `[%%template …]` extension (attribute_payload) are.

(module_binding (module_name) @name body: [(structure) (signature)] @body) @definition.module
(module_binding (module_name) @name) @definition.module
(module_type_definition (module_type_name) @name body: (signature) @body) @definition.interface
(module_type_definition (module_type_name) @name) @definition.interface

(type_binding name: (type_constructor) @name body: [(variant_declaration) (record_declaration)] @body) @definition.type
(type_binding name: (type_constructor) @name) @definition.type
(constructor_declaration (constructor_name) @name) @definition.constructor
; The tags of a polymorphic variant type (`type t = [ `A | `B ]`).
((tag_specification (tag) @name) @definition.constructor
 (#ancestors? @definition.constructor "^polymorphic_variant_type type_binding"))
(field_declaration (field_name) @name) @definition.field

; A binding with parameters, or bound to `fun`/`function`, is a function; any other a value.
((let_binding pattern: (value_name) @name (parameter) body: (_) @body) @definition.function
 (#ancestors? @definition.function "^value_definition (compilation_unit|structure|object_expression|attribute_payload)"))
((let_binding pattern: (value_name) @name body: [(fun_expression) (function_expression)] @body) @definition.function
 (#ancestors? @definition.function "^value_definition (compilation_unit|structure|object_expression|attribute_payload)"))
((let_binding pattern: (value_name) @name) @definition.variable
 (#ancestors? @definition.variable "^value_definition (compilation_unit|structure|attribute_payload)"))

(value_specification (value_name) @name) @declaration.function
(external (value_name) @name) @declaration.function

(class_binding (class_name) @name body: (_) @body) @definition.class
(class_type_binding (class_type_name) @name) @definition.interface
(method_definition (method_name) @name body: (_) @body) @definition.method
(method_specification (method_name) @name) @declaration.method
(instance_variable_definition (instance_variable_name) @name) @definition.field
