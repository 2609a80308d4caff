; Imports (@import, @import.name): compiled after outline.scm where an outline lists them; `changed`, which
; compares definitions only, leaves them out (see loadQuery in src/core/parse/parser.ts).
; `source FILE` and `. FILE`.
((command name: (command_name (word) @_source) . argument: (_) @import)
 (#match? @_source "^(source|\\.)$"))
