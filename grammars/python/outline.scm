; Python outline query. Captures: see docs/adding-a-language.md.
; Earlier patterns win when two match the same node.

; Docstrings (the body's first statement, a string) are found in code: the registry's
; `bodyDocstring`.
(class_definition
  name: (identifier) @name
  body: (block) @body) @definition.class

(function_definition
  name: (identifier) @name
  body: (block) @body) @definition.function

; Module-level names: UPPER_CASE are constants (the registry's `constantNames`), the rest variables.
; The statement is a wildcard and its type checked by #ancestors?: tree-sitter analyses every
; parent node type of a pattern against the grammar when the query is compiled, and
; `expression_statement` under `module` or `block` was half of this query's compile time
; (~10 ms of every cold start that parses Python). Only statements directly in the module (or
; class body) are matched either way, so the check runs on few nodes.
((module
  (_ (assignment left: (identifier) @name) @definition.variable))
 (#ancestors? @definition.variable "^expression_statement module$"))

; Class-level fields (dataclass fields, enum members, class constants).
; A class body is always a `block`: a wildcard there too saves that parent's analysis.
((class_definition
  body: (_
    (_ (assignment left: (identifier) @name) @definition.field)))
 (#ancestors? @definition.field "^expression_statement block class_definition( |$)"))
