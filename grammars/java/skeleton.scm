; Java skeleton query (captures: see grammars/python/skeleton.scm and grammars/go/skeleton.scm;
; @callee.object + @callee.name make `a.b.run` of a method_invocation, which has no node for it).
; Earlier patterns win a node or a body: `else if` is one `elif` branch.

(if_statement alternative: (if_statement consequence: (_) @body) @branch.elif)
(if_statement consequence: (_) @body) @branch.if
(if_statement alternative: (_) @body @branch.else)
(for_statement body: (_) @body) @branch.for
(enhanced_for_statement body: (_) @body) @branch.for
(while_statement body: (_) @body) @branch.while
(do_statement body: (_) @body) @branch.do
(try_statement body: (_) @body) @branch.try
(try_with_resources_statement body: (_) @body) @branch.try
(catch_clause body: (_) @body) @branch.catch
(finally_clause (block) @body) @branch.finally
(switch_expression body: (_) @body) @branch.switch
(switch_block_statement_group (switch_label) @header) @branch.case
(switch_rule (switch_label) @header) @branch.case
(synchronized_statement body: (_) @body) @branch.synchronized
(lambda_expression body: (block) @body) @branch.lambda

(method_invocation object: (_) @callee.object name: (identifier) @callee.name) @call
(method_invocation !object name: (identifier) @callee) @call
(object_creation_expression type: (_) @callee) @call

; import a.b.C; import static a.b.C.m;
(import_declaration (scoped_identifier scope: (_) @import.module name: (identifier) @import.name @import.bound))
