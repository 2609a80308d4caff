; inherits: javascript
; TypeScript / TSX: JavaScript's argument patterns (grammars/javascript/arguments.scm) name
; node types the TypeScript grammar shares.
