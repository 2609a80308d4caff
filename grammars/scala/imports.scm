; Imports (@import, @import.name): compiled after outline.scm where an outline lists them; `changed`, which
; compares definitions only, leaves them out (see loadQuery in src/core/parse/parser.ts).
; `import a.b.{C, D => E}` imports a.b.C and a.b.D; `import a.b._` is a.b._
(import_declaration path: (_) @import .)
(import_declaration path: (_) @import (wildcard) @import.name)
(import_declaration path: (_) @import (import_selectors (identifier) @import.name))
(import_declaration path: (_) @import (import_selectors (renamed_identifier name: (identifier) @import.name)))
