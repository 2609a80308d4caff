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
(module
  (expression_statement
    (assignment left: (identifier) @name) @definition.variable))

; Class-level fields (dataclass fields, enum members, class constants).
(class_definition
  body: (block
    (expression_statement
      (assignment left: (identifier) @name) @definition.field)))
