; Imports (@import, @import.name): compiled after outline.scm where an outline lists them; `changed`, which
; compares definitions only, leaves them out (see loadQuery in src/core/parse/parser.ts).
((argument_list . (string (string_content) @import)) @_args
 (#parent? @_args "^call\\.arguments$")
 (#field-text? @_args "method" "^(require|require_relative|load|autoload)$"))
