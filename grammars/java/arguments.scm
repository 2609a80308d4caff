; What a call passes (changed --impact judges it against the head's parameter list): the
; @arguments of the call @arguments.call, and @argument.spread. Run only where a call is judged,
; not by every skeleton scan.
(method_invocation arguments: (argument_list) @arguments) @arguments.call
(object_creation_expression arguments: (argument_list) @arguments) @arguments.call
