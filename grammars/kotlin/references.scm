; Kotlin references query (captures: see grammars/python/references.scm).

(call_expression (identifier) @reference)
(navigation_expression (identifier) @reference)
(user_type (identifier) @reference)
(value_argument (identifier) @reference)
(import (qualified_identifier (identifier) @reference))
