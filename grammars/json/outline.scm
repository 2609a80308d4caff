; JSON: the keys of the top-level object (kind key) and of the objects they hold (second level:
; package.json's scripts and dependencies, tsconfig's compilerOptions). A key holding an object
; or array is signed by its key (the value is its body); a scalar one by its line. Deeper keys,
; and top-level arrays' items, belong to their key: a large data file stays a short outline.
; The patterns start at `document` (one node), not at `pair`: the query then runs once, not at
; each of a data file's hundreds of thousands of pairs.
(document
  (object
    (pair
      key: (string) @name
      value: [(object) (array)]? @body) @definition.key)
  (#not-eq? @name "\"\""))

(document
  (object
    (pair
      value: (object
        (pair
          key: (string) @name
          value: [(object) (array)]? @body) @definition.key)))
  (#not-eq? @name "\"\""))
