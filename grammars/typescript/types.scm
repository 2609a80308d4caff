; Type positions (core/tests/prose.ts): erased at run time, so a name there is not a use of a
; function or a constructor (`tests` still counts it for a class itself). A constructor's
; parameters and a class's fields (@keep) stay: injection frameworks build what their types name.
(type_annotation) @type
(type_arguments) @type
(type_parameters) @type
(interface_declaration) @type
(type_alias_declaration) @type
(implements_clause) @type
(as_expression (type_identifier) @type)
(as_expression (generic_type) @type)
(method_definition name: (property_identifier) @_name (#eq? @_name "constructor") parameters: (formal_parameters) @keep)
(public_field_definition type: (type_annotation) @keep)
