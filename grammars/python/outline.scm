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

; Module-level names: UPPER_CASE are constants (the registry's `constantNames`), the rest
; variables: an assignment statement directly in the module, or in its `if`/`try`/`with` blocks
; and their `elif`/`else`/`except`/`finally` clauses at any depth (`if TYPE_CHECKING:`,
; `try: import x` / `except ImportError: x = None`); not in a `for`/`while` loop, nor in the
; script body under `if __name__ == "__main__":` (its `else:` runs on import). Rooted at `assignment`: #nearest? drops the
; many in functions by ranges (predicates.ts), #path? reads the statements above the few left.
; A chained `a = b = 1` is one assignment in another: #outermost? gives each name the whole
; statement (its range and signature).
((assignment left: (identifier) @name) @definition.variable
 (#outermost? @definition.variable "assignment")
 (#nearest? @definition.variable "module|class_definition|function_definition" "^module$")
 (#path? @definition.variable "module" "^expression_statement( block ((elif|else|except|except_group|finally)_clause )?(if|try|with)_statement)* module$")
 (#not-under? @definition.variable "if_statement.consequence" "condition" "^__name__\\s*==\\s*[\"']__main__[\"']$"))
; The other names a statement binds: `x, y = 1, 2`, `(x, y) = ...`, `x, *rest = ...`,
; `x, (y, z) = ...` (@_n's parent says which: one pattern with wildcards compiles faster than
; the alternatives).
((assignment
   [left: (_ (identifier) @name @_n)
    left: (_ (_ (identifier) @name @_n))]) @definition.variable
 (#outermost? @definition.variable "assignment")
 (#nearest? @definition.variable "module|class_definition|function_definition" "^module$")
 (#parent? @_n "^(pattern_list|tuple_pattern|list_pattern|list_splat_pattern)$")
 (#path? @definition.variable "module" "^expression_statement( block ((elif|else|except|except_group|finally)_clause )?(if|try|with)_statement)* module$")
 (#not-under? @definition.variable "if_statement.consequence" "condition" "^__name__\\s*==\\s*[\"']__main__[\"']$"))

; `type X = ...`, `type X[T] = ...` (Python 3.12).
(type_alias_statement left: (type [(identifier) @name (generic_type (identifier) @name)])) @definition.type

; Class-level fields (dataclass fields, enum members, class constants): the same statements in
; a class body, its `if TYPE_CHECKING:` / `else:` / `try:` blocks included.
((assignment left: (identifier) @name) @definition.field
 (#outermost? @definition.field "assignment")
 (#nearest? @definition.field "module|class_definition|function_definition" "^class_definition$")
 (#path? @definition.field "class_definition" "^expression_statement( block ((elif|else|except|except_group|finally)_clause )?(if|try|with)_statement)* block class_definition$"))
((assignment
   [left: (_ (identifier) @name @_n)
    left: (_ (_ (identifier) @name @_n))]) @definition.field
 (#outermost? @definition.field "assignment")
 (#nearest? @definition.field "module|class_definition|function_definition" "^class_definition$")
 (#parent? @_n "^(pattern_list|tuple_pattern|list_pattern|list_splat_pattern)$")
 (#path? @definition.field "class_definition" "^expression_statement( block ((elif|else|except|except_group|finally)_clause )?(if|try|with)_statement)* block class_definition$"))

; Instance attributes, fields of their class as IDEs show them: `self.x = …`, `self.x: T = …`,
; `self.a, self.b = …`, `self.a = self.b = …` anywhere in a method's own code (its blocks and
; loops, not a nested def or class), where `self` is the name of the method's first parameter,
; whatever it is (not a @staticmethod's). `member.assigned` (src/core/outline/nesting.ts): each
; is a member of the class, not of the method; listed once, at its first assignment, and not
; where the class body declares the name itself. (`_ object:` is an attribute: a wildcard
; compiles faster.)
((assignment left: (_ object: (identifier) @_self attribute: (identifier) @name)) @definition.field
 (#outermost? @definition.field "assignment")
 (#first-parameter? @_self "function_definition|class_definition")
 (#nearest? @_self "function_definition|class_definition" "^class_definition$")
 (#not-preceded? @_self "decorator" "^@\\s*staticmethod\\s*$")
 (#set! member.assigned))
((assignment
   [left: (_ (_ object: (identifier) @_self attribute: (identifier) @name) @_n)
    left: (_ (_ (_ object: (identifier) @_self attribute: (identifier) @name) @_n))]) @definition.field
 (#outermost? @definition.field "assignment")
 (#first-parameter? @_self "function_definition|class_definition")
 (#nearest? @_self "function_definition|class_definition" "^class_definition$")
 (#not-preceded? @_self "decorator" "^@\\s*staticmethod\\s*$")
 (#parent? @_n "^(pattern_list|tuple_pattern|list_pattern|list_splat_pattern)$")
 (#set! member.assigned))
