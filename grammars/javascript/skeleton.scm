; JavaScript skeleton query (same as TypeScript's) (captures: see grammars/python/skeleton.scm).
; When two branches share a body the earlier pattern wins: `else if` is one `elif` branch.

(else_clause (if_statement consequence: (_) @body)) @branch.elif
(if_statement consequence: (_) @body) @branch.if
(else_clause (statement_block) @body) @branch.else
(for_statement body: (_) @body) @branch.for
(for_in_statement body: (_) @body) @branch.for
(while_statement body: (_) @body) @branch.while
(do_statement body: (_) @body) @branch.do
(try_statement body: (_) @body) @branch.try
(catch_clause body: (_) @body) @branch.catch
(finally_clause body: (_) @body) @branch.finally
(switch_statement body: (_) @body) @branch.switch
(switch_case) @branch.case
(switch_default) @branch.default

(call_expression function: (_) @callee) @call
(new_expression constructor: (_) @callee) @call

(import_statement
  (import_clause (named_imports (import_specifier name: (_) @import.name alias: (_) @import.bound)))
  source: (string (string_fragment) @import.module))
(import_statement
  (import_clause (named_imports (import_specifier !alias name: (_) @import.name @import.bound)))
  source: (string (string_fragment) @import.module))
(import_statement
  (import_clause (namespace_import (identifier) @import.bound))
  source: (string (string_fragment) @import.module))
(import_statement
  (import_clause (identifier) @import.bound)
  source: (string (string_fragment) @import.module))

; Re-exports pass a module's names on (`export { f } from "./f"`, `export * from "./f"`): import
; bindings for following an import to its definition (`*`: every name).
(export_statement
  (export_clause (export_specifier name: (_) @import.name alias: (_) @import.bound))
  source: (string (string_fragment) @import.module))
(export_statement
  (export_clause (export_specifier !alias name: (_) @import.name @import.bound))
  source: (string (string_fragment) @import.module))
(export_statement "*" @import.bound source: (string (string_fragment) @import.module))
