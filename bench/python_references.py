"""The Python oracle of the impact benchmark (bench/impact.ts, --python): for a deterministic
sample of public module-level functions and methods of a source tree (test files left out),
the call sites across the tree that jedi's goto (imports followed) leads to the definition:
every `name(` and `.name(` in the tree is asked (jedi infers receivers' types far beyond what
syntax says; its get_references stops short of sites goto resolves). JSON on stdout.

    python3 bench/python_references.py DIR SAMPLE

Output: [{"path", "name", "line", "method", "sites": ["rel/path.py:LINE", ...]}, ...]
A site is the line its call starts on.
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


def call_line(leaf):
    """The line the call starts on (`a.b(` spread over lines starts at `a`), as the use case reports it."""
    node = leaf
    if node.parent is not None and node.parent.type == "trailer":
        node = node.parent.parent
    return node.start_pos[0]


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
    # The tree's own packages first (a src layout's from src/), before an installed copy of them.
    paths = ([os.path.join(root, "src")] if os.path.isdir(os.path.join(root, "src")) else []) + [root]
    project = jedi.Project(root, sys_path=paths + [p for p in sys.path if p])
    texts = {}
    for rel in files:
        try:
            texts[rel] = open(os.path.join(root, rel), encoding="utf-8").read()
        except UnicodeDecodeError:
            pass
    scripts = {}

    def script_of(rel):
        if rel not in scripts:
            scripts[rel] = jedi.Script(texts[rel], path=os.path.join(root, rel), project=project)
        return scripts[rel]

    out = []
    for rel, name, _line, method, node in picked:
        pos = name_position(root, rel, node)
        if not pos:
            continue
        line, _col = pos
        target = (os.path.join(root, rel), line)
        sites = set()
        for other, text in texts.items():
            if name not in text:
                continue
            # The name, and what `import name as alias` binds it to.
            names = [name] + re.findall(r"\b" + re.escape(name) + r"\s+as\s+(\w+)", text)
            alt = "|".join(re.escape(n) for n in names)
            called = re.compile(r"(?<![\w.])(?:[\w.]+\.)?(" + alt + r")\s*\(|\.\s*(" + alt + r")\s*\(")
            for i, src in enumerate(text.split("\n")):
                if re.match(r"\s*(async\s+)?def\s", src):
                    continue
                for m in called.finditer(src):
                    col = m.start(1) if m.group(1) else m.start(2)
                    try:
                        defs = script_of(other).goto(i + 1, col, follow_imports=True)
                    except Exception:
                        continue
                    if any(d.module_path is not None and (str(d.module_path), d.line) == target for d in defs):
                        leaf = script_of(other)._module_node.get_leaf_for_position((i + 1, col))
                        sites.add(f"{other}:{call_line(leaf) if leaf is not None else i + 1}")
        out.append({"path": rel, "name": name, "line": line, "method": method, "sites": sorted(sites)})
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
