#!/usr/bin/env python3
"""CPython-`ast` oracle for `ast-outline changed` on Python files (tests and bench only).

It applies the CONTRACT rule with CPython's own parser:
- symbols: every FunctionDef / AsyncFunctionDef / ClassDef, keyed by qualified name (names of
  the enclosing definitions joined by ".") plus an ordinal when a name repeats;
- a symbol's range runs from its first decorator to `end_lineno`; its members are the nested
  definitions and, for a class, the single-name assignments of its body (the outline's fields);
- its own text = its non-blank lines outside its members' ranges; `modified` when that differs.

Modes (JSON on stdin, JSON on stdout):
  oracle:   [{"id", "old", "new"}]  ->  [{"id", "added", "removed", "modified", "error"?}]
  generate: {"seed", "cases", "files"} -> [{"id", "path", "old", "new"}]  (random edits to real files)
"""
import ast
import json
import random
import sys

DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def first_line(node):
    decos = getattr(node, "decorator_list", [])
    return min([node.lineno] + [d.lineno for d in decos])


def is_field(stmt):
    if isinstance(stmt, ast.Assign):
        return isinstance(stmt.targets[0], ast.Name)
    if isinstance(stmt, ast.AnnAssign):
        return isinstance(stmt.target, ast.Name)
    return False


def members(node):
    """Definitions directly inside `node` (at any statement depth, not inside another def)."""
    out = []

    def visit(n):
        for child in ast.iter_child_nodes(n):
            if isinstance(child, DEFS):
                out.append(child)
            else:
                visit(child)

    visit(node)
    return out


def symbols(text):
    tree = ast.parse(text)
    lines = text.split("\n")
    result = {}
    counts = {}

    def own_text(node, kids):
        start, end = first_line(node), node.end_lineno
        excluded = set()
        for k in kids:
            excluded.update(range(first_line(k), k.end_lineno + 1))
        return "\n".join(lines[i - 1] for i in range(start, end + 1) if i not in excluded and lines[i - 1].strip())

    def walk(n, prefix):
        for d in members(n):
            qn = f"{prefix}.{d.name}" if prefix else d.name
            ordinal = counts.get(qn, 0)
            counts[qn] = ordinal + 1
            key = qn if ordinal == 0 else f"{qn}#{ordinal}"
            kids = members(d)
            if isinstance(d, ast.ClassDef):
                kids = kids + [s for s in d.body if is_field(s)]
            result[key] = own_text(d, kids)
            walk(d, qn)

    walk(tree, "")
    return result


def oracle(case):
    try:
        old = symbols(case["old"]) if case.get("old") is not None else {}
        new = symbols(case["new"]) if case.get("new") is not None else {}
    except SyntaxError as e:
        return {"id": case["id"], "error": f"syntax error: {e}"}
    return {
        "id": case["id"],
        "added": sorted(k for k in new if k not in old),
        "removed": sorted(k for k in old if k not in new),
        "modified": sorted(k for k in new if k in old and new[k] != old[k]),
    }


def parses(text):
    try:
        ast.parse(text)
        return True
    except SyntaxError:
        return False


def edit(text, rnd, tag):
    """One random edit: modify a body, add or remove a definition, change a signature, or shift."""
    tree = ast.parse(text)
    defs = [n for n in ast.walk(tree) if isinstance(n, DEFS)]
    lines = text.split("\n")
    what = rnd.choice(["modify", "modify", "add", "remove", "signature", "shift"])
    if not defs or what == "shift":
        # Code inserted above everything: every symbol shifts, nothing else changes.
        at = 0
        while at < len(lines) and (lines[at].startswith(("#", "from __future__")) or lines[at].startswith('"""')):
            at += 1
        lines.insert(at, f"_shift_{tag} = {tag}")
        return "\n".join(lines)
    d = rnd.choice(defs)
    body0 = d.body[0]
    indent = " " * body0.col_offset
    if what == "modify":
        lines.insert(body0.lineno - 1, f"{indent}_edit_{tag} = {tag}")
    elif what == "add":
        pad = " " * d.col_offset
        lines[d.end_lineno:d.end_lineno] = ["", f"{pad}def _added_{tag}(a):", f"{pad}    return a + {tag}"]
    elif what == "remove":
        del lines[first_line(d) - 1:d.end_lineno]
    elif what == "signature" and not isinstance(d, ast.ClassDef):
        row = d.lineno - 1
        lines[row] = lines[row].replace(f"{d.name}(", f"{d.name}(_p_{tag}, ", 1)
    return "\n".join(lines)


def generate(spec):
    rnd = random.Random(spec["seed"])
    out = []
    for i in range(spec["cases"]):
        path = rnd.choice(spec["files"])
        with open(path, encoding="utf-8") as f:
            old = f.read()
        new = old
        for j in range(rnd.randint(1, 4)):
            candidate = edit(new, rnd, i * 10 + j + 1)
            if parses(candidate):
                new = candidate
        out.append({"id": str(i), "path": path, "old": old, "new": new})
    return out


if __name__ == "__main__":
    mode = sys.argv[1]
    data = json.load(sys.stdin)
    if mode == "oracle":
        json.dump([oracle(c) for c in data], sys.stdout)
    elif mode == "generate":
        json.dump(generate(data), sys.stdout)
    else:
        sys.exit(f"unknown mode {mode}")
