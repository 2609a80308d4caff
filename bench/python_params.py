"""Print every def's parameter names as CPython's `ast` sees them, for bench/signatures.ts.

Reads file paths (one a line) on stdin; writes one JSON object a line:
  {"path": P, "defs": [[name, start_line, [param, ...]], ...]}   or   {"path": P, "error": "..."}
start_line is the first decorator's line when decorated (the outline's startLine); the
parameters are positional-only, ordinary, *args, keyword-only and **kwargs, in that order.
"""
import ast
import json
import sys

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
    for line in sys.stdin:
        path = line.rstrip("\n")
        if not path:
            continue
        try:
            with open(path, "rb") as f:
                tree = ast.parse(f.read(), filename=path)
        except (SyntaxError, ValueError, UnicodeDecodeError) as e:
            print(json.dumps({"path": path, "error": type(e).__name__ + ": " + str(e)}))
            continue
        out = []
        for node in ast.walk(tree):
            if isinstance(node, FUNCS):
                start = min([node.lineno] + [d.lineno for d in node.decorator_list])
                out.append([node.name, start, params(node.args)])
        print(json.dumps({"path": path, "defs": out}))


if __name__ == "__main__":
    main()
