; Imports (@import, @import.name): compiled after outline.scm where an outline lists them; `changed`, which
; compares definitions only, leaves them out (see loadQuery in src/core/parse/parser.ts).
(import_statement name: (dotted_name) @import)
(import_statement name: (aliased_import name: (dotted_name) @import))
(import_from_statement module_name: (_) @import name: (dotted_name) @import.name)
(import_from_statement module_name: (_) @import name: (aliased_import name: (dotted_name) @import.name))
(import_from_statement module_name: (_) @import (wildcard_import) @import.name)
