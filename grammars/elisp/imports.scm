; Imports (@import): compiled after outline.scm where an outline lists them. `(require 'feature)`.
((list . (symbol) @_k . (quote (symbol) @import)) (#eq? @_k "require"))
