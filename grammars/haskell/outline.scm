; Haskell outline query. Captures: see src/core/outline/extract.ts.
; A type signature and the equations below it are one function (registry `mergeClauses`);
; only declarations at the top level and in class and instance bodies are outlined (not the
; bindings of `where` and `let`).

; `module M (exports) where` runs to the end of the file (registry `spanToParentEnd`), so every
; top-level name is qualified by the module: `Data.Shape.area`.
(header module: (module) @name) @definition.module

(data_type name: (name) @name constructors: [(data_constructors) (gadt_constructors)] @body) @definition.type
(data_type name: (name) @name) @definition.type
(newtype name: (name) @name) @definition.type
(type_synomym name: (name) @name) @definition.type
(type_family name: (name) @name) @definition.type
(data_family name: (name) @name) @definition.type
(class name: (name) @name declarations: (class_declarations) @body) @definition.class
(class name: (name) @name) @definition.class
(instance name: (name) @name declarations: (instance_declarations) @body) @definition.impl
(instance name: (name) @name) @definition.impl

; Data constructors and record fields, inside their type.
(data_constructor constructor: [(prefix name: (constructor) @name) (record name: (constructor) @name) (infix operator: (constructor_operator) @name)]) @definition.constructor
(newtype_constructor name: (constructor) @name) @definition.constructor
(gadt_constructor name: (constructor) @name) @definition.constructor
(field name: (field_name (variable) @name)) @definition.field

((signature name: [(variable) (prefix_id)] @name) @declaration.function
 (#ancestors? @declaration.function "^(declarations|class_declarations|instance_declarations) "))
((function name: (variable) @name match: (match) @body) @definition.function
 (#ancestors? @definition.function "^(declarations|class_declarations|instance_declarations) "))
((function name: (variable) @name) @definition.function
 (#ancestors? @definition.function "^(declarations|class_declarations|instance_declarations) "))
((function (infix operator: (operator) @name)) @definition.function
 (#ancestors? @definition.function "^(declarations|class_declarations|instance_declarations) "))
((bind name: (variable) @name match: (match) @body) @definition.function
 (#ancestors? @definition.function "^(declarations|class_declarations|instance_declarations) "))
((bind name: (variable) @name) @definition.function
 (#ancestors? @definition.function "^(declarations|class_declarations|instance_declarations) "))
