; GitHub Actions workflows (profile github-workflow: top-level `on:` and `jobs:`): the
; top-level keys as in outline.scm, each job of `jobs:` (kind job, named by its id) and each
; step of a job's `steps:` (kind step), named by its `name:`, else its `id:`, else what it
; `uses:`, else its one-line `run:` (the first pattern that names a step wins: registry
; singleName). A step whose only name would be a multi-line `run: |` script is not a symbol:
; its lines belong to its job.
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
        key: (flow_node) @_jobs
        value: (block_node
          (block_mapping
            (block_mapping_pair
              key: (flow_node) @name
              value: (block_node)? @body) @definition.job)))))
  (#match? @_jobs "^[\"']?jobs[\"']?$"))

(block_mapping_pair
  key: (flow_node) @_steps
  value: (block_node
    (block_sequence
      (block_sequence_item
        (block_node
          (block_mapping
            (block_mapping_pair
              key: (flow_node) @_key
              value: (flow_node) @name)))) @definition.step))
  (#match? @_steps "^[\"']?steps[\"']?$")
  (#match? @_key "^[\"']?name[\"']?$"))

(block_mapping_pair
  key: (flow_node) @_steps
  value: (block_node
    (block_sequence
      (block_sequence_item
        (block_node
          (block_mapping
            (block_mapping_pair
              key: (flow_node) @_key
              value: (flow_node) @name)))) @definition.step))
  (#match? @_steps "^[\"']?steps[\"']?$")
  (#match? @_key "^[\"']?id[\"']?$"))

(block_mapping_pair
  key: (flow_node) @_steps
  value: (block_node
    (block_sequence
      (block_sequence_item
        (block_node
          (block_mapping
            (block_mapping_pair
              key: (flow_node) @_key
              value: (flow_node) @name)))) @definition.step))
  (#match? @_steps "^[\"']?steps[\"']?$")
  (#match? @_key "^[\"']?uses[\"']?$"))

(block_mapping_pair
  key: (flow_node) @_steps
  value: (block_node
    (block_sequence
      (block_sequence_item
        (block_node
          (block_mapping
            (block_mapping_pair
              key: (flow_node) @_key
              value: (flow_node) @name)))) @definition.step))
  (#match? @_steps "^[\"']?steps[\"']?$")
  (#match? @_key "^[\"']?run[\"']?$"))
