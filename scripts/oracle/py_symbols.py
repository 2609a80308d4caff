"""The history benchmark's Python oracle: CPython's `ast` names every def and class of each source.

stdin: a JSON list of source texts. stdout: a JSON list, per text null (does not parse) or
{key: {kind, name, own, body}}: key = qualified name (enclosing defs and classes joined by ".")
plus "#n" when a name repeats; own = the definition's own lines (decorators to its last line,
minus nested defs' and classes' lines, blank lines dropped); body = ast.dump of its body.
"""
import ast
import json
import sys


def symbols(text):
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return py2_symbols(text)
    lines = text.split("\n")
    out = {}
    defs = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)

    def nested(node):
        """Defs and classes inside node, not inside another def or class."""
        found = []
        stack = list(ast.iter_child_nodes(node))
        while stack:
            n = stack.pop()
            if isinstance(n, defs):
                found.append(n)
            else:
                stack.extend(ast.iter_child_nodes(n))
        return sorted(found, key=lambda n: n.lineno)

    def visit(node, prefix):
        for d in nested(node):
            qual = f"{prefix}.{d.name}" if prefix else d.name
            start = min([d.lineno] + [x.lineno for x in d.decorator_list])
            inner = nested(d)
            cut = set()
            for i in inner:
                s = min([i.lineno] + [x.lineno for x in i.decorator_list])
                cut.update(range(s, i.end_lineno + 1))
            own = "\n".join(lines[l - 1] for l in range(start, d.end_lineno + 1) if l not in cut and lines[l - 1].strip())
            key = qual
            n = 1
            while key in out:
                n += 1
                key = f"{qual}#{n}"
            kind = "class" if isinstance(d, ast.ClassDef) else "function"
            out[key] = {"kind": kind, "name": d.name, "own": own, "body": ast.dump(ast.Module(body=d.body, type_ignores=[]))}
            visit(d, qual)

    visit(tree, "")
    return out


def py2_symbols(text):
    """A Python 2 version (print statements, `except X, e`): CPython's lib2to3 parser with the
    Python 2 grammar locates the same defs and classes; own text as above, body = its suite's
    text without comments and whitespace."""
    import warnings
    warnings.simplefilter("ignore")
    from lib2to3 import pygram, pytree
    from lib2to3.pgen2 import driver, parse, tokenize

    try:
        tree = driver.Driver(pygram.python_grammar, convert=pytree.convert).parse_string(text if text.endswith("\n") else text + "\n")
    except (parse.ParseError, tokenize.TokenError, IndentationError, SyntaxError, RecursionError):
        return None
    sym = pygram.python_symbols
    lines = text.split("\n")
    out = {}

    def span(node):
        """First and last line of a def or class, decorators included."""
        target = node.parent if node.parent is not None and node.parent.type == sym.decorated else node
        first = target.get_lineno()
        leaves = list(target.leaves())
        last = first
        for leaf in leaves:
            if leaf.value.strip():
                last = leaf.get_lineno() + leaf.value.count("\n")
        return first, last

    def nested(node):
        found = []
        for child in node.children:
            if child.type in (sym.funcdef, sym.classdef):
                found.append(child)
            else:
                found.extend(nested(child))
        return found

    def code(node):
        return "".join(leaf.value for leaf in node.leaves() if leaf.value.strip())

    def visit(node, prefix):
        for d in nested(node):
            name = d.children[1].value
            qual = f"{prefix}.{name}" if prefix else name
            start, end = span(d)
            cut = set()
            for i in nested(d.children[-1]):
                s, e = span(i)
                cut.update(range(s, e + 1))
            own = "\n".join(lines[l - 1] for l in range(start, end + 1) if l not in cut and l - 1 < len(lines) and lines[l - 1].strip())
            key = qual
            n = 1
            while key in out:
                n += 1
                key = f"{qual}#{n}"
            kind = "class" if d.type == sym.classdef else "function"
            out[key] = {"kind": kind, "name": name, "own": own, "body": "py2:" + code(d.children[-1])}
            visit(d.children[-1], qual)

    visit(tree, "")
    return out


print(json.dumps([symbols(t) for t in json.load(sys.stdin)]))
