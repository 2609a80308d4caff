; Imports (@import, @import.name): compiled after outline.scm where an outline lists them.
; `using A, B.C`, `import A`, `using A: x, y` (A with the names it takes), `import ..Sibling`.
(using_statement [(identifier) (scoped_identifier) (import_path)] @import)
(import_statement [(identifier) (scoped_identifier) (import_path)] @import)
(using_statement (selected_import . [(identifier) (scoped_identifier) (import_path)] @import [(identifier) (operator) (macro_identifier)] @import.name))
(import_statement (selected_import . [(identifier) (scoped_identifier) (import_path)] @import [(identifier) (operator) (macro_identifier)] @import.name))
(using_statement (import_alias . [(identifier) (scoped_identifier) (import_path)] @import))
(import_statement (import_alias . [(identifier) (scoped_identifier) (import_path)] @import))
(using_statement (selected_import . [(identifier) (scoped_identifier) (import_path)] @import (import_alias . [(identifier) (macro_identifier)] @import.name)))
(import_statement (selected_import . [(identifier) (scoped_identifier) (import_path)] @import (import_alias . [(identifier) (macro_identifier)] @import.name)))
