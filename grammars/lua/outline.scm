; Lua outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. `function M.f()` is qualified by its
; table (`M.f`), `function M:m()` is a method; `local` is inside the node, so in the range.

; `function M.Report:render()`: a method of `M.Report`.
(function_declaration
  name: (method_index_expression table: (_) @qualifier method: (identifier) @name)
  body: (block)? @body) @definition.method
(function_declaration
  name: (dot_index_expression table: (_) @qualifier field: (identifier) @name)
  body: (block)? @body) @definition.function
; `function f()` and `local function f()`.
(function_declaration name: (identifier) @name body: (block)? @body) @definition.function

; A function value bound to a name: `local h = function() end`, `M.g = function() end`,
; `f = function() end`.
(variable_declaration
  (assignment_statement
    (variable_list . name: (identifier) @name)
    (expression_list . value: (function_definition body: (block)? @body)))) @definition.function
; `M["g"] = function() end` is `M.g` too.
(assignment_statement
  (variable_list . name: [
    (dot_index_expression table: (_) @qualifier field: (identifier) @name)
    (bracket_index_expression table: (_) @qualifier field: (string content: (_) @name))])
  (expression_list . value: (function_definition body: (block)? @body))) @definition.function
; (Not the assignment inside `local h = ...`: that one is the local above.)
((assignment_statement
   (variable_list . name: (identifier) @name)
   (expression_list . value: (function_definition body: (block)? @body))) @definition.function
 (#ancestors? @definition.function "^(chunk|block)"))
; `{ f = function() end }`: a function field of a table constructor.
(field name: [(identifier) @name (string content: (_) @name)] value: (function_definition body: (block)? @body)) @definition.function

; The module table: the file-scope local the chunk ends by returning (`local M = {}` ...
; `return M`).
(chunk
  (variable_declaration
    (assignment_statement
      (variable_list . name: (identifier) @name)
      (expression_list . value: (table_constructor)))) @definition.module
  (return_statement (expression_list . (identifier) @_returned))
  (#eq? @name @_returned))

; File-scope values: `local PAGE_SIZE = 20` (constant when UPPER_CASE), `M.VERSION = "1"`
; (qualified by its table), globals. `local x = require("x")` is an import, not a variable.
((variable_declaration
   (assignment_statement
     (variable_list . name: (identifier) @name)
     (expression_list . value: (_) @_value))) @definition.variable
 (#not-match? @_value "^require[ (\"'\\[]")
 (#ancestors? @definition.variable "^chunk"))
((assignment_statement
   (variable_list . name: (dot_index_expression table: (identifier) @qualifier . field: (identifier) @name))) @definition.variable
 (#ancestors? @definition.variable "^chunk"))
((assignment_statement (variable_list . name: (identifier) @name)) @definition.variable
 (#ancestors? @definition.variable "^chunk"))
