; Imports (@import, @import.name): compiled after outline.scm where an outline lists them; `changed`, which
; compares definitions only, leaves them out (see loadQuery in src/core/parse/parser.ts).
(use_declaration argument: [(scoped_identifier) (identifier)] @import)
(use_declaration argument: (use_as_clause path: (_) @import))
(use_declaration argument: (use_wildcard) @import)
(use_declaration argument: (scoped_use_list path: (_) @import list: (use_list [(identifier) (scoped_identifier)] @import.name)))
(use_declaration argument: (scoped_use_list path: (_) @import list: (use_list (use_as_clause path: (_) @import.name))))
