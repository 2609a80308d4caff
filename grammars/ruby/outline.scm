; Ruby outline query. Captures: see src/core/outline/extract.ts.
; Earlier patterns win when two match the same node. `def self.x` and methods inside
; `class << self` nest under their class (Item.from_json); comments above are the doc.

; A comment above the first member sits between the header and the body: the signature
; stops at it.
(class name: [(constant) (scope_resolution)] @name . (comment) @body) @definition.class
(class name: [(constant) (scope_resolution)] @name . (superclass) . (comment) @body) @definition.class
(module name: [(constant) (scope_resolution)] @name . (comment) @body) @definition.module
(class name: [(constant) (scope_resolution)] @name body: (_) @body) @definition.class
(class name: [(constant) (scope_resolution)] @name) @definition.class
(module name: [(constant) (scope_resolution)] @name body: (_) @body) @definition.module
(module name: [(constant) (scope_resolution)] @name) @definition.module

; `Point = Struct.new(:x, :y) do ... end` and `Class.new(Base) { ... }` define classes.
((assignment
   left: (constant) @name
   right: (call receiver: (constant) @_factory method: (identifier) @_new block: (_) @body)) @definition.class
 (#match? @_factory "^(Struct|Class|Data)$")
 (#match? @_new "^(new|define)$"))
((assignment
   left: (constant) @name
   right: (call receiver: (constant) @_factory method: (identifier) @_new block: (_) @body)) @definition.module
 (#eq? @_factory "Module")
 (#eq? @_new "new"))

; `def Config.load` at top level is qualified by its receiver.
(program (singleton_method object: [(constant) (scope_resolution)] @qualifier name: (_) @name body: (_)? @body) @definition.method)
(singleton_method name: (_) @name body: (_)? @body) @definition.function
(method name: (_) @name body: (_)? @body) @definition.function

; attr_reader :a / attr_accessor :a, :b: one property per name (a single name takes the
; whole call, so its signature reads `attr_reader :a`).
((call
   method: (identifier) @_attr
   arguments: (argument_list . (simple_symbol) @name .)) @definition.property
 (#match? @_attr "^attr_(reader|writer|accessor)$"))
((call
   method: (identifier) @_attr
   arguments: (argument_list (simple_symbol) @name @definition.property . (_)))
 (#match? @_attr "^attr_(reader|writer|accessor)$"))
((call
   method: (identifier) @_attr
   arguments: (argument_list (_) . (simple_symbol) @name @definition.property))
 (#match? @_attr "^attr_(reader|writer|accessor)$"))

(assignment left: (constant) @name) @definition.constant

((call
   method: (identifier) @_require
   arguments: (argument_list . (string (string_content) @import)))
 (#match? @_require "^(require|require_relative|load|autoload)$"))
