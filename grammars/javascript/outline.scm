; JavaScript (+JSX) outline query. Captures: see docs/adding-a-language.md.
; Earlier patterns win when two match the same node.

(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(class name: (identifier) @name body: (class_body) @body) @definition.class

; Anonymous default exports are named `default`.
(export_statement "default" @name
  value: (class body: (class_body) @body) @definition.class
  (#eq? @name "default"))
(export_statement "default" @name
  value: [(function_expression body: (_) @body) (arrow_function body: (_) @body) (generator_function body: (_) @body)] @definition.function
  (#eq? @name "default"))
(export_statement "default" @name
  value: [(object) (call_expression)] @definition.variable
  (#eq? @name "default"))

(method_definition
  name: (property_identifier) @name
  body: (statement_block) @body
  (#eq? @name "constructor")) @definition.constructor
; `if (a) {` inside an error region parses as an object method named `if`: not a definition.
(method_definition
  name: [(property_identifier) (private_property_identifier) (string) (computed_property_name) (number)] @name
  body: (statement_block) @body
  (#not-match? @name "^(if|for|while|switch|catch|with|do|else|return|function|class)$")) @definition.method

; Class fields holding functions are methods; other fields are fields.
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name) @definition.field
; Functions in object literals bound to a name or exported: `const api = { get: () => {} }`.
(variable_declarator value: (object (pair key: [(property_identifier) (string) (computed_property_name)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method))
(assignment_expression right: (object (pair key: [(property_identifier) (string) (computed_property_name)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method))
(export_statement value: (object (pair key: [(property_identifier) (string) (computed_property_name)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method))
(pair value: (object (pair key: [(property_identifier) (string) (computed_property_name)] @name
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method))

(function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function
; A function whose header is broken (`function f(a, {`) is left as an error region: still a
; definition (cut back by the engine where the code after it starts).
(ERROR . "function" . (identifier) @name) @definition.function
; ... or recovered as a named function expression standing as a statement.
(expression_statement (function_expression name: (identifier) @name body: (statement_block) @body) @definition.function)
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

; Foo.prototype.bar = function () {}: qualified by its type, Foo.bar.
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (member_expression object: (identifier) @qualifier property: (property_identifier) @_proto)
      property: (property_identifier) @name)
    right: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])
  (#eq? @_proto "prototype")) @definition.function
; exports.f = function () {}, module.exports.f = () => {}
(expression_statement
  (assignment_expression
    left: (member_expression property: (property_identifier) @name)
    right: [(arrow_function body: (_) @body) (function_expression body: (_) @body)])) @definition.function
; CommonJS: module.exports = ..., exports.x = <value>, module.exports.x = <value>
(program
  (expression_statement
    (assignment_expression
      left: (member_expression object: (identifier) @_module property: (property_identifier) @_exports) @name)) @definition.variable
  (#eq? @_module "module") (#eq? @_exports "exports"))
(program
  (expression_statement
    (assignment_expression
      left: (member_expression object: (_) @_exports property: (property_identifier) @name)
      right: (_) @_value)) @definition.variable
  (#match? @_exports "^(module\\.)?exports$")
  (#not-match? @_value "^[A-Za-z_$][A-Za-z0-9_$]*$")) ; `exports.Store = Store` defines nothing new

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
