// The PR comment (`changed --format markdown`) on real edits in real git repositories with the
// real grammars: each row says what changed in words (a doc edit is doc, an initializer edit is
// value), removals come before everything else, test files are folded, import churn is one line
// per file, a signature change is a word diff, and links appear only when the edge supplies
// where the repository is.
import { afterEach, describe, expect, test } from "bun:test";
import { runCli } from "./helpers/cli.ts";
import { parseLimits } from "../src/core/parse/limits.ts";
import { tempRepo } from "./helpers/git.ts";
import { cellsCmark, inlineText, markdownProblems } from "./helpers/gfm.ts";
import { MODULE_LINE } from "../src/render/changed/markdown.ts";
import { fileUrl, sourceLinks } from "../src/render/changed/links.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

const NO_LINKS = { AST_OUTLINE_REPO_URL: undefined, AST_OUTLINE_HEAD_SHA: undefined, AST_OUTLINE_BASE_SHA: undefined };

/** Commits `before`, then `after` (files absent from `after` are deleted); the comment and the two commits. */
async function comment(before: Record<string, string>, after: Record<string, string>, vars: Record<string, string | undefined> = NO_LINKS) {
  const r = tempRepo();
  cleanups.push(r.cleanup);
  for (const [p, t] of Object.entries(before)) r.write(p, t);
  const base = r.commit("before");
  for (const p of Object.keys(before)) if (!(p in after)) r.git("rm", "-q", p);
  for (const [p, t] of Object.entries(after)) r.write(p, t);
  const head = r.commit("after");
  const out = await runCli(["changed", "--format", "markdown", "--base", base, "--head", head], r.path, vars);
  expect(out.code).toBe(0);
  expect(markdownProblems(out.stdout, 4)).toEqual([]);
  return { md: out.stdout, stderr: out.stderr, base, head, repo: r };
}

/** The shown text of the cells of the row that names `symbol` (a code span in the symbol cell). */
function row(md: string, symbol: string): string[] {
  const line = md.split("\n").find((l) => l.startsWith("| ") && inlineText(cellsCmark(l)![1]).split(" ").includes(symbol));
  expect(line).toBeDefined();
  return cellsCmark(line!)!.map(inlineText);
}

describe("each row says what changed", () => {
  test("a JSDoc-only edit in TypeScript is doc, never signature", async () => {
    const fn = (doc: string) => `/**\n * Adds two numbers.${doc}\n */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n`;
    const { md } = await comment({ "src/add.ts": fn("") }, { "src/add.ts": fn("\n * Never throws.") });
    const cells = row(md, "add");
    expect(cells[3]).toBe("doc");
    expect(md).not.toContain("signature");
    expect(md).not.toContain("**Check first**");
    expect(md).toContain("Changes: 1 doc.");
  });

  test("an initializer edit is value, with the old and new value word by word", async () => {
    const { md } = await comment({ "src/limits.ts": "export const LIMIT = 10;\n" }, { "src/limits.ts": "export const LIMIT = 20;\n" });
    expect(row(md, "LIMIT")[3]).toBe("value: export const LIMIT = ~~10~~ **20**;");
    expect(md).toContain("Changes: 1 value.");
  });

  test("a signature change is a word diff of the header: the changed tokens marked, the rest once", async () => {
    const { md } = await comment(
      { "src/send.ts": "export function send(to: string, body: string): void {\n  post(to, body);\n}\n" },
      { "src/send.ts": "export function send(to: string[], body: string, retries = 3): void {\n  post(to, body);\n}\n" },
    );
    const raw = md.split("\n").find((l) => l.includes("`send`"))!;
    const what = cellsCmark(raw)![3];
    expect(what).toBe("signature: `export function send(to: string`**`[]`**`, body: string`**`, retries = 3`**`): void`");
    // One header, not two: the unchanged tokens appear once.
    expect(what.match(/export function/g)?.length).toBe(1);
  });

  test("a long header is diffed whole: the change in its middle shown with its context, no false change where it is cut", async () => {
    const fields = (extra: string) => ["cacheName: string", "wait?: boolean", "cacheControl?: string", "vary?: string | string[]", extra, "keyGenerator?: (c: Context) => Promise<string> | string", "cacheableStatusCodes?: StatusCode[]", "onCacheNotAvailable?: (() => void) | false", "duration?: number", "tags?: string[]", "scope?: 'private' | 'public'"].filter(Boolean).join("; ");
    const fn = (extra: string) => `export const cache = (options: { ${fields(extra)} }): MiddlewareHandler => {\n  return handler(options);\n};\n`;
    const { md } = await comment({ "src/cache.ts": fn("") }, { "src/cache.ts": fn("maxQueryBodySize?: number") });
    const what = row(md, "cache")[3];
    expect(what).toContain("**maxQueryBodySize?: number; **");
    // Nothing struck: each side cut alone at 300 characters would end on different words.
    expect(what).not.toContain("~~");
    // The start (its name), then only what is beside the change.
    expect(what).toBe("signature: export const cache = (options: { cacheName: string; wait?: b…ry?: string | string[]; **maxQueryBodySize?: number; **keyGenerator?: (c: Conte…");
  });

  test("a replaced token is struck through, then its replacement in bold", async () => {
    const { md } = await comment(
      { "src/m.py": "def area(width: int) -> int:\n    return width * width\n" },
      { "src/m.py": "def area(width: float) -> int:\n    return width * width\n" },
    );
    const raw = md.split("\n").find((l) => l.includes("`area`"))!;
    expect(cellsCmark(raw)![3]).toBe("signature: `def area(width: `~~`int`~~ **`float`**`) -> int`");
  });
});

describe("order and folding", () => {
  test("a removal comes before the first modified row; public signature changes before private ones; value, doc, body after", async () => {
    const before = [
      "export function keep(a: number) {\n  return a;\n}\n",
      "export const RATE = 1;\n",
      "function helper(x: number) {\n  return x;\n}\n",
      "export function api(x: number) {\n  return x;\n}\n",
      "export function body() {\n  return 1;\n}\n",
      "export function gone() {\n  return 0;\n}\n",
    ].join("\n");
    const after = [
      "export function keep(a: number) {\n  return a;\n}\n",
      "export const RATE = 2;\n",
      "function helper(x: string) {\n  return x;\n}\n",
      "export function api(x: string) {\n  return x;\n}\n",
      "export function body() {\n  return 2;\n}\n",
    ].join("\n");
    const { md } = await comment({ "src/a.ts": before }, { "src/a.ts": after });
    const rows = md.split("\n").filter((l) => /^\| (removed|modified|added|renamed|moved) \|/.test(l)).map((l) => inlineText(cellsCmark(l)![1]));
    expect(rows).toEqual(["function gone", "function api", "function helper", "constant RATE", "function body"]);
    expect(md.indexOf("| removed |")).toBeLessThan(md.indexOf("| modified |"));
  });

  test("test files are folded into one <details>, their removals out of the check-first table", async () => {
    const { md } = await comment(
      {
        "src/lib.ts": "export function run() {\n  return 1;\n}\n",
        "test/lib.test.ts": "export function helperA() {\n  return 1;\n}\nexport function helperB() {\n  return 1;\n}\n",
        "pkg/x_test.go": "package pkg\n\nfunc TestX(t *T) {\n\tcheck(1)\n}\n",
      },
      {
        "src/lib.ts": "export function run() {\n  return 2;\n}\n",
        "test/lib.test.ts": "export function helperA() {\n  return 2;\n}\n",
        "pkg/x_test.go": "package pkg\n\nfunc TestX(t *T) {\n\tcheck(2)\n}\n",
      },
    );
    const details = md.indexOf("<details><summary>Tests, benchmarks, CI, generated and vendored files: 3 symbol changes in 2 files</summary>");
    expect(details).toBeGreaterThan(0);
    expect(md).not.toContain("**Check first**");
    expect(md.indexOf("#### `src/lib.ts`")).toBeLessThan(details);
    for (const name of ["helperA", "helperB", "TestX"]) expect(md.indexOf(`\`${name}\``)).toBeGreaterThan(details);
    expect(md.slice(details)).toContain("#### `test/lib.test.ts` (modified, typescript, test)");
    expect(md.slice(details)).toContain("#### `pkg/x_test.go` (modified, go, test)");
    expect(md).toContain("Changes: 1 removed, 3 body; 3 of them in tests, benchmarks, CI, generated or vendored files (folded below).");
  });

  test("CI files are folded (a step bumped to a new action version reads as a rename there), and configuration keys stay out of Check first", async () => {
    const workflow = (v: string) => `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@${v}\n      - run: npm test\n`;
    const { md } = await comment(
      { ".github/workflows/ci.yml": workflow("v3"), "package.json": '{\n  "name": "p",\n  "private": true,\n  "version": "1.0.0"\n}\n', "src/lib.ts": "export function run(a: number) {\n  return a;\n}\n" },
      { ".github/workflows/ci.yml": workflow("v4"), "package.json": '{\n  "name": "p",\n  "version": "1.1.0"\n}\n', "src/lib.ts": "export function run(a: string) {\n  return a;\n}\n" },
    );
    const details = md.indexOf("<details><summary>Tests, benchmarks, CI, generated and vendored files:");
    expect(details).toBeGreaterThan(0);
    expect(md.slice(details)).toContain("#### `.github/workflows/ci.yml` (modified, yaml, CI)");
    // Check first holds the code's signature change alone; the removed key and the version bump are package.json's rows.
    const check = md.slice(md.indexOf("**Check first**"), md.indexOf("#### "));
    expect(check).toContain("`run`");
    expect(check).not.toContain("private");
    const pkg = md.slice(md.indexOf("#### `package.json`"));
    expect(row(pkg, "private")[0]).toBe("removed");
    expect(row(pkg, "version")[3]).toBe("value: \"version\": \"1.~~0~~ **1**.0\"");
    expect(pkg.indexOf("private")).toBeLessThan(pkg.indexOf("version"));
  });

  test("import churn is one line per file, not a <module> row", async () => {
    const { md } = await comment(
      { "src/a.ts": 'import { x } from "x";\nimport { y } from "y";\n\nexport function f() {\n  return x;\n}\n\nimport { z } from "z";\n' },
      { "src/a.ts": 'import { x, w } from "x";\nimport { y } from "yy";\n\nexport function f() {\n  return w;\n}\n\nimport { z2 } from "z";\n' },
    );
    expect(md).not.toContain("<module>");
    expect(md.split("\n").filter((l) => l.startsWith(MODULE_LINE)).length).toBe(1);
    expect(md).toContain("#### `src/a.ts` (modified, typescript)\n\n" + MODULE_LINE);
    expect(row(md, "f")[3]).toBe("body");
    expect(md).toMatch(/Changes: 1 body, \d+ imports or top-level code\./);
  });
});

describe("links", () => {
  const files = {
    before: { "src/a.ts": "export function gone() {\n  return 0;\n}\n\nexport function kept(a: number) {\n  return a;\n}\n" },
    after: { "src/a.ts": "export function kept(a: number, b = 1) {\n  return a;\n}\n" },
  };

  test("without the edge's variables there are no links", async () => {
    const { md, stderr } = await comment(files.before, files.after);
    expect(md).not.toContain("](");
    expect(md).not.toContain("https://");
    expect(stderr).toBe("");
  });

  test("with them every path and line links to the head commit, removed code to the base commit", async () => {
    const r = tempRepo();
    cleanups.push(r.cleanup);
    r.write("src/a.ts", files.before["src/a.ts"]);
    const base = r.commit("before");
    r.write("src/a.ts", files.after["src/a.ts"]);
    const head = r.commit("after");
    const vars = { AST_OUTLINE_REPO_URL: "https://ghe.example.com/o/r/", AST_OUTLINE_HEAD_SHA: head, AST_OUTLINE_BASE_SHA: base };
    const out = await runCli(["changed", "--format", "markdown", "--base", base, "--head", head], r.path, vars);
    expect(out.stderr).toBe("");
    const md = out.stdout;
    expect(markdownProblems(md, 4)).toEqual([]);
    const removed = md.split("\n").find((l) => l.startsWith("| removed |"))!;
    expect(removed).toContain(`[\`src/a.ts\` (was 1-3)](https://ghe.example.com/o/r/blob/${base}/src/a.ts#L1-L3)`);
    const modified = md.split("\n").find((l) => l.includes("`kept`"))!;
    expect(modified).toContain(`[\`src/a.ts\` 1-3](https://ghe.example.com/o/r/blob/${head}/src/a.ts#L1-L3)`);
    // Every file heading links too.
    for (const h of md.split("\n").filter((l) => l.startsWith("#### "))) expect(h).toContain(`](https://ghe.example.com/o/r/blob/${head}/`);
  });

  test("an unsafe address or a short commit id means no links, and a note says why", async () => {
    const r = tempRepo();
    cleanups.push(r.cleanup);
    r.write("a.py", "def f():\n    return 1\n");
    const base = r.commit("before");
    r.write("a.py", "def f():\n    return 2\n");
    const head = r.commit("after");
    const bad: [string, string, string][] = [
      ["http://github.com/o/r", head, base],
      ["javascript:alert(1)", head, base],
      ["https://github.com/o/r)](https://evil.example", head, base],
      ["https://github.com/o/r\n# x", head, base],
      ["https://github.com/o/r", head.slice(0, 12), base],
      ["https://github.com/o/r", head, "HEAD~1"],
    ];
    for (const [url, h, b] of bad) {
      const out = await runCli(["changed", "--format", "markdown", "--base", base, "--head", head], r.path, { AST_OUTLINE_REPO_URL: url, AST_OUTLINE_HEAD_SHA: h, AST_OUTLINE_BASE_SHA: b });
      expect(out.code).toBe(0);
      expect(out.stdout).not.toContain("](");
      expect(out.stderr).toContain("no links in the Markdown");
    }
  });

  test("a path is percent-encoded in the link, so it cannot end the link", () => {
    const links = sourceLinks("https://github.com/o/r", "a".repeat(40), "b".repeat(40));
    if (typeof links === "string") throw new Error(links);
    expect(fileUrl(links, "head", "a (b)/c]d|e.ts", 3, 5)).toBe(`https://github.com/o/r/blob/${"a".repeat(40)}/a%20%28b%29/c%5Dd%7Ce.ts#L3-L5`);
    expect(fileUrl(links, "base", "x.py", 7, 7)).toBe(`https://github.com/o/r/blob/${"b".repeat(40)}/x.py#L7`);
  });
});

describe("a change of thousands of symbols", () => {
  test("the comment stays within GitHub's 65,536 characters and still counts every change", async () => {
    const N = 4000;
    const before: string[] = [];
    const after: string[] = [];
    const expected = { removed: 0, signature: 0, value: 0, doc: 0, body: 0 };
    for (let i = 0; i < N; i++) {
      const what = i % 5;
      before.push(`def f${i}(a):\n    """Doc ${i}."""\n    return a\n\nLIMIT_${i} = ${i}\n`);
      if (what === 0) {
        expected.removed++;
        after.push(`LIMIT_${i} = ${i}\n`);
      } else if (what === 1) {
        expected.signature++;
        after.push(`def f${i}(a, b=${i}):\n    """Doc ${i}."""\n    return a\n\nLIMIT_${i} = ${i}\n`);
      } else if (what === 2) {
        expected.value++;
        after.push(`def f${i}(a):\n    """Doc ${i}."""\n    return a\n\nLIMIT_${i} = ${i + 1}\n`);
      } else if (what === 3) {
        expected.doc++;
        after.push(`def f${i}(a):\n    """Docs ${i}."""\n    return a\n\nLIMIT_${i} = ${i}\n`);
      } else {
        expected.body++;
        after.push(`def f${i}(a):\n    """Doc ${i}."""\n    return a + 1\n\nLIMIT_${i} = ${i}\n`);
      }
    }
    const { md } = await comment({ "src/big.py": before.join("\n") }, { "src/big.py": after.join("\n") });
    expect(md.length).toBeLessThanOrEqual(65_536);
    expect(md).toContain(`### ast-outline: ${N} symbol changes in 1 file`);
    // The counts line counts all of them, whatever the cut left out.
    expect(md).toContain(`Changes: ${expected.removed} removed, ${expected.signature} signature, ${expected.value} value, ${expected.doc} doc, ${expected.body} body.`);
    const rows = md.split("\n").filter((l) => /^\| (removed|modified) \|/.test(l)).length;
    const hidden = Number(/…and (\d+) more symbol changes not shown/.exec(md)?.[1]);
    expect(rows).toBeGreaterThan(100);
    expect(rows + hidden).toBe(N);
    // The cut keeps the order: every removal is listed before any other row.
    const firstOther = md.indexOf("| modified |");
    expect(md.lastIndexOf("| removed |")).toBeLessThan(firstOther === -1 ? Infinity : firstOther);
  }, 60_000);
});

describe("the summary of files without symbol changes", () => {
  test("skip reasons keep their punctuation (they were mangled into `?`)", async () => {
    const r = tempRepo();
    cleanups.push(r.cleanup);
    const big = (k: number) => Array.from({ length: 3000 }, (_, i) => `def f${i}(a):\n    return a + ${i * k}\n`).join("");
    r.write("big.py", big(1));
    const base = r.commit("before");
    r.write("big.py", big(2));
    const head = r.commit("after");
    const saved = parseLimits.budgetMs;
    try {
      // A 1 ms parse budget (the CLI sets the shared limit from the variable): the file fails with its reason.
      const out = await runCli(["changed", "--format", "markdown", "--base", base, "--head", head], r.path, { ...NO_LINKS, AST_OUTLINE_PARSE_BUDGET_MS: "1" });
      expect(out.code).toBe(0);
      const summary = out.stdout.split("\n").find((l) => l.includes("without symbol changes"));
      expect(summary).toContain("1 parse budget exceeded: not parsed in");
      expect(summary).not.toContain("?");
    } finally {
      parseLimits.budgetMs = saved;
    }
  });
});
