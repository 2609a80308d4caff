; JavaScript (+JSX) outline query. Captures: see docs/adding-a-language.md.
; Earlier patterns win when two match the same node.

(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(class name: (identifier) @name body: (class_body) @body) @definition.class

; Anonymous default exports are named `default`.
(export_statement "default" @name
  value: (class body: (class_body) @body) @definition.class
  (#eq? @name "default"))
(export_statement "default" @name
  value: [(function_expression) (arrow_function) (generator_function)] @definition.function @body
  (#eq? @name "default") (#field? @body "body"))
(export_statement "default" @name
  value: [(object) (call_expression)] @definition.variable
  (#eq? @name "default"))

(method_definition
  name: (property_identifier) @name
  body: (statement_block) @body
  (#eq? @name "constructor")) @definition.constructor
; `if (a) {` inside an error region parses as a method named `if`: not a definition there;
; in a class body or an object literal a keyword is a method name like any other (`catch()`).
((method_definition
  name: (property_identifier) @name
  body: (statement_block) @body) @definition.method @_in
 (#match? @name "^(if|for|while|switch|catch|with|do|else|return|function|class)$")
 (#parent? @_in "^(class_body|object)(\\.member)?$"))
(method_definition
  name: [(property_identifier) (private_property_identifier) (string) (computed_property_name) (number)] @name
  body: (statement_block) @body
  (#not-match? @name "^(if|for|while|switch|catch|with|do|else|return|function|class)$")) @definition.method

; Class fields holding functions are methods; other fields are fields.
((field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function) (function_expression)] @body) @definition.method
 (#field? @body "body"))
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name) @definition.field
; Functions in object literals bound to a name or exported: `const api = { get: () => {} }`.
; (One pattern rooted at the pair, its object's place checked by the engine: the function
; alternation repeated under four parents cost ~25 ms to compile at every start.)
((pair key: [(property_identifier) (string) (computed_property_name)] @name
  value: [(arrow_function) (function_expression)] @body) @definition.method @_object
 (#field? @body "body")
 (#parent? @_object "^object$")
 (#parent? @_object "^(variable_declarator\\.value|assignment_expression\\.right|export_statement\\.value|pair\\.value)$"))

(function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function
; A function whose header is broken (`function f(a, {`) is left as an error region: still a
; definition (cut back by the engine where the code after it starts).
(ERROR . "function" . (identifier) @name) @definition.function
; ... or recovered as a named function expression standing as a statement.
(expression_statement (function_expression name: (identifier) @name body: (statement_block) @body) @definition.function)
(generator_function_declaration name: (identifier) @name body: (statement_block) @body) @definition.function

; Functions bound to names: const f = () => {}, let g = function () {}.
((lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)] @body)) @definition.function
 (#field? @body "body"))
((variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)] @body)) @definition.function
 (#field? @body "body"))

; Foo.prototype.bar = function () {}: qualified by its type, Foo.bar.
; (The member expressions and function bodies are taken apart by the engine: #field? moves a
; capture to a field's child, nested patterns would cost far more to compile at every start.)
((expression_statement
  (assignment_expression
    left: (member_expression) @name @qualifier
    right: [(arrow_function) (function_expression)] @body)) @definition.function
 (#field? @body "body")
 (#field? @name "property" "^property_identifier$")
 (#field? @qualifier "object" "^member_expression$")
 (#field-text? @qualifier "property" "^prototype$")
 (#field? @qualifier "object" "^identifier$"))
; exports.f = function () {}, module.exports.f = () => {}
((expression_statement
  (assignment_expression
    left: (member_expression) @name
    right: [(arrow_function) (function_expression)] @body)) @definition.function
 (#field? @body "body")
 (#field? @name "property" "^property_identifier$"))
; CommonJS: module.exports = ..., exports.x = <value>, module.exports.x = <value>
(program
  (expression_statement
    (assignment_expression
      left: (member_expression) @name)) @definition.variable
  (#field-text? @name "object" "^module$")
  (#field-text? @name "property" "^exports$"))
(program
  (expression_statement
    (assignment_expression
      left: (member_expression) @name
      right: (_) @_value)) @definition.variable
  (#field-text? @name "object" "^(module\\.)?exports$")
  (#field? @name "property" "^property_identifier$")
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
; Destructured module-level names: `const { a, b: c, d = 1, ...e } = o`, `const [x, , y] = a`
; (each name its own definition of the whole statement). Rooted at the pattern, checked to be
; the name of a module-level declarator, then moved up to the declaration; `require()` is an import.
((object_pattern
   [(shorthand_property_identifier_pattern) @name
    (pair_pattern value: (identifier) @name)
    (object_assignment_pattern left: (shorthand_property_identifier_pattern) @name)
    (rest_pattern (identifier) @name)]) @definition.variable
 (#ancestors? @definition.variable "^variable_declarator (lexical|variable)_declaration (export_statement )?program( |$)")
 (#parent? @definition.variable "^variable_declarator\\.name$")
 (#field-text? @definition.variable "value" "^(?!require\\s*\\()")
 (#parent? @definition.variable "^(lexical|variable)_declaration$"))
((array_pattern
   [(identifier) @name
    (assignment_pattern left: (identifier) @name)
    (rest_pattern (identifier) @name)]) @definition.variable
 (#ancestors? @definition.variable "^variable_declarator (lexical|variable)_declaration (export_statement )?program( |$)")
 (#parent? @definition.variable "^variable_declarator\\.name$")
 (#field-text? @definition.variable "value" "^(?!require\\s*\\()")
 (#parent? @definition.variable "^(lexical|variable)_declaration$"))
