; Bash references query (captures: see grammars/python/references.scm).

(command name: (command_name (word) @reference))
