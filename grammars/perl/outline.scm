; Perl outline query. Captures: see src/core/outline/extract.ts.
; `package A;` runs to the next `package` statement or the end of the file (registry
; `spanToParentEnd`), so the subs below it are its members: `My::Cart` then `My.Cart.new`.
(package_statement name: (package) @name (block) @body) @definition.module
(package_statement name: (package) @name) @definition.module
(subroutine_declaration_statement name: (bareword) @name body: (block) @body) @definition.function
(subroutine_declaration_statement name: (bareword) @name) @declaration.function
; `use constant NAME => value`, `use constant { A => 1, B => 2 }` (each name).
((use_statement module: (package) @_m (list_expression . (autoquoted_bareword) @name)) @definition.constant
 (#eq? @_m "constant"))
((use_statement module: (package) @_m (anonymous_hash_expression (list_expression (autoquoted_bareword) @name))) @definition.constant
 (#eq? @_m "constant"))
