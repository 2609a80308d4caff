; Rust outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. Attributes (#[derive], #[test]) join the
; range through the registry's leadingTypes; `///` comments above are the doc.

(struct_item name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
(enum_item name: (type_identifier) @name body: (_) @body) @definition.enum
(type_item name: (type_identifier) @name) @definition.type
(associated_type name: (type_identifier) @name) @declaration.type
(trait_item name: (type_identifier) @name body: (_) @body) @definition.trait

; An impl is named by its type (without path or generics); its methods are qualified by it
; (Config.new).
(impl_item type: (generic_type type: (type_identifier) @name) body: (_) @body) @definition.impl
(impl_item type: (generic_type type: (scoped_type_identifier name: (_) @name)) body: (_) @body) @definition.impl
(impl_item type: (scoped_type_identifier name: (_) @name) body: (_) @body) @definition.impl
(impl_item type: (_) @name body: (_) @body) @definition.impl

(mod_item name: (identifier) @name body: (_) @body) @definition.module
(mod_item name: (identifier) @name) @declaration.module

(macro_definition name: (identifier) @name) @definition.macro

(function_item name: (identifier) @name body: (_) @body) @definition.function
(function_signature_item name: (identifier) @name) @declaration.function

; Named fields of structs and unions (not of enum variants).
(enum_variant_list (enum_variant name: (identifier) @name) @definition.constant)
(struct_item
  body: (field_declaration_list
    (field_declaration name: (field_identifier) @name) @definition.field))
(union_item
  body: (field_declaration_list
    (field_declaration name: (field_identifier) @name) @definition.field))

(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.variable
