"""Print every def's parameter names as CPython's `ast` sees them, for bench/signatures.ts.

Reads file paths (one a line) on stdin; writes one JSON object a line:
  {"path": P, "defs": [[name, start_line, [param, ...]], ...]}   or   {"path": P, "error": "..."}
start_line is the first decorator's line when decorated (the outline's startLine); the
parameters are positional-only, ordinary, *args, keyword-only and **kwargs, in that order.
"""
import ast
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "conformance"))
from python_defs import serve  # noqa: E402  (the stdin loop the conformance oracle uses)

FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


def params(a):
    names = [p.arg for p in a.posonlyargs + a.args]
    if a.vararg:
        names.append(a.vararg.arg)
    names += [p.arg for p in a.kwonlyargs]
    if a.kwarg:
        names.append(a.kwarg.arg)
    return names


def main():
    def defs_of(tree):
        out = []
        for node in ast.walk(tree):
            if isinstance(node, FUNCS):
                start = min([node.lineno] + [d.lineno for d in node.decorator_list])
                out.append([node.name, start, params(node.args)])
        return out

    serve(defs_of)


if __name__ == "__main__":
    main()
