; Python scope query: where names are bound and used, for "names a nested function uses from
; its enclosing function". Captures: @binding (a name is bound here), @reference (a name is
; read or written), @skip (an identifier that is not a variable: attribute, keyword argument).

(parameters (identifier) @binding)
(parameters (default_parameter name: (identifier) @binding))
(parameters (typed_parameter (identifier) @binding))
(parameters (typed_default_parameter name: (identifier) @binding))
(list_splat_pattern (identifier) @binding)
(dictionary_splat_pattern (identifier) @binding)
(lambda_parameters (identifier) @binding)
(assignment left: (identifier) @binding)
(assignment left: (pattern_list (identifier) @binding))
(assignment left: (tuple_pattern (identifier) @binding))
(augmented_assignment left: (identifier) @binding)
(for_statement left: (identifier) @binding)
(for_statement left: (pattern_list (identifier) @binding))
(for_statement left: (tuple_pattern (identifier) @binding))
(for_in_clause left: (identifier) @binding)
(for_in_clause left: (pattern_list (identifier) @binding))
(as_pattern_target (identifier) @binding)
(named_expression name: (identifier) @binding)
(function_definition name: (identifier) @binding)
(class_definition name: (identifier) @binding)
(import_statement name: (dotted_name . (identifier) @binding))
(import_from_statement name: (dotted_name (identifier) @binding))
(aliased_import alias: (identifier) @binding)

(attribute attribute: (identifier) @skip)
(keyword_argument name: (identifier) @skip)
(identifier) @reference
