; TOML: tables (`[tool.ruff]`, named by their dotted key as written) and array-of-tables
; entries (`[[bin]]`, each one a table of that name), kind table; the keys of the top level
; and of each table (kind key, `dependencies.serde`). Tables do not nest in the tree: each
; runs to the next table header; `[tool.ruff.lint]` is a table of its own beside `[tool.ruff]`.
(table . [(bare_key) (quoted_key) (dotted_key)] @name) @definition.table
(table_array_element . [(bare_key) (quoted_key) (dotted_key)] @name) @definition.table
(document (pair . [(bare_key) (quoted_key) (dotted_key)] @name) @definition.key)
(table (pair . [(bare_key) (quoted_key) (dotted_key)] @name) @definition.key)
(table_array_element (pair . [(bare_key) (quoted_key) (dotted_key)] @name) @definition.key)
