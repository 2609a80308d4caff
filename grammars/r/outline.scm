; R outline query. Captures: see src/core/outline/extract.ts.
; `name <- function(...)` (or `=`, `<<-`) defines a function, anywhere; other assignments at
; the top level are variables (constants when UPPER_CASE, registry `constantNames`). Classes:
; `X <- R6Class("X", …)`, `setRefClass`, `setClass`, with R6 methods (`public = list(f =
; function() …)`) inside.

((binary_operator lhs: (identifier) @name rhs: (call function: (identifier) @_f)) @definition.class
 (#match? @_f "^(R6Class|setRefClass|setClass|R7::new_class|new_class)$"))
((call function: (identifier) @_f arguments: (arguments . (argument value: (string (string_content) @name)))) @definition.class
 (#match? @_f "^(setClass|setRefClass)$")
 (#ancestors? @definition.class "^program"))
(binary_operator lhs: [(identifier) (string)] @name rhs: (function_definition body: (_) @body)) @definition.function
((argument name: (identifier) @name value: (function_definition body: (_) @body)) @definition.function
 (#ancestors? @definition.function "^arguments call argument arguments"))
((binary_operator lhs: (identifier) @name) @definition.variable
 (#ancestors? @definition.variable "^program$"))
