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
; The other names a module-level statement binds: `a = b = 1` (b), `x, y = 1, 2`, `(x, y) = ...`.
; (@_n's parent says which: one pattern with a wildcard compiles faster than the alternatives.)
((module
  (_ (assignment
       [left: (_ (identifier) @name @_n)
        right: (_ left: (identifier) @name @_n)]) @definition.variable))
 (#ancestors? @definition.variable "^expression_statement module$")
 (#parent? @_n "^(pattern_list|tuple_pattern|list_pattern|assignment\\.left)$"))
; Module-level names bound in an `if`/`try`/`with` block (`try: import x` / `except: x = None`,
; `if sys.platform == ...: SEP = ...`), and in its `elif`/`else`/`except`/`finally` clauses;
; not the script body under `if __name__ == "__main__":`.
((module
  (_ (_ (_ (assignment left: (identifier) @name) @definition.variable))) @_statement)
 (#not-match? @_statement "^if\\s+__name__\\s*==")
 (#ancestors? @definition.variable "^expression_statement block (if|try|with)_statement module$"))
((module
  (_ (_ (_ (_ (assignment left: (identifier) @name) @definition.variable)))))
 (#ancestors? @definition.variable "^expression_statement block (elif|else|except|except_group|finally)_clause (if|try)_statement$"))

; `type X = ...`, `type X[T] = ...` (Python 3.12).
(type_alias_statement left: (type [(identifier) @name (generic_type (identifier) @name)])) @definition.type

; Class-level fields (dataclass fields, enum members, class constants).
; A class body is always a `block`: a wildcard there too saves that parent's analysis.
((class_definition
  body: (_
    (_ (assignment left: (identifier) @name) @definition.field)))
 (#ancestors? @definition.field "^expression_statement block class_definition( |$)"))
; Class-level names declared under an `if` (`if TYPE_CHECKING:` in a class body).
((class_definition
  body: (_ (_ (_ (_ (assignment left: (identifier) @name) @definition.field)))))
 (#ancestors? @definition.field "^expression_statement block if_statement block$"))
((class_definition
  body: (_
    (_ (assignment
         [left: (_ (identifier) @name @_n)
          right: (_ left: (identifier) @name @_n)]) @definition.field)))
 (#ancestors? @definition.field "^expression_statement block class_definition( |$)")
 (#parent? @_n "^(pattern_list|tuple_pattern|list_pattern|assignment\\.left)$"))
