; Type positions (core/tests/prose.ts): a name written there runs nothing, so it is not a use of a
; function or a constructor (`tests` still counts it for a class itself). Parameter and return
; annotations, and a function's own annotated locals. Class-body annotations stay: a dataclass or
; model field builds what it names.
(typed_parameter type: (type) @type)
(typed_default_parameter type: (type) @type)
(function_definition return_type: (type) @type)
(function_definition body: (block (expression_statement (assignment type: (type) @type))))
