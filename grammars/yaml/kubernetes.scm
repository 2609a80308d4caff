; Kubernetes manifests (profile kubernetes: top-level `apiVersion:` and `kind:`): each document
; is one object (kind resource), named `<kind>/<metadata.name>` (just `<kind>` without a
; metadata name: a Kustomization), its range the document's mapping (the `---` line left out,
; a comment right above it its doc), its signature the lines before `metadata:` (apiVersion,
; kind). The earlier pattern wins for a document.
(document
  (block_node
    (block_mapping
      (block_mapping_pair
        key: (flow_node) @_kind
        value: (flow_node) @name)
      (block_mapping_pair
        key: (flow_node) @_meta
        value: (block_node
          (block_mapping
            (block_mapping_pair
              key: (flow_node) @_name
              value: (flow_node) @name.2)))) @body)) @definition.resource
  (#eq? @_kind "kind")
  (#eq? @_meta "metadata")
  (#eq? @_name "name")
  (#set! name.separator "/"))

(document
  (block_node
    (block_mapping
      (block_mapping_pair
        key: (flow_node) @_meta
        value: (block_node
          (block_mapping
            (block_mapping_pair
              key: (flow_node) @_name
              value: (flow_node) @name.2))))
      (block_mapping_pair
        key: (flow_node) @_kind
        value: (flow_node) @name))) @definition.resource
  (#eq? @_kind "kind")
  (#eq? @_meta "metadata")
  (#eq? @_name "name")
  (#set! name.separator "/"))

(document
  (block_node
    (block_mapping
      (block_mapping_pair
        key: (flow_node) @_kind
        value: (flow_node) @name))) @definition.resource
  (#eq? @_kind "kind"))
