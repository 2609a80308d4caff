; Imports (@import, @import.name): compiled after outline.scm where an outline lists them.
; `alias A.B`, `import A`, `require A`, `use A`; `alias A.{B, C}` gives A.B and A.C.
((call target: (identifier) @_k (arguments . (alias) @import))
 (#match? @_k "^(alias|import|require|use)$"))
((call target: (identifier) @_k (arguments . (dot left: (alias) @import right: (tuple (alias) @import.name))))
 (#match? @_k "^(alias|import|require|use)$"))
