; Java outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. Annotations sit inside a declaration's
; `modifiers`, so they are in its range already; the javadoc above it is the doc.

(class_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(record_declaration name: (identifier) @name body: (class_body) @body) @definition.class
(interface_declaration name: (identifier) @name body: (interface_body) @body) @definition.interface
(annotation_type_declaration name: (identifier) @name body: (annotation_type_body) @body) @definition.interface
(enum_declaration name: (identifier) @name body: (enum_body) @body) @definition.enum

(constructor_declaration name: (identifier) @name body: (constructor_body) @body) @definition.constructor
(compact_constructor_declaration name: (identifier) @name body: (block) @body) @definition.constructor

(method_declaration name: (identifier) @name body: (block) @body) @definition.method
; Interface and abstract methods have no body.
(method_declaration name: (identifier) @name !body) @declaration.method
(annotation_type_element_declaration name: (identifier) @name) @declaration.method

(field_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.field
(constant_declaration declarator: (variable_declarator name: (identifier) @name)) @definition.constant
(enum_body (enum_constant name: (identifier) @name) @definition.constant)
