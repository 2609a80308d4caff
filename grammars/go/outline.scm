; Go outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node.
; A single `type X ...` / `const X = ...` is captured as the whole declaration (so the doc
; comment above it and the keyword belong to it); inside a `type ( ... )` group each spec is
; its own definition.

((type_declaration
   (type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list) @body))) @definition.struct
 (#not-match? @definition.struct "^type\\s*\\("))
((type_declaration
   (type_spec name: (type_identifier) @name type: (interface_type))) @definition.interface
 (#not-match? @definition.interface "^type\\s*\\("))
((type_declaration
   [(type_spec name: (type_identifier) @name) (type_alias name: (type_identifier) @name)]) @definition.type
 (#not-match? @definition.type "^type\\s*\\("))

(type_declaration "("
  (type_spec name: (type_identifier) @name type: (struct_type (field_declaration_list) @body)) @definition.struct)
(type_declaration "("
  (type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface)
(type_declaration "("
  [(type_spec name: (type_identifier) @name) (type_alias name: (type_identifier) @name)] @definition.type)

; Struct fields and interface methods (only of named types, not of anonymous struct{} types).
(type_spec
  type: (struct_type
    (field_declaration_list
      (field_declaration name: (field_identifier) @name) @definition.field)))
(type_spec
  type: (interface_type
    (method_elem name: (field_identifier) @name) @declaration.method))

(function_declaration name: (identifier) @name body: (block) @body) @definition.function
(function_declaration name: (identifier) @name !body) @declaration.function

; Methods are qualified by their receiver's type: func (s *Server) Start() -> Server.Start.
(method_declaration
  receiver: (parameter_list (parameter_declaration type: (_) @qualifier))
  name: (field_identifier) @name
  body: (block) @body) @definition.method
(method_declaration
  receiver: (parameter_list (parameter_declaration type: (_) @qualifier))
  name: (field_identifier) @name
  !body) @declaration.method

; Package-level constants and variables. A spec's names are its direct identifiers: with the
; field, `(const_spec name: ...)` matches only the first of `A, B = 1, 2`.
((source_file (const_declaration (const_spec (identifier) @name)) @definition.constant)
 (#not-match? @definition.constant "^const\\s*\\("))
(source_file (const_declaration "(" (const_spec (identifier) @name) @definition.constant))
((source_file (var_declaration (var_spec name: (identifier) @name)) @definition.variable)
 (#not-match? @definition.variable "^var\\s*\\("))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.variable)))
