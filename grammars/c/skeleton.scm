; C skeleton query (captures: see grammars/python/skeleton.scm; @header marks where a `case`
; head ends). Earlier patterns win a node or a body: `else if` is one `elif` branch.
; Calls: by name (`f(x)`), through a field (`s->fn(x)`, `s.fn(x)`: named by the field), and of a
; function-like macro (`FOO(x)`), which parses as a call. A macro's definition is not parsed
; (its body is text), so what it expands to is no call of the function around it.

(else_clause (if_statement consequence: (_) @body)) @branch.elif
(if_statement consequence: (_) @body) @branch.if
(else_clause (_) @body) @branch.else
(for_statement body: (_) @body) @branch.for
(while_statement body: (_) @body) @branch.while
(do_statement body: (_) @body) @branch.do
(switch_statement body: (_) @body) @branch.switch
(case_statement value: (_) @header) @branch.case
(case_statement !value) @branch.default

(call_expression function: (_) @callee) @call
