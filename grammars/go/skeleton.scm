; Go skeleton query (captures: see grammars/python/skeleton.scm; @header marks where a branch's
; head ends when it has no body node, e.g. `case a, b:`).
; Earlier patterns win a node or a body: `else if` is one `elif` branch.

(if_statement alternative: (if_statement consequence: (block) @body) @branch.elif)
(if_statement consequence: (block) @body) @branch.if
(if_statement alternative: (block) @body @branch.else)
(for_statement body: (block) @body) @branch.for
(expression_switch_statement) @branch.switch
(type_switch_statement) @branch.switch
(select_statement) @branch.select
(expression_case value: (_) @header) @branch.case
(type_case type: (_) @header) @branch.case
(communication_case communication: (_) @header) @branch.case
(default_case) @branch.default
(func_literal body: (block) @body) @branch.func

(call_expression function: (_) @callee) @call

(import_spec !name path: (interpreted_string_literal (interpreted_string_literal_content) @import.module @import.bound))
(import_spec name: (package_identifier) @import.bound path: (interpreted_string_literal (interpreted_string_literal_content) @import.module))
