; YAML: the keys of each document's top-level mapping (every document of a multi-document
; file). A key's signature is its line up to a nested mapping or sequence (the value's
; block_node is its body); a scalar value is kept in it. Patterns start at `document`, so the
; query runs once a document, not at every pair of a large file.
(document
  (block_node
    (block_mapping
      (block_mapping_pair
        key: (flow_node) @name
        value: (block_node)? @body) @definition.key)))
