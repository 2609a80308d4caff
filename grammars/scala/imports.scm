; Imports (@import, @import.name): compiled after outline.scm where an outline lists them; `changed`, which
; compares definitions only, leaves them out (see loadQuery in src/core/parse/parser.ts).
; The grammar gives an import's path as a flat run of `path:` children (identifiers and the
; dots between): each is an @import capture, joined as written. `import a.b.{C, D => E}` (or
; `D as E`) imports a.b.C and a.b.D; `import a.b._` is a.b._ and `import a.b.*` a.b.*.
(import_declaration path: _* @import path: (identifier) @import .)
(import_declaration path: _+ @import (namespace_wildcard) @import.name)
(import_declaration path: _+ @import (namespace_selectors [(identifier) (namespace_wildcard)] @import.name))
(import_declaration path: _+ @import (namespace_selectors [(arrow_renamed_identifier name: (identifier) @import.name) (as_renamed_identifier name: (identifier) @import.name)]))
