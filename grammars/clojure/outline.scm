; Clojure outline query. Captures: see src/core/outline/extract.ts.
; Every form is a list: `(defn name …)` is told by its first symbol. A docstring right after
; the name is the doc; the signature runs to the parameter vector (the body is what follows it).
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name) . (str_lit) @doc (vec_lit) . (_) @body) @definition.function
 (#match? @_k "^(defn|defn-|defmulti|defmethod|deftest)$"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name) (vec_lit) . (_) @body) @definition.function
 (#match? @_k "^(defn|defn-|defmulti|defmethod|deftest)$"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name) . (str_lit) @doc) @definition.function
 (#match? @_k "^(defn|defn-|defmulti|defmethod|deftest)$"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name)) @definition.function
 (#match? @_k "^(defn|defn-|defmulti|defmethod|deftest)$"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name) . (str_lit) @doc (vec_lit) . (_) @body) @definition.macro
 (#eq? @_k "defmacro"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name) (vec_lit) . (_) @body) @definition.macro
 (#eq? @_k "defmacro"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name) . (str_lit) @doc) @definition.macro
 (#eq? @_k "defmacro"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name)) @definition.macro
 (#eq? @_k "defmacro"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name) . (str_lit) @doc) @definition.namespace
 (#eq? @_k "ns"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name)) @definition.namespace
 (#eq? @_k "ns"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name)) @definition.interface
 (#match? @_k "^(defprotocol|definterface)$"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name) . (vec_lit) . (_) @body) @definition.class
 (#match? @_k "^(defrecord|deftype)$"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name)) @definition.class
 (#match? @_k "^(defrecord|deftype)$"))
((list_lit . (sym_lit name: (sym_name) @_k) . (sym_lit name: (sym_name) @name)) @definition.variable
 (#match? @_k "^(def|defonce)$"))
