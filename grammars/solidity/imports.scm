; Imports (@import): compiled after outline.scm where an outline lists them. `import "…";`,
; `import {A} from "…";`.
(import_directive source: (string) @import)
