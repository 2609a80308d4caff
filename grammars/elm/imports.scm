; Imports (@import): compiled after outline.scm where an outline lists them. `import M`.
(import_clause moduleName: (upper_case_qid) @import)
