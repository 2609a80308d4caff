; Text that is not code (core/tests/prose.ts): comments and string literals. A name mentioned
; there is not a use of it.
(comment) @prose
(interpreted_string_literal) @prose
(raw_string_literal) @prose
