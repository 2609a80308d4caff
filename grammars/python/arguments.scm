; What a call passes (changed --impact judges it against the head's parameter list): the
; @arguments of the call @arguments.call; among its direct children, @argument.keyword (name:
; @argument.name) and @argument.spread. Run only where a call is judged, not by every skeleton scan.
(call arguments: (argument_list) @arguments) @arguments.call
(keyword_argument name: (identifier) @argument.name) @argument.keyword
(list_splat) @argument.spread
(dictionary_splat) @argument.spread
