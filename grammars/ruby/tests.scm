; Test blocks (core/tests/blocks.ts): `it "title" do ... end`, `describe Foo do ... end`,
; `test "title" do ... end`. Which method names are tests and which group them is the
; runner's data (core/languages/test-conventions.ts).
(call
  method: (identifier) @block.callee
  arguments: (argument_list . [(string) (constant) (scope_resolution) (simple_symbol)] @block.title)
  block: [(do_block) (block)]) @block
