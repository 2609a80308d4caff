; JavaScript (+JSX) outline query. Captures: see docs/adding-a-language.md.
; Earlier patterns win when two match the same node.

(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(class name: (identifier) @name body: (class_body) @body) @definition.class

(method_definition
  name: (property_identifier) @name
  body: (statement_block) @body
  (#eq? @name "constructor")) @definition.constructor
(method_definition
  name: [(property_identifier) (private_property_identifier) (string) (computed_property_name) (number)] @name
  body: (statement_block) @body) @definition.method

; Class fields holding functions are methods; other fields are fields.
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name) @definition.field

(function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function
(generator_function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function

; Functions bound to names: const f = () => {}, let g = function () {}.
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)])) @definition.function
(variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function body: (_) @body) (function_expression body: (_) @body) (generator_function body: (_) @body)])) @definition.function

; exports.f = function () {}, module.exports.f = () => {}, Foo.prototype.f = function () {}
(expression_statement
  (assignment_expression
    left: (member_expression property: (property_identifier) @name)
    right: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])) @definition.function

; Module-level names (require() bindings are imports, not definitions).
(program
  (lexical_declaration
    (variable_declarator name: (identifier) @name value: (_)? @value)) @definition.constant
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
