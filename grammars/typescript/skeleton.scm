; inherits: javascript
; TypeScript / TSX skeleton query: JavaScript's patterns (grammars/javascript/skeleton.scm)
; name node types the TypeScript grammar shares, so nothing is added here.
