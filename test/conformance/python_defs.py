"""Print every class/def CPython's `ast` sees, for the conformance test and the benchmark.

Reads file paths (one a line) on stdin; writes one JSON object a line:
  {"path": P, "defs": [[qualified_name, start_line, end_line, kind], ...]}   or
  {"path": P, "error": "..."}                                           when ast cannot parse it.
With --values, also the variables a module or class body binds (in if/try/with blocks too; each
name of `a = b = 1` and `a, b = …`; kind "assign", ranged by the statement).
qualified_name joins the enclosing class/def names with "." (`Class.method`, `outer.inner`,
`f.C`); start_line is the first decorator's line when decorated (the outline's startLine),
end_line is ast's end_lineno, kind is "class" or "def".
"""
import ast
import json
import sys

DEFS = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


# Blocks whose statements still belong to the module (or class) body around them.
BLOCKS = (ast.If, ast.Try, ast.With)


def targets(node):
    """Names an assignment binds: `a = b = 1` -> a, b; `a, (b, c) = …` -> a, b, c."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, (ast.Tuple, ast.List)):
        return [n for e in node.elts for n in targets(e)]
    if isinstance(node, ast.Starred):
        return targets(node.value)
    return []


def values(body, prefix, out):
    """With --values: the variables a module or class body binds, in if/try/with blocks too."""
    for stmt in body:
        names = []
        if isinstance(stmt, ast.Assign):
            names = [n for t in stmt.targets for n in targets(t)]
        elif isinstance(stmt, ast.AnnAssign):
            names = targets(stmt.target)
        elif isinstance(stmt, BLOCKS):
            for block in (stmt.body, getattr(stmt, "orelse", []), getattr(stmt, "finalbody", [])):
                values(block, prefix, out)
            for handler in getattr(stmt, "handlers", []):
                values(handler.body, prefix, out)
        for n in names:
            out.append([prefix + n, stmt.lineno, stmt.end_lineno, "assign"])


def walk(node, prefix, out, with_values=False):
    if with_values and isinstance(node, (ast.Module, ast.ClassDef)):
        values(node.body, prefix, out)
    for child in ast.iter_child_nodes(node):
        if isinstance(child, DEFS):
            name = prefix + child.name
            start = min([child.lineno] + [d.lineno for d in child.decorator_list])
            kind = "class" if isinstance(child, ast.ClassDef) else "def"
            out.append([name, start, child.end_lineno, kind])
            walk(child, name + ".", out, with_values)
        else:
            walk(child, prefix, out, with_values)


def serve(defs_of):
    """For each file path on stdin, one JSON line: {"path", "defs": defs_of(tree)} or {"path", "error"}."""
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
        print(json.dumps({"path": path, "defs": defs_of(tree)}))


def main():
    def defs_of(tree):
        out = []
        walk(tree, "", out, "--values" in sys.argv)
        return out

    serve(defs_of)


if __name__ == "__main__":
    main()
