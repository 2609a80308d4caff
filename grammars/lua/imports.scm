; Imports (@import, @import.name): compiled after outline.scm where an outline lists them; `changed`, which
; compares definitions only, leaves them out (see loadQuery in src/core/parse/parser.ts).
; `require("x")`, `require "x"`, `require('x')` anywhere: the imports.
((function_call
   name: (identifier) @_require
   arguments: (arguments . (string content: (string_content) @import)))
 (#eq? @_require "require"))
