; Bash / POSIX shell outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. Comments directly above are the doc.

; `f() { ... }`, `function f { ... }`, `function f() { ... }`.
(function_definition name: (word) @name body: (_) @body) @definition.function

; Top-level assignments (the script's settings): UPPER_CASE are constants (the registry's
; `constantNames`), the rest variables.
; `readonly` / `export` / `declare` stay in the range and the signature.
(program (declaration_command (variable_assignment name: (variable_name) @name)) @definition.variable)
(program (variable_assignment name: (variable_name) @name) @definition.variable)
