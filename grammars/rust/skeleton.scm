; Rust skeleton query (captures: see grammars/python/skeleton.scm and grammars/go/skeleton.scm).
; Earlier patterns win a node or a body: `else if` is one `elif` branch.

(else_clause (if_expression consequence: (block) @body)) @branch.elif
(if_expression consequence: (block) @body) @branch.if
(else_clause (block) @body) @branch.else
(for_expression body: (block) @body) @branch.for
(while_expression body: (block) @body) @branch.while
(loop_expression body: (block) @body) @branch.loop
(match_expression body: (match_block) @body) @branch.match
(match_arm pattern: (_) @header) @branch.arm
(closure_expression body: (block) @body) @branch.closure

(call_expression function: (_) @callee) @call
(macro_invocation macro: (_) @callee) @call

; use a::b::C; use a::b::{c, d as e}; use a::b as x;
(use_declaration argument: (scoped_identifier path: (_) @import.module name: (identifier) @import.name @import.bound))
(use_declaration argument: (use_as_clause path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name) alias: (identifier) @import.bound))
(use_declaration argument: (scoped_use_list path: (_) @import.module list: (use_list (identifier) @import.name @import.bound)))
(use_declaration argument: (scoped_use_list path: (_) @import.module list: (use_list (use_as_clause path: (identifier) @import.name alias: (identifier) @import.bound))))
