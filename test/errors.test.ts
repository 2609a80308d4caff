// The typed errors (core/errors.ts): each problem's one line and exit code, from the table and
// the exit-code map; then the lines the CLI prints for problems no other test reaches, end to end
// (a real repository, the CLI in this process).
import { describe, expect, test } from "bun:test";
import { EXIT, EXIT_CODE, errorLine, OutlineError, type Problem, problemOf } from "../src/core/errors.ts";
import { limitReason, namingFile, parseLimitError } from "../src/core/parse/limits.ts";
import { runCli } from "./helpers/cli.ts";
import { reposPerTest } from "./helpers/git.ts";

const line = (p: Problem) => errorLine(new OutlineError(p));

describe("the problem table", () => {
  test("each kind says its message and hint, and has its exit code", () => {
    const cases: [Problem, string, number][] = [
      [{ kind: "usage", message: "give a symbol name" }, "give a symbol name", EXIT.usage],
      [{ kind: "not-found", message: "no drill label `x`", hint: "it has no branches or calls" }, "no drill label `x` (it has no branches or calls)", EXIT.notFound],
      [{ kind: "internal", message: "unexpected git log output" }, "unexpected git log output", EXIT.internal],
      [{ kind: "no-such-file", file: "a.ts", hint: "check the path" }, "no such file: a.ts (check the path)", EXIT.usage],
      [{ kind: "no-such-path", file: "a.ts" }, "no such file: a.ts", EXIT.notFound],
      [{ kind: "permission-denied", file: "a.ts" }, "permission denied: a.ts", EXIT.usage],
      [{ kind: "cannot-read", file: "a.ts", cause: "EIO" }, "cannot read a.ts: EIO", EXIT.usage],
      [{ kind: "too-large", file: "a.ts", bytes: 5 * 1024 * 1024, hint: "raise --max-size" }, "a.ts is too large (5.0 MiB) (raise --max-size)", EXIT.usage],
      [{ kind: "outside-workspace", file: "../x", roots: ["/r", "/s"], base: "/r" }, "refused: ../x is outside the workspace (paths must stay inside /r, /s; use paths relative to /r)", EXIT.usage],
      [{ kind: "link-outside", file: "l.ts", swapped: false }, "refused: l.ts is a symlink that leads outside the workspace (only files inside the workspace roots are read)", EXIT.usage],
      [{ kind: "link-outside", file: "l.ts", swapped: true }, "refused: l.ts became a symlink (only files inside the workspace roots are read)", EXIT.usage],
      [{ kind: "file-system", what: "", cause: "read-only file system", code: "EROFS" }, "cannot write: read-only file system (EROFS)", EXIT.usage],
      [{ kind: "no-symbol", name: "fo\u001b", file: "a.ts", suggestions: ["foo", "A.foo"] }, "no symbol `fo\\033` in a.ts (did you mean: foo, A.foo)", EXIT.notFound],
      [{ kind: "no-symbol", name: "x", file: "a.ts", suggestions: [] }, "no symbol `x` in a.ts (the outline of a.ts lists its symbols)", EXIT.notFound],
      [
        { kind: "ambiguous-symbol", name: "bar", file: "a.ts", candidates: [{ qualifiedName: "A.bar", startLine: 2 }, { qualifiedName: "B.bar", startLine: 3 }] },
        "`bar` matches 2 symbols in a.ts: A.bar@2, B.bar@3 (name one by its qualified name)",
        EXIT.notFound,
      ],
      [{ kind: "bad-choice", flag: "--fail-on", value: "x", allowed: ["none", "any"] }, '--fail-on takes one of: none, any (not "x")', EXIT.usage],
      [{ kind: "git-unstartable", cause: "EACCES" }, "cannot run git: EACCES", EXIT.usage],
      [{ kind: "git-failed", what: "log", reason: "bad object" }, "git log failed: bad object", EXIT.usage],
      [{ kind: "bad-revision", rev: "a\nb" }, 'bad revision: "a\\nb"', EXIT.usage],
      [{ kind: "head-not-a-commit", flag: "--head" }, "HEAD names no commit (give --head a commit)", EXIT.usage],
      [{ kind: "no-commits" }, "this repository has no commits yet (HEAD does not exist) (make the first commit, or compare the index with `changed --staged`)", EXIT.usage],
      [
        { kind: "no-merge-base", a: "0123456789abcdef0123", b: "fedcba9876543210fedc" },
        "no merge base between 0123456789ab and fedcba987654 (drop --merge-base, or fetch more history (e.g. `git fetch --unshallow`))",
        EXIT.usage,
      ],
    ];
    for (const [problem, said, exit] of cases) {
      const e = new OutlineError(problem);
      expect(errorLine(e)).toBe(said);
      expect(e.exitCode).toBe(exit);
      expect(e.problem).toBe(problem);
    }
  });

  test("every kind maps to one of the defined exit codes", () => {
    const defined = new Set<number>([EXIT.notFound, EXIT.usage, EXIT.internal]);
    for (const [kind, code] of Object.entries(EXIT_CODE)) expect([kind, defined.has(code)]).toEqual([kind, true]);
  });

  test("a parse stopped by a limit names its file when it reaches the outline, keeping its reason", () => {
    const stopped = parseLimitError("too large to parse: its syntax tree would take more than 64 MiB");
    expect(errorLine(stopped)).toBe("too large to parse: its syntax tree would take more than 64 MiB (`region` reads its lines)");
    const named = namingFile("big.js", stopped) as OutlineError;
    expect(named.message).toBe("big.js: too large to parse: its syntax tree would take more than 64 MiB");
    expect(limitReason(named)).toBe("too large to parse: its syntax tree would take more than 64 MiB");
    expect(problemOf(named, "outline-limit")?.file).toBe("big.js");
    // Any other error passes as it is.
    const other = new Error("x");
    expect(namingFile("big.js", other)).toBe(other);
    expect(limitReason(other)).toBeUndefined();
    expect(line({ kind: "outline-limit", file: "deep.rb", reason: "definitions nested 1001 levels deep (the limit is 1000)" })).toBe("deep.rb: definitions nested 1001 levels deep (the limit is 1000)");
  });
});

describe("the CLI's lines for these problems", () => {
  const repo = reposPerTest();

  test("a file that cannot be outlined, an ambiguous symbol, a revision with a line break", async () => {
    const r = repo();
    r.write("a.ts", "export class A { bar() {} }\nexport class B { bar() {} }\n");
    r.write("b.ts", new Uint8Array([0, 1, 2, 98]));
    r.write("c.unknownext", "hello\n");
    r.commit("one");
    const cases: [string[], number, string][] = [
      [["outline", "a.ts", "--max-size", "10"], 2, "ast-outline: a.ts is too large (56 B) (raise --max-size, or read lines with `region`)\n"],
      [["outline", "b.ts"], 2, "ast-outline: b.ts is a binary file (nothing to outline)\n"],
      [["outline", "c.unknownext"], 2, "ast-outline: unsupported language: c.unknownext (`ast-outline languages` lists what is supported; use `region` or grep for this file)\n"],
      [["symbol", "a.ts", "bar", "--skeleton"], 1, "ast-outline: `bar` matches 2 symbols in a.ts: A.bar@1, B.bar@2 (name one by its qualified name)\n"],
      [["changed", "--base", "a\nb"], 2, 'ast-outline: bad revision: "a\\nb"\n'],
    ];
    for (const [args, code, stderr] of cases) {
      const out = await runCli(args, r.path);
      expect([args, out.code, out.stderr]).toEqual([args, code, stderr]);
    }
  });

  test("no merge base between unrelated histories", async () => {
    const r = repo();
    r.write("a.ts", "export function a() {}\n");
    const first = r.commit("one");
    r.git("checkout", "-q", "--orphan", "other");
    r.write("a.ts", "export function b() {}\n");
    const second = r.commit("two");
    const out = await runCli(["changed", "--base", "main", "--head", "other", "--merge-base"], r.path);
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(`ast-outline: no merge base between ${first.slice(0, 12)} and ${second.slice(0, 12)} (drop --merge-base, or fetch more history (e.g. \`git fetch --unshallow\`))\n`);
  });
});
