; `@import url("base.css")`, `@import "theme.css"`: the imported file.
(import_statement (call_expression (arguments (string_value (string_content) @import))))
(import_statement (string_value (string_content) @import))
(import_statement (call_expression (arguments (plain_value) @import)))
