; CSS: rule sets (kind rule) named by their selector list as written (blanks folded:
; `.btn, .btn-primary`), and at-rules with a block (kind rule) named by their prelude:
; `@media (max-width: 600px)`, `@keyframes fade`, `@font-face`, `@supports (display: grid)`,
; `@layer base`. Rule sets inside an at-rule are its members; keyframe selectors (`from`, `50%`)
; are not symbols. The block is the body: a signature is the header.
(rule_set (selectors) @name (block) @body) @definition.rule
(media_statement (block) @body (#set! name.header)) @name @definition.rule
(supports_statement (block) @body (#set! name.header)) @name @definition.rule
(keyframes_statement (keyframe_block_list) @body (#set! name.header)) @name @definition.rule
(at_rule (block) @body (#set! name.header)) @name @definition.rule
(scope_statement (block) @body (#set! name.header)) @name @definition.rule
