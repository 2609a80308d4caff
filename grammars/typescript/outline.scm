; TypeScript / TSX outline query (also the <script lang="ts"> of Vue files).
; Captures: see docs/adding-a-language.md. Earlier patterns win when two match the same node.

(class_declaration name: (type_identifier) @name body: (class_body) @body) @definition.class
(abstract_class_declaration name: (type_identifier) @name body: (class_body) @body) @definition.class
(class name: (type_identifier) @name body: (class_body) @body) @definition.class

(interface_declaration name: (type_identifier) @name body: (_) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum
(type_alias_declaration name: (type_identifier) @name) @definition.type
(internal_module name: (_) @name body: (statement_block) @body) @definition.namespace
(module name: (_) @name body: (statement_block) @body) @definition.module

(method_definition
  name: (property_identifier) @name
  body: (statement_block) @body
  (#eq? @name "constructor")) @definition.constructor
(method_definition
  name: [(property_identifier) (private_property_identifier) (string) (computed_property_name) (number)] @name
  body: (statement_block) @body) @definition.method
; Overload signatures and abstract members have no body.
(method_signature
  name: [(property_identifier) (private_property_identifier) (string) (computed_property_name) (number)] @name) @declaration.method
(abstract_method_signature
  name: [(property_identifier) (private_property_identifier) (string) (computed_property_name) (number)] @name) @declaration.method

; Class fields holding functions are methods; other fields are properties.
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method
(public_field_definition
  name: [(property_identifier) (private_property_identifier) (string) (computed_property_name)] @name) @definition.property
(interface_body
  (property_signature name: [(property_identifier) (string) (computed_property_name)] @name) @definition.property)

(function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function
(generator_function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function
(function_signature name: (identifier) @name) @declaration.function

; Functions bound to names: const f = () => {}, let g = function () {}.
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)])) @definition.function
(variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)])) @definition.function

(expression_statement
  (assignment_expression
    left: (member_expression property: (property_identifier) @name)
    right: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])) @definition.function

; Module-level names (require() bindings are imports, not definitions).
(program
  (lexical_declaration
    (variable_declarator name: (identifier) @name)) @definition.constant
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(program
  (export_statement
    declaration: (lexical_declaration
      (variable_declarator name: (identifier) @name)) @definition.constant)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))
(program
  (lexical_declaration
    (variable_declarator name: (identifier) @name value: (_)? @value)) @definition.variable
  (#not-match? @value "^require\\("))
(program
  (export_statement
    declaration: (lexical_declaration
      (variable_declarator name: (identifier) @name)) @definition.variable))
(program
  (variable_declaration
    (variable_declarator name: (identifier) @name value: (_)? @value)) @definition.variable
  (#not-match? @value "^require\\("))

(import_statement source: (string (string_fragment) @import))
(export_statement source: (string (string_fragment) @import))
((call_expression
   function: (identifier) @_req
   arguments: (arguments . (string (string_fragment) @import) .))
 (#eq? @_req "require"))
