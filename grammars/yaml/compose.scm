; Compose files (profile compose: a top-level `services:`): the top-level keys as in
; outline.scm, and each service of `services:` (kind service, named by its key).
(document
  (block_node
    (block_mapping
      (block_mapping_pair
        key: (flow_node) @name
        value: (block_node)? @body) @definition.key)))

(document
  (block_node
    (block_mapping
      (block_mapping_pair
        key: (flow_node) @_services
        value: (block_node
          (block_mapping
            (block_mapping_pair
              key: (flow_node) @name
              value: (block_node)? @body) @definition.service)))))
  (#match? @_services "^[\"']?services[\"']?$"))
