; C++ outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. `template <...>` wraps a definition
; (registry wrapperTypes: in range and signature). A name like `Foo::bar` is split on `::`
; by extract.ts: `bar` qualified by `Foo` (out-of-line members are `Foo.bar`).

(namespace_definition name: (_) @name body: (declaration_list) @body) @definition.namespace
; A specialization `class Box<void>` is named `Box`.
(class_specifier name: (template_type name: (_) @name) body: (field_declaration_list) @body) @definition.class
(struct_specifier name: (template_type name: (_) @name) body: (field_declaration_list) @body) @definition.struct
(class_specifier name: (_) @name body: (field_declaration_list) @body) @definition.class
(struct_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct
(union_specifier name: (_) @name body: (field_declaration_list) @body) @definition.struct
(enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum
(type_definition
  type: [(struct_specifier !name body: (field_declaration_list) @body) (union_specifier !name body: (field_declaration_list) @body)]
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (enum_specifier !name body: (enumerator_list) @body)
  declarator: (type_identifier) @name) @definition.enum
(type_definition
  declarator: [
    (type_identifier) @name
    (pointer_declarator declarator: (type_identifier) @name)
    (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
  ]) @definition.type
(alias_declaration name: (type_identifier) @name) @definition.type

; Constructors: in a class body, named like the class.
((class_specifier name: (type_identifier) @_class
   body: (field_declaration_list
     (function_definition declarator: (function_declarator declarator: (identifier) @name) body: (_)? @body) @definition.constructor))
 (#eq? @_class @name))
((class_specifier name: (type_identifier) @_class
   body: (field_declaration_list
     (template_declaration (function_definition declarator: (function_declarator declarator: (identifier) @name) body: (_)? @body) @definition.constructor)))
 (#eq? @_class @name))
((class_specifier name: (type_identifier) @_class
   body: (field_declaration_list
     [(declaration declarator: (function_declarator declarator: (identifier) @name))
      (field_declaration declarator: (function_declarator declarator: [(identifier) (field_identifier)] @name))] @declaration.constructor))
 (#eq? @_class @name))
((struct_specifier name: (type_identifier) @_class
   body: (field_declaration_list
     (function_definition declarator: (function_declarator declarator: (identifier) @name) body: (_)? @body) @definition.constructor))
 (#eq? @_class @name))
((struct_specifier name: (type_identifier) @_class
   body: (field_declaration_list
     (template_declaration (function_definition declarator: (function_declarator declarator: (identifier) @name) body: (_)? @body) @definition.constructor)))
 (#eq? @_class @name))
((struct_specifier name: (type_identifier) @_class
   body: (field_declaration_list
     [(declaration declarator: (function_declarator declarator: (identifier) @name))
      (field_declaration declarator: (function_declarator declarator: [(identifier) (field_identifier)] @name))] @declaration.constructor))
 (#eq? @_class @name))
; Out of line: Foo::Foo(...) and ns::Foo<T>::Foo(...).
((function_definition
   declarator: (function_declarator declarator: (qualified_identifier) @name)
   body: (_)? @body) @definition.constructor
 (#match? @name "(^|::)([A-Za-z_][A-Za-z_0-9]*)(<[^:]*>)?::\\2$"))

; Functions with a body (or `= default` / `= delete`). Qualified ones are out-of-line members.
(function_definition
  declarator: [
    (function_declarator declarator: (qualified_identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier) @name))
    (reference_declarator (function_declarator declarator: (qualified_identifier) @name))
  ]
  body: (_)? @body) @definition.method
(function_definition
  declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]
  body: (_)? @body) @definition.function

; Member declarations inside a class body.
(field_declaration_list
  [(field_declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ])
   (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ])] @declaration.method)
(field_declaration_list
  (template_declaration
    (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.method))
(field_declaration_list
  (field_declaration
    declarator: [
      (field_identifier) @name
      (pointer_declarator declarator: (field_identifier) @name)
      (reference_declarator (field_identifier) @name)
      (array_declarator declarator: (field_identifier) @name)
      (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name)))
    ]) @definition.field)
(enumerator_list (enumerator name: (identifier) @name) @definition.constant)

; File- and namespace-scope declarations: prototypes and variables, also inside #if blocks,
; include guards and extern "C" { } (one pattern per parent: a query cannot alternate a
; parent's type).
(translation_unit (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function)
(translation_unit (template_declaration (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function))
(preproc_if (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function)
(preproc_if (template_declaration (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function))
(preproc_ifdef (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function)
(preproc_ifdef (template_declaration (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function))
(preproc_else (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function)
(preproc_else (template_declaration (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function))
(preproc_elif (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function)
(preproc_elif (template_declaration (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function))
(declaration_list (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function)
(declaration_list (template_declaration (declaration declarator: [
    (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name)
    (pointer_declarator declarator: (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
    (reference_declarator (function_declarator declarator: [(identifier) (qualified_identifier) (operator_name) (destructor_name) (field_identifier) (template_function)] @name))
  ]) @declaration.function))
(translation_unit (declaration declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
    (reference_declarator (identifier) @name)
    (array_declarator declarator: (identifier) @name)
    (init_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (reference_declarator (identifier) @name)
      (array_declarator declarator: (identifier) @name)])
  ]) @definition.variable)
(preproc_if (declaration declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
    (reference_declarator (identifier) @name)
    (array_declarator declarator: (identifier) @name)
    (init_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (reference_declarator (identifier) @name)
      (array_declarator declarator: (identifier) @name)])
  ]) @definition.variable)
(preproc_ifdef (declaration declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
    (reference_declarator (identifier) @name)
    (array_declarator declarator: (identifier) @name)
    (init_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (reference_declarator (identifier) @name)
      (array_declarator declarator: (identifier) @name)])
  ]) @definition.variable)
(preproc_else (declaration declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
    (reference_declarator (identifier) @name)
    (array_declarator declarator: (identifier) @name)
    (init_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (reference_declarator (identifier) @name)
      (array_declarator declarator: (identifier) @name)])
  ]) @definition.variable)
(preproc_elif (declaration declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
    (reference_declarator (identifier) @name)
    (array_declarator declarator: (identifier) @name)
    (init_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (reference_declarator (identifier) @name)
      (array_declarator declarator: (identifier) @name)])
  ]) @definition.variable)
(declaration_list (declaration declarator: [
    (identifier) @name
    (pointer_declarator declarator: (identifier) @name)
    (reference_declarator (identifier) @name)
    (array_declarator declarator: (identifier) @name)
    (init_declarator declarator: [
      (identifier) @name
      (pointer_declarator declarator: (identifier) @name)
      (reference_declarator (identifier) @name)
      (array_declarator declarator: (identifier) @name)])
  ]) @definition.variable)

(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

(preproc_include path: (_) @import)
