"""The parts of every Python definition as CPython's `ast` sees them, for bench/classification.ts.

Usage: python3 python_parts.py FILE  ->  one JSON array of
  {"first": line, "ident": line, "name": "C.m", "sig": ..., "doc": ..., "value": ..., "body": ...}
first is the first decorator's line (else the definition's), the outline's startLine. Parts are
ast.dump texts (no positions, so formatting and comments do not count), "-" when absent:
  def:    sig = async-ness, args, returns, decorators (type_params where the parser has them);
          doc = the docstring; body = the statements after it
  class:  sig = bases, keywords, decorators; doc = the docstring; its methods and fields apart
  x = v / x: T = v (module and class level): sig = the annotation; value = the value
"""
import ast
import json
import sys


def dump(node):
    return "-" if node is None else ast.dump(node)


def docstring_split(body):
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) and isinstance(body[0].value.value, str):
        return body[0].value.value, body[1:]
    return None, body


def walk(body, scope, rows):
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = f"{scope}.{node.name}" if scope else node.name
            first = min([d.lineno for d in node.decorator_list] + [node.lineno])
            doc, rest = docstring_split(node.body)
            decorators = "[" + ",".join(dump(d) for d in node.decorator_list) + "]"
            params = dump(getattr(node, "type_params", None)) if getattr(node, "type_params", None) else ""
            if isinstance(node, ast.ClassDef):
                sig = f"class {[dump(b) for b in node.bases]} {[dump(k) for k in node.keywords]} {decorators} {params}"
                rows.append({"first": first, "ident": node.lineno, "name": name, "sig": sig, "doc": doc if doc is not None else "-", "value": "-", "body": "-"})
                walk(node.body, name, rows)
            else:
                sig = f"{type(node).__name__} {dump(node.args)} {dump(node.returns)} {decorators} {params}"
                rows.append({"first": first, "ident": node.lineno, "name": name, "sig": sig, "doc": doc if doc is not None else "-", "value": "-", "body": "[" + ",".join(dump(s) for s in rest) + "]"})
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                for n in ast.walk(t):
                    if isinstance(n, ast.Name):
                        name = f"{scope}.{n.id}" if scope else n.id
                        ann = dump(node.annotation) if isinstance(node, ast.AnnAssign) else "-"
                        rows.append({"first": node.lineno, "ident": n.lineno, "name": name, "sig": ann, "doc": "-", "value": dump(node.value), "body": "-"})
        elif isinstance(node, (ast.If, ast.Try)) and not scope:
            # Module-level definitions under `if TYPE_CHECKING:` / `try: import` blocks.
            walk(node.body, scope, rows)
            walk(getattr(node, "orelse", []), scope, rows)


def main():
    with open(sys.argv[1], "rb") as f:
        src = f.read()
    try:
        tree = ast.parse(src)
    except (SyntaxError, ValueError) as e:
        print(json.dumps({"error": str(e)}))
        return
    rows = []
    walk(tree.body, "", rows)
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
