; Elixir outline query. Captures: see src/core/outline/extract.ts.
; Everything is a call: `defmodule`, `def`, ... are told apart by the call's target. Earlier
; patterns win when two match the same node. The clauses of one function merge into one
; symbol (registry `mergeClauses`); `@doc`, `@spec` and `@impl` above a `def` belong to it and
; `@doc "..."` is its doc (registry `leadingText`, `leadingDoc`).

; defmodule / defprotocol / defimpl, with a leading `@moduledoc` as the doc.
((call target: (identifier) @_k (arguments . (alias) @name)
   (do_block . (unary_operator operand: (call target: (identifier) @_d (arguments . (string) @doc)))) @body) @definition.module
 (#eq? @_k "defmodule") (#eq? @_d "moduledoc"))
((call target: (identifier) @_k (arguments . (alias) @name) (do_block) @body) @definition.module
 (#eq? @_k "defmodule"))
((call target: (identifier) @_k (arguments . (alias) @name)
   (do_block . (unary_operator operand: (call target: (identifier) @_d (arguments . (string) @doc)))) @body) @definition.interface
 (#eq? @_k "defprotocol") (#eq? @_d "moduledoc"))
((call target: (identifier) @_k (arguments . (alias) @name) (do_block) @body) @definition.interface
 (#eq? @_k "defprotocol"))
((call target: (identifier) @_k (arguments . (alias) @name) (do_block) @body) @definition.impl
 (#eq? @_k "defimpl"))

; def name(args) [when guard] [do ... end | , do: ...]; def name; also defp, defdelegate.
((call target: (identifier) @_k (arguments . (call target: (identifier) @name)) (do_block)? @body) @definition.function
 (#match? @_k "^(def|defp|defdelegate|defn|defnp)$"))
((call target: (identifier) @_k (arguments . (binary_operator left: (call target: (identifier) @name) operator: "when")) (do_block)? @body) @definition.function
 (#match? @_k "^(def|defp|defn|defnp)$"))
((call target: (identifier) @_k (arguments . (identifier) @name) (do_block)? @body) @definition.function
 (#match? @_k "^(def|defp|defdelegate|defn|defnp)$"))
((call target: (identifier) @_k (arguments . (binary_operator left: (identifier) @name operator: "when")) (do_block)? @body) @definition.function
 (#match? @_k "^(def|defp)$"))

; defmacro, defguard (a guard is a macro).
((call target: (identifier) @_k (arguments . (call target: (identifier) @name)) (do_block)? @body) @definition.macro
 (#match? @_k "^(defmacro|defmacrop|defguard|defguardp)$"))
((call target: (identifier) @_k (arguments . (binary_operator left: (call target: (identifier) @name) operator: "when")) (do_block)? @body) @definition.macro
 (#match? @_k "^(defmacro|defmacrop|defguard|defguardp)$"))
((call target: (identifier) @_k (arguments . (identifier) @name) (do_block)? @body) @definition.macro
 (#match? @_k "^(defmacro|defmacrop)$"))

; @type / @typep / @opaque name(params) :: ..., and @callback declarations.
((unary_operator operand: (call target: (identifier) @_t (arguments . (binary_operator left: [(identifier) @name (call target: (identifier) @name)] operator: "::")))) @definition.type
 (#match? @_t "^(type|typep|opaque)$"))
((unary_operator operand: (call target: (identifier) @_t (arguments . (binary_operator left: (call target: (identifier) @name) operator: "::")))) @declaration.function
 (#match? @_t "^(callback|macrocallback)$"))
((unary_operator operand: (call target: (identifier) @_t (arguments . (binary_operator left: (binary_operator left: (call target: (identifier) @name) operator: "::") operator: "when")))) @declaration.function
 (#match? @_t "^(callback|macrocallback)$"))
