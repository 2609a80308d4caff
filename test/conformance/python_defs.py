"""Print every class/def CPython's `ast` sees, for the conformance test and the benchmark.

Reads file paths (one a line) on stdin; writes one JSON object a line:
  {"path": P, "defs": [[qualified_name, start_line, end_line, kind], ...]}   or
  {"path": P, "error": "..."}                                           when ast cannot parse it.
qualified_name joins the enclosing class/def names with "." (`Class.method`, `outer.inner`,
`f.C`); start_line is the first decorator's line when decorated (the outline's startLine),
end_line is ast's end_lineno, kind is "class" or "def".
"""
import ast
import json
import sys

DEFS = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def walk(node, prefix, out):
    for child in ast.iter_child_nodes(node):
        if isinstance(child, DEFS):
            name = prefix + child.name
            start = min([child.lineno] + [d.lineno for d in child.decorator_list])
            kind = "class" if isinstance(child, ast.ClassDef) else "def"
            out.append([name, start, child.end_lineno, kind])
            walk(child, name + ".", out)
        else:
            walk(child, prefix, out)


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
        walk(tree, "", out)
        print(json.dumps({"path": path, "defs": out}))


if __name__ == "__main__":
    main()
