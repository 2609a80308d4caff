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
; An anonymous `enum : unsigned { A }` parses with a MISSING (empty) name: like `enum { A }`, no
; container, its enumerators in the enclosing scope (where C++ puts them).
((enum_specifier name: (_) @name body: (enumerator_list) @body) @definition.enum
 (#match? @name "."))
(type_definition
  type: [(struct_specifier !name body: (field_declaration_list) @body) (union_specifier !name body: (field_declaration_list) @body)]
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (enum_specifier !name body: (enumerator_list) @body)
  declarator: (type_identifier) @name) @definition.enum
; Declarators are matched flat and checked by the engine (#declarator?: the path of declarator
; types down to the name, which becomes @name), and their place by #ancestors?: nested
; alternations and one pattern per parent would cost far more to compile at every start.
(type_definition declarator: (_) @name
  (#declarator? @name "^(pointer_declarator |reference_declarator |array_declarator |function_declarator |parenthesized_declarator )*type_identifier$")) @definition.type
(alias_declaration name: (type_identifier) @name) @definition.type
(concept_definition name: (identifier) @name . (_) @body) @definition.type

; Constructors: in a class body, named like the class.
((function_definition declarator: (_) @name body: (_)? @body) @definition.constructor
 (#declarator? @name "^function_declarator identifier$")
 (#ancestors? @definition.constructor "^(template_declaration )?field_declaration_list (class_specifier|struct_specifier)( |$)")
 (#eq-ancestor-name? @name "class_specifier|struct_specifier"))
((declaration declarator: (_) @name) @declaration.constructor
 (#declarator? @name "^function_declarator identifier$")
 (#ancestors? @declaration.constructor "^field_declaration_list (class_specifier|struct_specifier)( |$)")
 (#eq-ancestor-name? @name "class_specifier|struct_specifier"))
((field_declaration declarator: (_) @name) @declaration.constructor
 (#declarator? @name "^function_declarator (identifier|field_identifier)$")
 (#ancestors? @declaration.constructor "^field_declaration_list (class_specifier|struct_specifier)( |$)")
 (#eq-ancestor-name? @name "class_specifier|struct_specifier"))
; Out of line: Foo::Foo(...) and ns::Foo<T>::Foo(...).
((function_definition
   declarator: (function_declarator declarator: (qualified_identifier) @name)
   body: (_)? @body) @definition.constructor
 (#match? @name "(^|::)([A-Za-z_][A-Za-z_0-9]*)(<[^:]*>)?::\\2$"))

; Functions with a body (or `= default` / `= delete`). Qualified ones are out-of-line members.
(function_definition declarator: (_) @name body: (_)? @body
  (#declarator? @name "^(pointer_declarator |reference_declarator )?function_declarator qualified_identifier$")) @definition.method
(function_definition declarator: (_) @name body: (_)? @body
  (#declarator? @name "^(pointer_declarator |reference_declarator )*function_declarator (parenthesized_declarator )?(identifier|qualified_identifier|operator_name|destructor_name|field_identifier|template_function)$")) @definition.function

; Conversion operators: `operator bool() const` is named `operator bool`.
(function_definition declarator: (operator_cast) @name body: (_)? @body
  (#name-before? @name "declarator")) @definition.function
((declaration declarator: (operator_cast) @name) @declaration.method
 (#name-before? @name "declarator")
 (#ancestors? @declaration.method "^(template_declaration )?field_declaration_list( |$)"))

; Member declarations inside a class body.
((field_declaration declarator: (_) @name) @declaration.method
 (#declarator? @name "^(pointer_declarator |reference_declarator )*function_declarator (parenthesized_declarator )?(identifier|qualified_identifier|operator_name|destructor_name|field_identifier|template_function)$")
 (#ancestors? @declaration.method "^field_declaration_list( |$)"))
((declaration declarator: (_) @name) @declaration.method
 (#declarator? @name "^(pointer_declarator |reference_declarator )*function_declarator (parenthesized_declarator )?(identifier|qualified_identifier|operator_name|destructor_name|field_identifier|template_function)$")
 (#ancestors? @declaration.method "^(template_declaration )?field_declaration_list( |$)"))
; Fields (also inside #if blocks of the class); a pointer in parentheses makes a function
; pointer, `R (*f)(A)`.
((field_declaration declarator: (_) @name) @definition.field
 (#declarator? @name "^(init_declarator )?(pointer_declarator |reference_declarator |array_declarator )*(function_declarator parenthesized_declarator (pointer_declarator |reference_declarator |array_declarator )+)?field_identifier$")
 (#ancestors? @definition.field "^(preproc_(if|ifdef|else|elif|elifdef) ){0,3}field_declaration_list( |$)"))
; Enumerators, also inside #if blocks of the enum.
((enumerator name: (identifier) @name) @definition.constant
 (#ancestors? @definition.constant "^(preproc_(if|ifdef|else|elif|elifdef) ){0,3}enumerator_list( |$)"))

; File- and namespace-scope declarations: prototypes and variables, also inside #if blocks,
; include guards and extern "C" { } (not in function bodies).
((declaration declarator: (_) @name) @declaration.function
 (#declarator? @name "^(pointer_declarator |reference_declarator )*function_declarator (parenthesized_declarator )?(identifier|qualified_identifier|operator_name|destructor_name|field_identifier|template_function)$")
 (#ancestors? @declaration.function "^(template_declaration )?(translation_unit|preproc_if|preproc_ifdef|preproc_else|preproc_elif|declaration_list)( |$)"))
; A variable's name may be qualified: the out-of-line definition of a static member,
; `const char* const test::s_ = "x";`.
((declaration declarator: (_) @name) @definition.variable
 (#declarator? @name "^(init_declarator )?(pointer_declarator |reference_declarator |array_declarator )*(function_declarator parenthesized_declarator (pointer_declarator |reference_declarator |array_declarator )+)?(identifier|qualified_identifier)$")
 (#ancestors? @definition.variable "^(template_declaration )?(translation_unit|preproc_if|preproc_ifdef|preproc_else|preproc_elif|declaration_list)( |$)"))

(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro
