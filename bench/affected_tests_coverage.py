"""Per-test line coverage of one pytest run, as JSON, for bench/affected-tests.ts.

    python3 affected_tests_coverage.py COVERAGE_DATA_FILE ROOT OUT.json

Reads the .coverage database a `pytest --cov --cov-context=test` run wrote and prints
{"tests": [test ids], "files": {path: {line: [indexes into tests]}}, "headers": {path: [[first, last, bodyEnd]]}}.
A test id is pytest's node id without the parameters and the phase (`tests/t.py::TestA::test_b`):
the unit a selection names. Lines run outside any test (imports, collection) carry no test.
`headers` lists each function's header lines (decorators to the line before the body) and the
body's last line, so the bench can count a test that ran a function's body as reaching an edit to
its header (the `def` line itself runs only when the module is imported).
"""
import ast
import json
import os
import sys

from coverage import CoverageData


def test_id(context: str) -> str:
    # `node id[params]|phase`: the phase after the last bar, the parameters (which may hold bars) from the first bracket.
    return context.rsplit("|", 1)[0].split("[", 1)[0]


def headers(path: str):
    try:
        with open(path, "rb") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return []
    out = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            body = node.body[0]
            # A docstring is part of the body but runs no line: the header ends before it.
            out.append([first, max(first, body.lineno - 1), node.end_lineno or body.lineno])
    return out


def main() -> None:
    data_file, root, out = sys.argv[1], os.path.realpath(sys.argv[2]), sys.argv[3]
    data = CoverageData(basename=data_file)
    data.read()
    tests: list[str] = []
    index: dict[str, int] = {}
    files: dict[str, dict[int, list[int]]] = {}
    heads: dict[str, list] = {}
    for measured in sorted(data.measured_files()):
        real = os.path.realpath(measured)
        if not real.startswith(root + os.sep):
            continue
        rel = os.path.relpath(real, root).replace(os.sep, "/")
        lines: dict[int, list[int]] = {}
        for line, contexts in (data.contexts_by_lineno(measured) or {}).items():
            ids = set()
            for context in contexts:
                if not context:
                    continue
                tid = test_id(context)
                if tid not in index:
                    index[tid] = len(tests)
                    tests.append(tid)
                ids.add(index[tid])
            if ids:
                lines[line] = sorted(ids)
        files[rel] = lines
        heads[rel] = headers(real)
    with open(out, "w") as f:
        json.dump({"tests": tests, "files": files, "headers": heads}, f)


main()
