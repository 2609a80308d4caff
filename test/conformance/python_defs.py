"""Print every class/def CPython's `ast` sees, for the conformance test and the benchmark.

Reads file paths (one a line) on stdin; writes one JSON object a line:
  {"path": P, "defs": [[qualified_name, start_line, end_line, kind], ...]}   or
  {"path": P, "error": "..."}                                           when ast cannot parse it.
With --values, also the variables a module or class body binds (in if/try/with blocks too, at any
depth, but not in the script body under `if __name__ == "__main__":` (its `else:` is kept); each name of `a = b = 1`
and `a, b = …`; kind "assign", ranged by the statement).
With --attributes, also each class's instance attributes (kind "attribute", `Class.x`, ranged by
the statement that first assigns it): `self.x = …`, `self.x: T = …`, `self.a, self.b = …`,
`self.a = self.b = …` in a method of the class, where `self` is the method's first parameter
(whatever its name; not a @staticmethod's), in the method's own code (its if/for/while/try/with
blocks, not a nested def, lambda or class); one per name, the first assignment in the file, and
none for a name the class body binds itself (a variable, a def or a class, in if/try/with blocks
too).
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


def is_main_guard(stmt):
    """`if __name__ == "__main__":` (its body is a script's, not the module's definitions)."""
    t = stmt.test if isinstance(stmt, ast.If) else None
    return (isinstance(t, ast.Compare) and isinstance(t.left, ast.Name) and t.left.id == "__name__"
            and len(t.comparators) == 1 and isinstance(t.comparators[0], ast.Constant)
            and t.comparators[0].value == "__main__")


def values(body, prefix, out):
    """With --values: the variables a module or class body binds, in if/try/with blocks too."""
    for stmt in body:
        names = []
        if isinstance(stmt, ast.Assign):
            names = [n for t in stmt.targets for n in targets(t)]
        elif isinstance(stmt, ast.AnnAssign):
            names = targets(stmt.target)
        elif isinstance(stmt, BLOCKS):
            # The script's body under a main guard is left out; its `else:` runs on import.
            for block in ([] if is_main_guard(stmt) else stmt.body, getattr(stmt, "orelse", []), getattr(stmt, "finalbody", [])):
                values(block, prefix, out)
            for handler in getattr(stmt, "handlers", []):
                values(handler.body, prefix, out)
        for n in names:
            out.append([prefix + n, stmt.lineno, stmt.end_lineno, "assign"])


def class_body(body):
    """The statements of a class body, those in its if/try/with blocks included."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, BLOCKS):
            for block in (stmt.body, getattr(stmt, "orelse", []), getattr(stmt, "finalbody", [])):
                yield from class_body(block)
            for handler in getattr(stmt, "handlers", []):
                yield from class_body(handler.body)


def attribute_targets(node, receiver):
    """Attribute names `receiver.x` an assignment target binds: `self.a, (self.b, *self.c) = …`."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == receiver:
        return [node.attr]
    if isinstance(node, (ast.Tuple, ast.List)):
        return [n for e in node.elts for n in attribute_targets(e, receiver)]
    if isinstance(node, ast.Starred):
        return attribute_targets(node.value, receiver)
    return []


SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def own_statements(node):
    """Every assignment in a function's own code: not in a nested def, lambda or class."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, SCOPES):
            continue
        if isinstance(child, (ast.Assign, ast.AnnAssign)):
            yield child
        yield from own_statements(child)


def attributes(cls, prefix, out):
    """With --attributes: the instance attributes the methods of `cls` assign through their receiver."""
    declared = set()
    methods = []
    for stmt in class_body(cls.body):
        if isinstance(stmt, ast.Assign):
            declared.update(n for t in stmt.targets for n in targets(t))
        elif isinstance(stmt, ast.AnnAssign):
            declared.update(targets(stmt.target))
        elif isinstance(stmt, DEFS):
            declared.add(stmt.name)
            if not isinstance(stmt, ast.ClassDef):
                methods.append(stmt)
    found = {}
    for fn in methods:
        if any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in fn.decorator_list):
            continue
        params = fn.args.posonlyargs + fn.args.args
        if not params:
            continue
        receiver = params[0].arg
        for stmt in own_statements(fn):
            tlist = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for n in (n for t in tlist for n in attribute_targets(t, receiver)):
                if n not in declared and (n not in found or stmt.lineno < found[n][1]):
                    found[n] = [prefix + n, stmt.lineno, stmt.end_lineno, "attribute"]
    out.extend(sorted(found.values(), key=lambda d: d[1]))


def walk(node, prefix, out, with_values=False, with_attributes=False):
    if with_values and isinstance(node, (ast.Module, ast.ClassDef)):
        values(node.body, prefix, out)
    if with_attributes and isinstance(node, ast.ClassDef):
        attributes(node, prefix, out)
    for child in ast.iter_child_nodes(node):
        if isinstance(child, DEFS):
            name = prefix + child.name
            start = min([child.lineno] + [d.lineno for d in child.decorator_list])
            kind = "class" if isinstance(child, ast.ClassDef) else "def"
            out.append([name, start, child.end_lineno, kind])
            walk(child, name + ".", out, with_values, with_attributes)
        else:
            walk(child, prefix, out, with_values, with_attributes)


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
        walk(tree, "", out, "--values" in sys.argv, "--attributes" in sys.argv)
        return out

    serve(defs_of)


if __name__ == "__main__":
    main()
