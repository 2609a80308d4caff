; Imports (@import): compiled after outline.scm where an outline lists them.
(import module: (module) @import)
