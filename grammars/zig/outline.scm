; Zig outline query. Captures: see src/core/outline/extract.ts.
; A container is a `const` bound to `struct`/`enum`/`union`/`opaque`/`error{…}`, wherever it is
; (in a function body too); its fields and declarations nest in it (`Point.init`). Other
; declarations in function bodies are not outlined.

(variable_declaration (identifier) @name (struct_declaration)) @definition.struct
(variable_declaration (identifier) @name (union_declaration)) @definition.struct
(variable_declaration (identifier) @name (opaque_declaration)) @definition.struct
(variable_declaration (identifier) @name [(enum_declaration) (error_set_declaration)]) @definition.enum

(function_declaration name: (identifier) @name body: (block) @body) @definition.function
(function_declaration name: (identifier) @name) @declaration.function
(test_declaration [(string (string_content) @name) (identifier) @name] (block) @body) @definition.function
(container_field name: (identifier) @name) @definition.field

; Other `const`/`var` declarations of a file or container (not `@import` aliases: imports).
((variable_declaration "var" (identifier) @name) @definition.variable
 (#ancestors? @definition.variable "^(source_file|struct_declaration|enum_declaration|union_declaration|opaque_declaration)( |$)"))
((variable_declaration (identifier) @name) @definition.constant
 (#ancestors? @definition.constant "^(source_file|struct_declaration|enum_declaration|union_declaration|opaque_declaration)( |$)")
 (#not-match? @definition.constant "^(pub\\s+)?const\\s+\\S+\\s*=\\s*@import\\("))
