; Imports (@import, @import.name): compiled after outline.scm where an outline lists them; `changed`, which
; compares definitions only, leaves them out (see loadQuery in src/core/parse/parser.ts).
(import_statement source: (string (string_fragment) @import))
(import_require_clause source: (string (string_fragment) @import))
(export_statement source: (string (string_fragment) @import))
((arguments . (string (string_fragment) @import) .) @_call
 (#parent? @_call "^call_expression\\.arguments$")
 (#field-text? @_call "function" "^require$"))
