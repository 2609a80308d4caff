; Imports (@import): compiled after outline.scm where an outline lists them.
; `library(pkg)`, `require(pkg)`, `requireNamespace("pkg")`, `source("file.R")`.
((call function: (identifier) @_f arguments: (arguments . (argument value: [(identifier) @import (string (string_content) @import)])))
 (#match? @_f "^(library|require|requireNamespace|source)$"))
