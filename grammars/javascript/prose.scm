; Text that is not code (core/tests/prose.ts): comments and the literal parts of strings
; (a template's substitutions stay code). A name mentioned there is not a use of it.
(comment) @prose
(string_fragment) @prose
