; Scala outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. The grammar (tree-sitter-scala 0.19,
; Scala 2) keeps annotations and modifiers inside a definition: in its range already (and
; annotations out of its signature by signatureSkipTypes). `case class` is a class; an
; `object` is a class (as Kotlin's), a `package object` a module.

(class_definition name: (identifier) @name body: (template_body)? @body) @definition.class
(object_definition name: (identifier) @name body: (template_body)? @body) @definition.class
(trait_definition name: (identifier) @name body: (template_body)? @body) @definition.trait
(package_object name: (identifier) @name body: (template_body)? @body) @definition.module

; `def this(...)`: an auxiliary constructor.
((function_definition name: (identifier) @name body: (_) @body) @definition.constructor
 (#eq? @name "this"))
(function_definition name: (identifier) @name body: (_) @body) @definition.function
(function_declaration name: (identifier) @name) @declaration.function

; Members of classes, objects and traits are properties; file-scope ones (scripts, package
; objects aside) variables, constants when UPPER_CASE.
((val_definition pattern: (identifier) @name) @definition.property
 (#ancestors? @definition.property "^template_body (class|object|trait)_definition"))
((var_definition pattern: (identifier) @name) @definition.property
 (#ancestors? @definition.property "^template_body (class|object|trait)_definition"))
(val_declaration name: (identifier) @name) @declaration.property
(var_declaration name: (identifier) @name) @declaration.property
((val_definition pattern: (identifier) @name) @definition.variable
 (#ancestors? @definition.variable "^(compilation_unit|template_body package_object)"))
((var_definition pattern: (identifier) @name) @definition.variable
 (#ancestors? @definition.variable "^(compilation_unit|template_body package_object)"))

(type_definition name: (type_identifier) @name) @definition.type
