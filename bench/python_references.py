"""The Python oracle of the impact benchmark (bench/impact.ts, --python): for a deterministic
sample of public module-level functions and methods of a source tree (test files left out),
the call sites jedi's get_references finds across the project (jedi infers receivers' types
far beyond what syntax says), as JSON on stdout.

    python3 bench/python_references.py DIR SAMPLE

Output: [{"path", "name", "line", "method", "sites": ["rel/path.py:LINE", ...]}, ...]
A site is a reference whose name is called: the next token is `(`.
"""
import ast
import json
import os
import re
import sys

import jedi

SKIP_DIRS = {".git", "node_modules", "build", "dist", ".tox", ".venv", "venv", "__pycache__"}
TEST = re.compile(r"(^|/)(tests?|testing)/|(^|/)test_[^/]*\.py$|_test\.py$|(^|/)conftest\.py$")


def python_files(root):
    out = []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith("."))
        for f in sorted(files):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(d, f), root))
    return out


def callables(body):
    """Public functions of a body, each defined once there; properties and overloads (not called,
    or one name for several definitions) left out."""
    defs = [n for n in body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    counts = {}
    for n in defs:
        counts[n.name] = counts.get(n.name, 0) + 1

    def plain(n):
        for d in n.decorator_list:
            text = ast.unparse(d)
            if text.endswith(("overload", "property", ".setter", ".getter", ".deleter")):
                return False
        return True

    return [n for n in defs if not n.name.startswith("_") and counts[n.name] == 1 and plain(n)]


def candidates(root, files):
    out = []
    for rel in files:
        if TEST.search(rel):
            continue
        try:
            tree = ast.parse(open(os.path.join(root, rel), encoding="utf-8").read())
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in callables(tree.body):
            out.append((rel, node.name, node.lineno, False, node))
        for cls in tree.body:
            if isinstance(cls, ast.ClassDef) and not cls.name.startswith("_"):
                for m in callables(cls.body):
                    out.append((rel, m.name, m.lineno, True, m))
    out.sort(key=lambda c: (c[0], c[1], c[2]))
    return out


def name_position(root, rel, node):
    """1-based line and 0-based column of the def's name."""
    lines = open(os.path.join(root, rel), encoding="utf-8").read().split("\n")
    for i in range(node.lineno - 1, min(len(lines), node.lineno + 20)):
        m = re.search(r"\bdef\s+(" + re.escape(node.name) + r")\b", lines[i])
        if m:
            return i + 1, m.start(1)
    return None


def main():
    root = os.path.realpath(sys.argv[1])
    want = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    files = python_files(root)
    picked_all = candidates(root, files)
    step = max(1.0, len(picked_all) / want)
    picked = []
    i = 0.0
    while int(i) < len(picked_all) and len(picked) < want:
        picked.append(picked_all[int(i)])
        i += step
    # A src layout's packages import from src/.
    paths = [root] + ([os.path.join(root, "src")] if os.path.isdir(os.path.join(root, "src")) else [])
    project = jedi.Project(root, added_sys_path=paths)
    out = []
    for rel, name, _line, method, node in picked:
        pos = name_position(root, rel, node)
        if not pos:
            continue
        line, col = pos
        script = jedi.Script(path=os.path.join(root, rel), project=project)
        sites = set()
        for ref in script.get_references(line, col, scope="project"):
            if ref.module_path is None or ref.is_definition():
                continue
            leaf = ref._name.tree_name
            nxt = leaf.get_next_leaf() if leaf is not None else None
            if nxt is None or nxt.value != "(":
                continue
            path = os.path.relpath(str(ref.module_path), root)
            if path.startswith(".."):
                continue
            sites.add(f"{path}:{ref.line}")
        out.append({"path": rel, "name": name, "line": line, "method": method, "sites": sorted(sites)})
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
