; Ruby references query (captures: see grammars/python/references.scm).

(call method: (identifier) @reference)
(constant) @reference
(argument_list (identifier) @reference)
