; Makefiles: each target of a rule (kind target; `app lib: main.o` gives `app` and `lib` the
; rule's range), special targets (`.PHONY`, `.SUFFIXES`) left out; variables assigned outside
; rules (`CC = gcc`, `export PATH := …`, in conditionals too) and `define NAME … endef` (kind
; variable). A target's own variable (`32bit: CFLAGS += -m32`) is a line of that target. A
; rule's recipe is its own text.
(rule (targets [(word) (variable_reference) (concatenation)] @name)
  (#not-match? @name "^\\.[A-Z_]+$")) @definition.target
(variable_assignment target_or_pattern: (list [(word) (variable_reference) (concatenation)] @name)
  (#not-match? @name "^\\.[A-Z_]+$")) @definition.target
(variable_assignment !target_or_pattern name: (_) @name
  (#ancestors? @name "^variable_assignment (?!rule|recipe|targets)")) @definition.variable
(define_directive name: (_) @name) @definition.variable
