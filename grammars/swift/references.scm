; Swift references query (captures: see grammars/python/references.scm).

(call_expression (simple_identifier) @reference)
(navigation_suffix suffix: (simple_identifier) @reference)
(type_identifier) @reference
