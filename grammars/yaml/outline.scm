; YAML: the keys of each document's top-level mapping (every document of a multi-document
; file). A key's signature is its line up to a nested mapping or sequence (the value's
; block_node is its body); a scalar value is kept in it.
(block_mapping_pair
  key: (flow_node) @name
  value: (block_node)? @body
  (#ancestors? @name "^block_mapping_pair block_mapping block_node document$")) @definition.key
