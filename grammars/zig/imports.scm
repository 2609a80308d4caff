; Imports (@import): compiled after outline.scm where an outline lists them. `@import("std")`.
((builtin_function (builtin_identifier) @_b (arguments (string (string_content) @import)))
 (#eq? @_b "@import"))
