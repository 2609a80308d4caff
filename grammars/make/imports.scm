; `include config.mk`, `-include $(DEPS)`: the included files.
(include_directive filenames: (list (_) @import))
