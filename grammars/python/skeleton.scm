; Python skeleton query: what `symbol --skeleton` shows of a body, and the calls it makes.
; Captures (docs/skeleton.md):
;   @branch.<kind>  a branch node (if, elif, else, for, while, try, except, finally, with, match, case)
;   @body           its body: the header is the text before it, the branch's range ends with it
;   @call / @callee a call and the expression it calls
;   @import.module / @import.bound   an import: the module, and the local name it binds

(if_statement consequence: (block) @body) @branch.if
(elif_clause consequence: (block) @body) @branch.elif
(else_clause body: (block) @body) @branch.else
(for_statement body: (block) @body) @branch.for
(while_statement body: (block) @body) @branch.while
(try_statement body: (block) @body) @branch.try
(except_clause (block) @body) @branch.except
(finally_clause (block) @body) @branch.finally
(with_statement body: (block) @body) @branch.with
(match_statement body: (block) @body) @branch.match
(case_clause consequence: (block) @body) @branch.case

(call function: (_) @callee) @call
(decorator (identifier) @callee) @call

(import_statement name: (dotted_name) @import.module @import.bound)
(import_statement name: (aliased_import name: (dotted_name) @import.module alias: (identifier) @import.bound))
(import_from_statement module_name: (_) @import.module name: (dotted_name) @import.name @import.bound)
(import_from_statement module_name: (_) @import.module name: (aliased_import name: (dotted_name) @import.name alias: (identifier) @import.bound))
