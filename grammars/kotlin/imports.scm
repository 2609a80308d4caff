; Imports (@import, @import.name): compiled after outline.scm where an outline lists them; `changed`, which
; compares definitions only, leaves them out (see loadQuery in src/core/parse/parser.ts).
; `import a.b.C` and `import a.b.C as D` import a.b.C; `import a.b.*` is a.b.*
(import (qualified_identifier) @import "*"? @import.name)
