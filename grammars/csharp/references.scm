; C# references query (captures: see grammars/python/references.scm).

(invocation_expression function: (identifier) @reference)
(member_access_expression name: (identifier) @reference)
(object_creation_expression type: (identifier) @reference)
(base_list (identifier) @reference)
(argument (identifier) @reference)
(variable_declaration type: (identifier) @reference)
(parameter type: (identifier) @reference)
(generic_name (identifier) @reference)
