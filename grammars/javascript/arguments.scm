; What a call passes (changed --impact judges it against the head's parameter list): the
; @arguments of the call @arguments.call, and @argument.spread. Run only where a call is judged,
; not by every skeleton scan.
(call_expression arguments: (arguments) @arguments) @arguments.call
(new_expression arguments: (arguments) @arguments) @arguments.call
(spread_element) @argument.spread
