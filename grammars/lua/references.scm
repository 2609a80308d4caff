; Lua references query (captures: see grammars/python/references.scm).

(function_call name: (identifier) @reference)
(dot_index_expression field: (identifier) @reference)
(method_index_expression method: (identifier) @reference)
