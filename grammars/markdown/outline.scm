; Markdown: every heading, ATX (`## Install`) or setext (`Title` over `=====`), is a section
; named by its text. A section runs to the next heading of its level or above (levels.ts), so
; sections nest by level. Headings in fenced code, HTML blocks and indented code are none:
; the grammar does not parse them as headings.
(atx_heading (atx_h1_marker) heading_content: (_) @name (#set! section.level "1")) @definition.section
(atx_heading (atx_h2_marker) heading_content: (_) @name (#set! section.level "2")) @definition.section
(atx_heading (atx_h3_marker) heading_content: (_) @name (#set! section.level "3")) @definition.section
(atx_heading (atx_h4_marker) heading_content: (_) @name (#set! section.level "4")) @definition.section
(atx_heading (atx_h5_marker) heading_content: (_) @name (#set! section.level "5")) @definition.section
(atx_heading (atx_h6_marker) heading_content: (_) @name (#set! section.level "6")) @definition.section
(setext_heading heading_content: (_) @name (setext_h1_underline) (#set! section.level "1")) @definition.section
(setext_heading heading_content: (_) @name (setext_h2_underline) (#set! section.level "2")) @definition.section
