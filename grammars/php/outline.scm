; PHP outline query (the php grammar: HTML text around <?php ... ?> is skipped).
; Captures: see src/core/outline/extract.ts. Earlier patterns win when two match the same
; node. Attributes (#[Route]) are inside a declaration: in its range, out of its signature
; (registry signatureSkipTypes); the /** PHPDoc */ above is the doc.

(namespace_definition name: (namespace_name) @name body: (_) @body) @definition.namespace
; `namespace App\Orders;` runs to the end of the file (registry spanToParentEnd).
(namespace_definition name: (namespace_name) @name) @definition.namespace

(class_declaration name: (name) @name body: (_) @body) @definition.class
(interface_declaration name: (name) @name body: (_) @body) @definition.interface
(trait_declaration name: (name) @name body: (_) @body) @definition.trait
(enum_declaration name: (name) @name body: (_) @body) @definition.enum

((method_declaration name: (name) @name body: (_) @body) @definition.constructor
 (#eq? @name "__construct"))
(method_declaration name: (name) @name body: (_) @body) @definition.method
; Interface and abstract methods have no body.
(method_declaration name: (name) @name) @declaration.method
(function_definition name: (name) @name body: (_) @body) @definition.function

; One property or constant per declaration: the whole declaration; several
; (`public $a, $b;`): one symbol per element.
(property_declaration . [(var_modifier) (visibility_modifier) (static_modifier) (readonly_modifier) (abstract_modifier) (final_modifier) type: (_)]* . (property_element (variable_name (name) @name)) .) @definition.property
(property_declaration (property_element (variable_name (name) @name)) @definition.property . (property_element))
(property_declaration (property_element) . (property_element (variable_name (name) @name)) @definition.property)

(const_declaration (const_element (name) @name) .) @definition.constant
(const_declaration (const_element (name) @name) @definition.constant . (const_element))
(enum_case name: (name) @name) @definition.constant
; define('NAME', value) defines a global constant (often inside `if (!defined(...))`).
((function_call_expression
   function: (name) @_define
   arguments: (arguments . (argument (string (string_content) @name)))) @definition.constant
 (#eq? @_define "define"))
