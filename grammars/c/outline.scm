; C outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. A prototype is a @declaration.function
; (declaration: true), a function with a body a @definition.function.

; Declarators are matched flat and checked by the engine (#declarator?: the path of declarator
; types down to the name, which becomes @name), and their place by #ancestors?: nested
; alternations and one pattern per parent would cost far more to compile at every start.
(function_definition declarator: (_) @name body: (compound_statement) @body
  (#declarator? @name "^(pointer_declarator )*function_declarator (parenthesized_declarator )?identifier$")) @definition.function
; A block a macro heads at file scope, `TEST(suite, name) {`, reads as a function typed by the
; macro with a parenthesized name (the mask c/macros-c): no function is written so. Named by
; the macro, as C++ names it; its signature is the call.
(function_definition type: (type_identifier) @name declarator: (parenthesized_declarator) body: (compound_statement) @body) @definition.function

; File-scope declarations: prototypes and variables, also inside #if blocks, include guards
; and extern "C" { } (not in function bodies). A function's name may stand in parentheses,
; `int (f)(void)`; a pointer in them makes a function pointer, a variable:
; `int (*f)(void)`, `char *(*table[4])(int)`.
((declaration declarator: (_) @name) @declaration.function
 (#declarator? @name "^(pointer_declarator )*function_declarator (parenthesized_declarator )?identifier$")
 (#ancestors? @declaration.function "^(translation_unit|preproc_if|preproc_ifdef|preproc_else|preproc_elif|declaration_list)( |$)"))
((declaration declarator: (_) @name) @definition.variable
 (#declarator? @name "^(init_declarator )?(pointer_declarator |array_declarator )*(function_declarator parenthesized_declarator (pointer_declarator |array_declarator )+)?identifier$")
 (#ancestors? @definition.variable "^(translation_unit|preproc_if|preproc_ifdef|preproc_else|preproc_elif|declaration_list)( |$)"))

(struct_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list) @body) @definition.struct
(enum_specifier name: (type_identifier) @name body: (enumerator_list) @body) @definition.enum

; typedef struct { ... } point_t;  is the struct point_t.
(type_definition
  type: [(struct_specifier !name body: (field_declaration_list) @body) (union_specifier !name body: (field_declaration_list) @body)]
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (enum_specifier !name body: (enumerator_list) @body)
  declarator: (type_identifier) @name) @definition.enum
(type_definition declarator: (_) @name
  (#declarator? @name "^(pointer_declarator |array_declarator |function_declarator |parenthesized_declarator )*type_identifier$")) @definition.type

; Fields, also inside #if blocks of the struct.
((field_declaration declarator: (_) @name) @definition.field
 (#declarator? @name "^(pointer_declarator |array_declarator )*(function_declarator parenthesized_declarator (pointer_declarator |array_declarator )+)?field_identifier$")
 (#ancestors? @definition.field "^(preproc_(if|ifdef|else|elif|elifdef) ){0,3}field_declaration_list( |$)"))
; Enumerators, also inside #if blocks of the enum.
((enumerator name: (identifier) @name) @definition.constant
 (#ancestors? @definition.constant "^(preproc_(if|ifdef|else|elif|elifdef) ){0,3}enumerator_list( |$)"))

(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro
