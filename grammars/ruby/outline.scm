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
; (The call's parts are checked by the engine: a `call` nested in a pattern costs ~20 ms to
; compile at every start, see docs/adding-a-language.md.)
((assignment left: (constant) @name right: (call) @body) @definition.class
 (#field-text? @body "receiver" "^(Struct|Class|Data)$")
 (#field-text? @body "method" "^(new|define)$")
 (#field? @body "block"))
((assignment left: (constant) @name right: (call) @body) @definition.module
 (#field-text? @body "receiver" "^Module$")
 (#field-text? @body "method" "^new$")
 (#field? @body "block"))

; `def Config.load` at top level is qualified by its receiver.
((singleton_method object: [(constant) (scope_resolution)] @qualifier name: (_) @name body: (_)? @body) @definition.method
 (#ancestors? @definition.method "^program$"))
(singleton_method name: (_) @name body: (_)? @body) @definition.function
(method name: (_) @name body: (_)? @body) @definition.function

; attr_reader :a / attr_accessor :a, :b: one property per name, each the whole call (its
; signature reads `attr_accessor :a, :b`).
; Rooted at the argument list, the call checked by the engine (#parent?, #field-text?).
((argument_list (simple_symbol) @name) @definition.property
 (#parent? @definition.property "^call\\.arguments$")
 (#field-text? @definition.property "method" "^attr_(reader|writer|accessor)$"))

(assignment left: (constant) @name) @definition.constant
