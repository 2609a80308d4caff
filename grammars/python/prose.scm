; Text that is not code (core/tests/prose.ts): comments and the literal parts of strings
; (an f-string's replacement fields stay code). A name mentioned there is not a use of it.
(comment) @prose
(string_content) @prose
