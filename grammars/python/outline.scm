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
; variables. Patterns are rooted at `assignment` and placed by #path? (the statement types up to
; the nearest module, class or def): directly in the module, or in its `if`/`try`/`with` blocks
; and their `elif`/`else`/`except`/`finally` clauses at any depth (`if TYPE_CHECKING:`,
; `try: import x` / `except ImportError: x = None`); not in the script body under
; `if __name__ == "__main__":`, nor in `for`/`while` loops. (Patterns under `module` with
; wildcards for the statements cost compile time per depth, and reach one depth each.)
((assignment left: (identifier) @name) @definition.variable
 (#outermost? @definition.variable "assignment")
 (#path? @definition.variable "module|class_definition|function_definition" "^expression_statement( block ((elif|else|except|except_group|finally)_clause )?(if|try|with)_statement)* module$")
 (#not-under? @definition.variable "if_statement" "condition" "^__name__\\s*==\\s*[\"']__main__[\"']$"))
; A chained `a = b = c = 1` is assignments in assignments: #outermost? gives each name the
; whole statement (its range and signature). The other names a statement binds: `x, y = 1, 2`,
; `(x, y) = ...`, `x, *rest = ...`, `x, (y, z) = ...`. (@_n's parent says which: one pattern
; with wildcards compiles faster than the alternatives.)
((assignment
   [left: (_ (identifier) @name @_n)
    left: (_ (_ (identifier) @name @_n))]) @definition.variable
 (#outermost? @definition.variable "assignment")
 (#parent? @_n "^(pattern_list|tuple_pattern|list_pattern|list_splat_pattern)$")
 (#path? @definition.variable "module|class_definition|function_definition" "^expression_statement( block ((elif|else|except|except_group|finally)_clause )?(if|try|with)_statement)* module$")
 (#not-under? @definition.variable "if_statement" "condition" "^__name__\\s*==\\s*[\"']__main__[\"']$"))

; `type X = ...`, `type X[T] = ...` (Python 3.12).
(type_alias_statement left: (type [(identifier) @name (generic_type (identifier) @name)])) @definition.type

; Class-level fields (dataclass fields, enum members, class constants): the same statements in
; a class body, its `if TYPE_CHECKING:` / `else:` / `try:` blocks included.
((assignment left: (identifier) @name) @definition.field
 (#outermost? @definition.field "assignment")
 (#path? @definition.field "module|class_definition|function_definition" "^expression_statement( block ((elif|else|except|except_group|finally)_clause )?(if|try|with)_statement)* block class_definition$"))
((assignment
   [left: (_ (identifier) @name @_n)
    left: (_ (_ (identifier) @name @_n))]) @definition.field
 (#outermost? @definition.field "assignment")
 (#parent? @_n "^(pattern_list|tuple_pattern|list_pattern|list_splat_pattern)$")
 (#path? @definition.field "module|class_definition|function_definition" "^expression_statement( block ((elif|else|except|except_group|finally)_clause )?(if|try|with)_statement)* block class_definition$"))

; Instance attributes, fields of their class as IDEs show them: `self.x = …`, `self.x: T = …`,
; `self.a, self.b = …`, `self.a = self.b = …` anywhere in a method's own code (its blocks, not
; a nested def or class), where `self` is the name of the method's first parameter, whatever it
; is (not a @staticmethod's). `member.assigned` (src/core/outline/nesting.ts): each is a member
; of the class, not of the method; listed once, at its first assignment, and not when the class
; body declares the name itself.
((assignment left: (_ object: (identifier) @_self attribute: (identifier) @name)) @definition.field
 (#outermost? @definition.field "assignment")
 (#path? @definition.field "module|class_definition|function_definition" "^expression_statement .*function_definition$")
 (#first-parameter? @_self "function_definition")
 (#path? @_self "module|class_definition|function_definition" "^(decorated_definition )?block( ((elif|else|except|except_group|finally)_clause )?(if|try|with)_statement block)* class_definition$")
 (#not-preceded? @_self "decorator" "^@\\s*staticmethod\\s*$")
 (#set! member.assigned))
((assignment
   [left: (_ (_ object: (identifier) @_self attribute: (identifier) @name) @_n)
    left: (_ (_ (_ object: (identifier) @_self attribute: (identifier) @name) @_n))]) @definition.field
 (#outermost? @definition.field "assignment")
 (#parent? @_n "^(pattern_list|tuple_pattern|list_pattern|list_splat_pattern)$")
 (#path? @definition.field "module|class_definition|function_definition" "^expression_statement .*function_definition$")
 (#first-parameter? @_self "function_definition")
 (#path? @_self "module|class_definition|function_definition" "^(decorated_definition )?block( ((elif|else|except|except_group|finally)_clause )?(if|try|with)_statement block)* class_definition$")
 (#not-preceded? @_self "decorator" "^@\\s*staticmethod\\s*$")
 (#set! member.assigned))
