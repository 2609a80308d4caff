; Julia outline query. Captures: see src/core/outline/extract.ts.
; A docstring (a string right above a definition) belongs to it: registry `leadingTypes` and
; `leadingDoc`. A definition under a macro call (`@kwdef struct`, `@inline function`) keeps the
; macro in its range: registry `wrapperTypes`. Names are cut to the name itself by the registry's
; `nameTrim`: `Point{T} <: Shape` is `Point`; `function Base.show(…)` is `show`, qualified by
; `Base` (`scopeSeparator`); `Base.:(==)` is `==`. The grammar is large: every pattern costs
; compile time at each start, so the forms share patterns through alternations.

(module_definition name: (identifier) @name . (_)? @body) @definition.module

(struct_definition (type_head (_) @name) . (_)? @body) @definition.struct
[(abstract_definition (type_head (_) @name)) (primitive_definition (type_head (_) @name))] @definition.type

; Fields of a struct: `x::T`, `x`, `x::T = default` (@kwdef), `@atomic x::T`.
([(typed_expression . (identifier) @name)
  (identifier) @name
  (assignment . (typed_expression . (identifier) @name))
  (macrocall_expression (macro_argument_list . [(typed_expression . (identifier) @name) (identifier) @name]))] @definition.field @_in
 (#parent? @_in "^struct_definition$"))

; Inner constructors: a method defined in a struct's body.
([(assignment . (call_expression . (identifier) @name) . (operator) . (_) @body)
  (function_definition (signature [(call_expression . (identifier) @name) (where_expression . (call_expression . (identifier) @name))]) . (_)? @body)] @definition.constructor @_in
 (#parent? @_in "^struct_definition$"))

; `function f(…) … end`: the return type (`::T`) and `where` clauses wrap the call.
((function_definition
  (signature [(call_expression . (_) @name)
              (typed_expression . (call_expression . (_) @name))
              (where_expression . [(call_expression . (_) @name) (typed_expression . (call_expression . (_) @name))])])
  . (_)? @body) @definition.function
 (#match? @name "^[^(]"))
; `function f end`: a function declared without a method.
(function_definition (signature (identifier) @name)) @declaration.function

; `f(x) = …`, `f(x)::T = …`, `f(x) where {T} = …`: the short form.
((assignment
  . [(call_expression . (_) @name)
     (typed_expression . (call_expression . (_) @name))
     (where_expression . [(call_expression . (_) @name) (typed_expression . (call_expression . (_) @name))])]
  . (operator) . (_) @body) @definition.function
 (#match? @name "^[^(]"))

(macro_definition (signature (call_expression . (identifier) @name)) . (_)? @body) @definition.macro

; `const X = …`, `const X::T = …`.
(const_statement (assignment . [(identifier) @name (operator) @name (typed_expression . (identifier) @name)])) @definition.constant

; `@enum Color red green blue`.
((macrocall_expression (macro_identifier (identifier) @_m) (macro_argument_list . (identifier) @name)) @definition.enum
 (#eq? @_m "enum"))
