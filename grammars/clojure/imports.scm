; Imports (@import): compiled after outline.scm where an outline lists them.
; The libraries in `(ns … (:require [lib …] …))` and `(:import (pkg Class))`.
((list_lit . (kwd_lit name: (kwd_name) @_r) (vec_lit . (sym_lit name: (sym_name) @import)))
 (#eq? @_r "require"))
((list_lit . (kwd_lit name: (kwd_name) @_r) (sym_lit name: (sym_name) @import))
 (#eq? @_r "require"))
