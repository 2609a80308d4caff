; Test blocks (core/tests/blocks.ts): a call whose callee is a name or `name.modifier`
; (`it.only`, `test.skip`, `describe.concurrent`), with a title first. Which callee names are
; tests and which group them is the runner's data (core/languages/test-conventions.ts).
(call_expression
  function: [(identifier) @block.callee
             (member_expression object: (identifier) @block.callee)]
  arguments: (arguments . [(string) (template_string)] @block.title)) @block
