; Elm outline query. Captures: see src/core/outline/extract.ts.
; `module M exposing (…)` runs to the end of the file (registry `spanToParentEnd`), so top-level
; names are qualified the Elm way (`Page.Home.update`); a type annotation and the definition
; below it are one function (registry `mergeClauses`).
(module_declaration name: (upper_case_qid) @name) @definition.module
(type_alias_declaration name: (upper_case_identifier) @name typeExpression: (_) @body) @definition.type
(type_declaration name: (upper_case_identifier) @name) @definition.type
(union_variant name: (upper_case_identifier) @name) @definition.constructor
((type_annotation name: (lower_case_identifier) @name) @declaration.function
 (#ancestors? @declaration.function "^file$"))
((value_declaration functionDeclarationLeft: (function_declaration_left . (lower_case_identifier) @name) body: (_) @body) @definition.function
 (#ancestors? @definition.function "^file$"))
(port_annotation name: (lower_case_identifier) @name) @declaration.function
