; Imports (@import): compiled after outline.scm where an outline lists them.
; `use Module …` (not pragmas, which are lower case: strict, warnings, constant, parent, …),
; `require Module`.
((use_statement module: (package) @import) (#match? @import "^[A-Z]"))
(require_expression (bareword) @import)
