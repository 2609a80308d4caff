; Imports (@import, @import.name): compiled after outline.scm where an outline lists them; `changed`, which
; compares definitions only, leaves them out (see loadQuery in src/core/parse/parser.ts).
(namespace_use_clause (qualified_name) @import)
(namespace_use_declaration (namespace_name) @import body: (namespace_use_group (namespace_use_clause (name) @import.name)))
(namespace_use_declaration (namespace_use_clause . (name) @import .))
(require_expression (string (string_content) @import))
(require_once_expression (string (string_content) @import))
(include_expression (string (string_content) @import))
(include_once_expression (string (string_content) @import))
