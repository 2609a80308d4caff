; Emacs Lisp outline query. Captures: see src/core/outline/extract.ts.
; `defun`/`defsubst` and `defmacro` have their own nodes; `defvar`/`defconst` are special forms;
; every other defining form (`cl-defun`, `defcustom`, `define-minor-mode`, …) is a list told by
; its first symbol. A docstring is the doc; the signature runs to it (or to the first body form).
(function_definition name: (symbol) @name docstring: (string) @doc @body) @definition.function
(function_definition name: (symbol) @name parameters: (_) . (_) @body) @definition.function
(function_definition name: (symbol) @name) @definition.function
(macro_definition name: (symbol) @name docstring: (string) @doc @body) @definition.macro
(macro_definition name: (symbol) @name parameters: (_) . (_) @body) @definition.macro
(macro_definition name: (symbol) @name) @definition.macro
(special_form . "defconst" . (symbol) @name . (_) . (string) @doc) @definition.constant
(special_form . "defconst" . (symbol) @name) @definition.constant
(special_form . "defvar" . (symbol) @name . (_) . (string) @doc) @definition.variable
(special_form . "defvar" . (symbol) @name) @definition.variable
((list . (symbol) @_k . (symbol) @name . (list) . (string) @doc @body) @definition.function
 (#match? @_k "^(cl-defun|cl-defgeneric|cl-defmethod|define-inline)$"))
((list . (symbol) @_k . (symbol) @name) @definition.function
 (#match? @_k "^(cl-defun|cl-defgeneric|cl-defmethod|cl-defsubst|define-inline|define-minor-mode|define-derived-mode|define-globalized-minor-mode|transient-define-prefix|transient-define-suffix|transient-define-argument)$"))
((list . (symbol) @_k . (symbol) @name) @definition.macro
 (#eq? @_k "cl-defmacro"))
((list . (symbol) @_k . (symbol) @name . (_) . (string) @doc) @definition.variable
 (#match? @_k "^(defcustom|defface|defgroup|defvar-local)$"))
((list . (symbol) @_k . (symbol) @name) @definition.variable
 (#match? @_k "^(defcustom|defface|defgroup|defvar-local|defvar-keymap)$"))
((list . (symbol) @_k . (quote (symbol) @name)) @definition.variable
 (#match? @_k "^(defvaralias|define-obsolete-variable-alias)$"))
((list . (symbol) @_k . [(symbol) @name (list . (symbol) @name)]) @definition.struct
 (#match? @_k "^(cl-defstruct|defclass|eieio-defclass)$"))
((list . (symbol) @_k . (quote (symbol) @name)) @definition.function
 (#match? @_k "^(defalias|define-obsolete-function-alias)$"))
