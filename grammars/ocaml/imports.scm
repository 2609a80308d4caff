; Imports (@import): compiled after outline.scm where an outline lists them. `open M`.
(open_module module: (module_path) @import)
