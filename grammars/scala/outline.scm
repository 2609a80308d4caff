; Scala outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. The grammar (tree-sitter-scala 0.24,
; Scala 2 and 3) keeps annotations and modifiers inside a definition: in its range already
; (and annotations out of its signature by signatureSkipTypes). `case class` is a class; an
; `object` is a class (as Kotlin's), a `package object` a module. Names may be operators
; (`def +`, `object ::`).

[(class_definition name: (_) @name body: (template_body)? @body)
 (object_definition name: (_) @name body: (template_body)? @body)] @definition.class
(trait_definition name: (_) @name body: (template_body)? @body) @definition.trait
(enum_definition name: (_) @name body: (enum_body) @body) @definition.enum
(package_object name: (_) @name body: (template_body)? @body) @definition.module
; Scala 3 `enum` cases (`case Red, Green`, `case Cons(h: A)`) are constants.
[(simple_enum_case name: (_) @name) (full_enum_case name: (_) @name)] @definition.constant
; Scala 3 `given name: T with { ... }` is an instance (a class); an anonymous given is named
; by its type, as the compiler names it (`given Ordering[Int]` is given_Ordering_Int there).
(given_definition name: (_) @name body: (with_template_body)? @body) @definition.class
(given_definition !name return_type: (_) @name body: (with_template_body)? @body) @definition.class
; `extension (s: String) { def twice ... }`: an impl of the extended type, so its methods are
; `String.twice`.
(extension_definition parameters: (parameters . (parameter type: (_) @name)) body: (_) @body) @definition.impl

; `def this(...)`: an auxiliary constructor.
((function_definition name: (_) @name body: (_) @body) @definition.constructor
 (#eq? @name "this"))
(function_definition name: (_) @name body: (_) @body) @definition.function
(function_declaration name: (_) @name) @declaration.function

; Members of classes, objects, traits, enums and givens are properties; file-scope ones
; (scripts, package objects aside) variables, constants when UPPER_CASE. `val a, b = 1`
; defines both names.
([(val_definition pattern: [(identifier) (identifiers (identifier))] @name)
  (var_definition pattern: [(identifier) (identifiers (identifier))] @name)] @definition.property
 (#ancestors? @definition.property "^(template_body|enum_body|with_template_body) (class|object|trait|enum|given)_definition"))
[(val_declaration name: (_) @name) (var_declaration name: (_) @name)] @declaration.property
([(val_definition pattern: [(identifier) (identifiers (identifier))] @name)
  (var_definition pattern: [(identifier) (identifiers (identifier))] @name)] @definition.variable
 (#ancestors? @definition.variable "^(compilation_unit|template_body package_object|template_body package_clause)"))

(type_definition name: (type_identifier) @name) @definition.type
