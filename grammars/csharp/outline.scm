; C# outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. Attributes ([Serializable]) are inside a
; declaration: they are in its range, and the registry's signatureSkipTypes keeps them out of
; the signature. `///` comments above are the doc (XML tags stripped).

(namespace_declaration name: (_) @name body: (_) @body) @definition.namespace
; `namespace X;` runs to the end of the file (registry spanToParentEnd).
(file_scoped_namespace_declaration name: (_) @name) @definition.namespace

(class_declaration name: (identifier) @name body: (_) @body) @definition.class
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name body: (_) @body) @definition.struct
(interface_declaration name: (identifier) @name body: (_) @body) @definition.interface
(record_declaration "struct" name: (identifier) @name body: (_) @body) @definition.struct
(record_declaration "struct" name: (identifier) @name) @definition.struct
(record_declaration name: (identifier) @name body: (_) @body) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(enum_declaration name: (identifier) @name body: (_) @body) @definition.enum
(delegate_declaration name: (identifier) @name) @definition.type

(constructor_declaration name: (identifier) @name body: (_) @body) @definition.constructor
(constructor_declaration name: (identifier) @name) @declaration.constructor
;; A destructor is named with its `~` (`~K`, as C# and ctags write it), not like its class.
((destructor_declaration body: (_) @body) @definition.method @name (#name-before? @name "parameters"))
(method_declaration name: (identifier) @name body: (_) @body) @definition.method
; Interface, abstract, extern and partial methods have no body.
(method_declaration name: (identifier) @name) @declaration.method
(operator_declaration operator: _ @name body: (_) @body) @definition.method
(conversion_operator_declaration type: (_) @name body: (_) @body) @definition.method
(local_function_statement name: (identifier) @name body: (_) @body) @definition.function

(property_declaration name: (identifier) @name) @definition.property
(indexer_declaration "this" @name) @definition.property
(event_declaration name: (identifier) @name) @definition.property

; One declarator: the whole declaration. Several (`int a, b;`): one symbol per declarator, each
; one followed by another or after another (not right after: with anchors on both sides the
; matcher skips overlapping pairs: of three names or more the last was lost).
((field_declaration
   (modifier) @_const
   (variable_declaration type: (_) . (variable_declarator name: (identifier) @name) .)) @definition.constant
 (#eq? @_const "const"))
((field_declaration
   (modifier) @_const
   (variable_declaration (variable_declarator name: (identifier) @name) @definition.constant . (variable_declarator)))
 (#eq? @_const "const"))
((field_declaration
   (modifier) @_const
   (variable_declaration (variable_declarator) (variable_declarator name: (identifier) @name) @definition.constant))
 (#eq? @_const "const"))
(field_declaration (variable_declaration type: (_) . (variable_declarator name: (identifier) @name) .)) @definition.field
(field_declaration (variable_declaration (variable_declarator name: (identifier) @name) @definition.field . (variable_declarator)))
(field_declaration (variable_declaration (variable_declarator) (variable_declarator name: (identifier) @name) @definition.field))
(event_field_declaration (variable_declaration (variable_declarator name: (identifier) @name))) @definition.field
(enum_member_declaration name: (identifier) @name) @definition.constant
