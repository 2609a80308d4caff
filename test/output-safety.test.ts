// Names and paths come from the repository or the PR: printed for people they are quoted
// (src/core/text/quote.ts), so one record stays one line, nothing reaches a terminal or a CI
// log as a command, and Markdown shows the exact text. JSON stays exact.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { cutText, printable, quoteName, quotePath, toJson } from "../src/core/text/quote.ts";
import { codeSpan, NAME_SHOWN_MAX } from "../src/render/markdown.ts";
import { renderChangedMarkdown } from "../src/render/changed/markdown.ts";
import { renderChangedGithub } from "../src/render/changed/github.ts";
import { renderChangedText } from "../src/render/changed/text.ts";
import type { ChangeSet, SymbolChange } from "../src/core/diff/types.ts";
import { captureIO } from "../src/cli/io.ts";
import { reportError } from "../src/cli/main.ts";
import { BINARY, binaryAvailable } from "./helpers/cli.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";
import { cellsCmark, cellsMicromark, inlineText, markdownProblems, RAW_UNSAFE } from "./helpers/gfm.ts";

const ESC = "\x1b";
/** Generous: the binary cases spawn it a dozen times on a machine that may be busy. */
const TIMEOUT = 60_000;
const RLO = "\u202e";

describe("the quoting rule", () => {
  test("a path is printed as is unless it holds a control or format character, a backslash or a quote (git's core.quotepath)", () => {
    expect(quotePath("src/app.py")).toBe("src/app.py");
    expect(quotePath("src/café/naïve.py")).toBe("src/café/naïve.py");
    expect(quotePath("a\nb.py")).toBe('"a\\nb.py"');
    expect(quotePath("a\rb\tc\x07\b\v\f.py")).toBe('"a\\rb\\tc\\a\\b\\v\\f.py"');
    expect(quotePath(`x${ESC}[31m.py`)).toBe('"x\\033[31m.py"');
    expect(quotePath("del\x7f.py")).toBe('"del\\177.py"');
    expect(quotePath("csi\x9b.py")).toBe('"csi\\302\\233.py"');
    expect(quotePath(`evil${RLO}yp.exe`)).toBe('"evil\\342\\200\\256yp.exe"');
    expect(quotePath('say "hi".py')).toBe('"say \\"hi\\".py"');
    expect(quotePath("back\\slash.py")).toBe('"back\\\\slash.py"');
  });

  test("format characters that make a name read differently are escaped: bidi controls, zero-width, tags, separators", () => {
    for (const ch of ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c", "\u200b", "\u200d", "\ufeff", "\u2028", "\u2029", "\u{e0041}"]) {
      const shown = printable(`a${ch}b`);
      expect(shown).toMatch(/^a(\\[0-7]{3})+b$/);
      expect(RAW_UNSAFE.test(shown)).toBe(false);
    }
  });

  test("a lone surrogate is escaped; an astral character is kept whole", () => {
    expect(printable("a\ud800b")).toBe("a\\355\\240\\200b");
    expect(printable("a\udfffb")).toBe("a\\355\\277\\277b");
    expect(printable("emoji 😀")).toBe("emoji 😀");
  });

  test("a name is quoted only when it holds an unsafe character: PHP and C++ names stay as written", () => {
    expect(quoteName("App\\Models\\User")).toBe("App\\Models\\User");
    expect(quoteName('operator""_km')).toBe('operator""_km');
    expect(quoteName(`x${ESC}y"z`)).toBe('"x\\033y\\"z"');
  });

  test("cutText cuts by characters, never inside a surrogate pair, and marks the cut", () => {
    expect(cutText("abcdef", 6)).toBe("abcdef");
    expect(cutText("abcdefg", 6)).toBe("abcde…");
    expect(cutText("😀😀😀", 3)).toBe("😀😀😀");
    expect(cutText("😀😀😀😀", 3)).toBe("😀😀…");
  });

  test("toJson is exact once parsed and holds no raw control or format character", () => {
    const value = { name: `a${ESC}b${RLO}c\u2028d\x9be\ud800f\u{e0041}g\u200dh` };
    const json = toJson(value, 2);
    expect(RAW_UNSAFE.test(json.replace(/\n/g, ""))).toBe(false);
    expect(JSON.parse(json)).toEqual(value);
  });

  test("a note on stderr stays one line, whatever the path it echoes", () => {
    const io = captureIO();
    io.note(`no such file: evil\n::error title=PWNED::x${ESC}[2J.py`);
    expect(io.stderr()).toBe("ast-outline: no such file: evil\\n::error title=PWNED::x\\033[2J.py\n");
  });

  test("an internal error prints its message on one line and the stack one frame a line", () => {
    const io = captureIO();
    const code = reportError(new Error("ENOENT: stat 'a\n::error::b.py'"), io);
    expect(code).toBe(3);
    const lines = io.stderr().trimEnd().split("\n");
    expect(lines[0]).toBe("ast-outline: internal error: ENOENT: stat 'a\\n::error::b.py'");
    for (const line of lines) expect(line).toMatch(/^ast-outline: /);
    expect(lines.length).toBeGreaterThan(1);
  });
});

function change(extra: Partial<SymbolChange> = {}): SymbolChange {
  return { change: "modified", kind: "function", name: "f", qualifiedName: "f", startLine: 1, endLine: 2, signatureChanged: false, bodyChanged: true, cosmetic: false, anchors: [], ...extra };
}

function set(files: ChangeSet["files"]): ChangeSet {
  return { base: "a".repeat(40), head: "b".repeat(40), files };
}

/** The text each cell of a Markdown table row shows, as cmark-gfm renders it. */
function shownCells(md: string, rowStart: string): string[] {
  const line = md.split("\n").find((l) => l.startsWith(rowStart));
  expect(line).toBeDefined();
  return cellsCmark(line!)!.map(inlineText);
}

describe("Markdown code spans", () => {
  const tricky = [
    "plain", "a|b", "a\\|b", "a\\\\|b", "x\\", "\\|", "|", "||", "a`b", "`start", "end`", "``double``", " spaced ", "   ", "a ` b",
    "str | None", "def f(sep=r\"\\|\")", "<img src=x onerror=alert(1)>", "[link](http://x)", "**bold**", "\\`", "a\\`|b",
  ];

  test("a code span in a table cell shows exactly its text under cmark-gfm, and the row splits alike under micromark", () => {
    for (const text of tricky) {
      const row = `| ${codeSpan(text, true)} | next |`;
      expect({ text, cells: cellsCmark(row)?.length }).toEqual({ text, cells: 2 });
      expect({ text, cells: cellsMicromark(row)?.length }).toEqual({ text, cells: 2 });
      expect({ text, shown: inlineText(cellsCmark(row)![0]) }).toEqual({ text, shown: text });
      expect({ text, shown: inlineText(cellsMicromark(row)![0]) }).toEqual({ text, shown: text });
    }
  });

  test("outside a table a pipe is not escaped (a heading shows `a|b.py`, not `a\\|b.py`)", () => {
    for (const text of tricky) expect({ text, shown: inlineText(codeSpan(text)) }).toEqual({ text, shown: text });
    expect(codeSpan("a|b.py")).toBe("`a|b.py`");
  });

  test("a backtick in a name stays a backtick (a longer fence, not a rewrite)", () => {
    const md = renderChangedMarkdown(set([{ path: "t.scala", status: "modified", symbols: [change({ qualifiedName: "O.`weird name`" })] }]));
    expect(md).toContain("`` O.`weird name` ``");
    expect(shownCells(md, "| modified")[1]).toBe("function O.`weird name`");
  });

  test("a CR, LF or ESC in a path or signature cannot break out of the span or the table", () => {
    const path = `src/a\rb${ESC}[31m\nc.py`;
    const md = renderChangedMarkdown(set([{
      path, status: "modified", language: "python",
      symbols: [change({ qualifiedName: `f\r|x`, signatureChanged: true, oldSignature: "def f(a)\r| injected | cell |", signature: `def f(a, b)\n${ESC}[2J` })],
    }]));
    expect(markdownProblems(md, 4)).toEqual([]);
    const cells = shownCells(md, "| modified");
    expect(cells[2]).toBe(`${quotePath(path)} 1-2`); // a signature change: its row is in "check first", the file in the where cell
    expect(cells[1]).toBe(`function ${quoteName("f\r|x")}`);
    // A word diff: the old header is the text without the bold additions, the new one without the struck removals.
    expect(cells[3].startsWith("signature, body: ")).toBe(true);
    const diff = cells[3].slice("signature, body: ".length);
    expect(diff.replace(/ ?\*\*(.*?)\*\*/g, "").replace(/~~(.*?)~~/g, "$1")).toBe(printable("def f(a)\r| injected | cell |"));
    expect(diff.replace(/~~(.*?)~~/g, "").replace(/ ?\*\*(.*?)\*\*/g, "$1")).toBe(printable(`def f(a, b)\n${ESC}[2J`));
  });

  test("a moved symbol's old path and a renamed file's old path are code spans too", () => {
    const md = renderChangedMarkdown(set([
      { path: "new.py", oldPath: "old|*x*.py", status: "renamed", symbols: [change({ change: "moved", oldPath: "from|`x`.py", oldQualifiedName: "g" })] },
    ]));
    expect(markdownProblems(md, 4)).toEqual([]);
    expect(shownCells(md, "| moved")[2]).toBe("new.py (file renamed from old|*x*.py) 1-2");
    expect(shownCells(md, "| moved")[1]).toBe("function g → f from from|`x`.py");
  });
});

describe("one long name does not hide the PR", () => {
  test("a 70,000-character function name is cut to its cell; every change is shown", () => {
    const long = "f" + "x".repeat(70_000);
    const md = renderChangedMarkdown(set([
      { path: "long.py", status: "added", language: "python", symbols: [change({ change: "added", name: long, qualifiedName: long })] },
      { path: "other.py", status: "modified", language: "python", symbols: [change({ qualifiedName: "a" }), change({ qualifiedName: "b" })] },
    ]));
    expect(md).not.toContain("not shown");
    expect(md.length).toBeLessThan(2_000);
    expect(md.split("\n").filter((l) => /^\| (added|modified) \|/.test(l)).length).toBe(3);
    expect(shownCells(md, "| added")[1]).toBe(`function ${long.slice(0, NAME_SHOWN_MAX - 1)}…`);
  });

  test("at every budget the comment has no table without rows, and its count is honest", () => {
    const files = Array.from({ length: 4 }, (_, f) => ({
      path: `src/m${f}.py`, status: "modified" as const,
      symbols: Array.from({ length: 3 }, (_, i) => change({ qualifiedName: `m${f}.f${i}` })),
    }));
    for (let limit = 300; limit < 1_600; limit += 7) {
      const md = renderChangedMarkdown(set(files), { limit });
      expect(markdownProblems(md, 4)).toEqual([]);
      const rows = md.split("\n").filter((l) => l.startsWith("| modified |")).length;
      const headings = md.split("\n").filter((l) => l.startsWith("#### ")).length;
      const m = /…and (?:(\d+) more symbol changes?)?(?: in )?(?:(\d+) more files?)? not shown/.exec(md);
      expect(Number(m?.[1] ?? 0)).toBe(12 - rows);
      expect(Number(m?.[2] ?? 0)).toBe(4 - headings);
    }
  });
});

describe("GitHub annotations", () => {
  test("file=, title and message carry no raw control character and no extra line", () => {
    const path = `a${ESC}[31m,b:c\n::error::x.py`;
    const { annotations } = renderChangedGithub(set([{
      path, status: "modified", symbols: [change({ qualifiedName: `q${RLO}n`, signatureChanged: true, oldSignature: "def q()", signature: `def q(x)\r::error::y` })],
    }]));
    const lines = annotations.trimEnd().split("\n");
    expect(lines.length).toBe(1);
    expect(RAW_UNSAFE.test(annotations.trimEnd())).toBe(false);
    expect(lines[0]).toBe("::notice file=a\\033[31m%2Cb%3Ac\\n%3A%3Aerror%3A%3Ax.py,line=1,endLine=2,title=Signature changed%3A \"q\\342\\200\\256n\"::def q() → def q(x)\\r::error::y");
  });
});

// ------------------------------------------------------------ the binary on a hostile PR

const available = binaryAvailable();
if (!available) console.warn(`output-safety binary tests skipped: ${BINARY} is absent (run \`npm run build\`)`);

const P = "p\n::error title=PWNED::owned.py";
const K = `k\r${ESC}[31mred${RLO}\u2066.kt`;
const J = "j\u2028.js";
/** Kotlin keeps the backticks in the name. */
/** The Kotlin name as written (backticks) and as the outline names it (the text between them). */
const KSRC = `\`x${ESC}[2Jy${RLO}z\``;
const KNAME = KSRC.slice(1, -1);
const JNAME = `"a\u2028b${ESC}c"`;
const LONG = "f" + "x".repeat(70_000);

let repo: TempRepo;

function run(args: string[]) {
  const env = { ...process.env };
  delete env.GITHUB_STEP_SUMMARY;
  const r = spawnSync(BINARY, args, { cwd: repo.path, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

/** No raw control or format character but the line breaks, and no line a workflow command (but ours). */
function expectSafe(text: string, notices = 0) {
  expect(RAW_UNSAFE.test(text.replace(/\n/g, ""))).toBe(false);
  const commands = text.split("\n").filter((l) => l.trimStart().startsWith("::"));
  expect(commands.length).toBe(notices);
  for (const c of commands) expect(c).toMatch(/^::notice file=/);
}

describe.skipIf(!available)("the binary on a PR with hostile names", () => {
  beforeAll(() => {
    repo = tempRepo();
    repo.write("helper.py", "def helper():\n    return 1\n");
    repo.write(K, `fun ${KSRC}() = 0\n`);
    repo.commit("base");
    repo.write(P, "def pwned():\n    return helper()\n\ndef again():\n    return pwned()\n");
    repo.write(K, `fun ${KSRC}(a: Int) = a\n\nfun caller() = ${KSRC}(1)\n`);
    repo.write(J, `class K {\n  ${JNAME}() { return 1 }\n}\n`);
    repo.write("long.py", `def ${LONG}():\n    pass\n\ndef short():\n    pass\n`);
    repo.commit("pr");
  });
  afterAll(() => repo?.cleanup());

  test("changed --format text: one line per file and per symbol, paths and names quoted", () => {
    const r = run(["changed", "--base", "HEAD~1", "--head", "HEAD"]);
    expect(r.code).toBe(0);
    expectSafe(r.out + r.err);
    expect(r.out).toContain(`${quotePath(P)} (added, python)\n  added    function pwned 1-2\n`);
    expect(r.out).toContain(`${quotePath(K)} (modified, kotlin)\n`);
    expect(r.out).toContain(`modified function ${quoteName(KNAME)} 1 (old 1) [signature, body]\n`);
    expect(r.out.trimEnd().split("\n").length).toBe(1 + 4 + 8);
  }, TIMEOUT);

  test("changed --format markdown: every change shown, the long name cut, the rows whole", () => {
    const r = run(["changed", "--base", "HEAD~1", "--head", "HEAD", "--format", "markdown"]);
    expect(r.code).toBe(0);
    expectSafe(r.out);
    expect(markdownProblems(r.out, 4)).toEqual([]);
    expect(r.out).not.toContain("not shown");
    expect(r.out).toContain(`#### \`${quotePath(P)}\` (added, python)`);
    expect(r.out).toContain(`function \`${LONG.slice(0, NAME_SHOWN_MAX - 1)}…\``);
    expect(r.out).toContain("| added | function `short` |");
  }, TIMEOUT);

  test("changed --format github: only our notices are workflow commands, file= escaped", () => {
    const r = run(["changed", "--base", "HEAD~1", "--head", "HEAD", "--format", "github"]);
    expect(r.code).toBe(0);
    expectSafe(r.out, 1);
    expect(r.out).toContain(`::notice file=${printable(K)},line=1,endLine=1,title=Signature changed%3A ${quoteName(KNAME)}::`);
  }, TIMEOUT);

  test("changed --format json: the exact paths and names", () => {
    const r = run(["changed", "--base", "HEAD~1", "--head", "HEAD", "--format", "json"]);
    expect(r.code).toBe(0);
    expectSafe(r.out);
    const parsed = JSON.parse(r.out) as ChangeSet;
    expect(parsed.files.map((f) => f.path).sort()).toEqual([J, K, "long.py", P].sort());
    const names = parsed.files.flatMap((f) => f.symbols.map((s) => s.qualifiedName));
    expect(names.includes(KNAME)).toBe(true);
    expect(names.includes(`K.${JNAME}`)).toBe(true);
    expect(names.includes(LONG)).toBe(true);
  }, TIMEOUT);

  test("outline text, json and jsonl of the folder", () => {
    const text = run(["outline", "."]);
    expect(text.code).toBe(0);
    expectSafe(text.out + text.err);
    expect(text.out).toContain(`\n${quotePath(K)} (kotlin, 3 lines, 2 symbols, sha256:`);
    expect(text.out).toContain(`\n1 fun ${printable(KSRC)}(a: Int)\n`);
    expect(text.out).toContain(`\n 2 ${printable(JNAME)}()\n`);
    const json = run(["outline", ".", "--format", "json"]);
    expectSafe(json.out);
    const files = JSON.parse(json.out) as { path: string; symbols: { name: string }[] }[];
    // long.py's 70,000-character line reads as minified: a folder walk skips it.
    expect(files.map((f) => f.path).sort()).toEqual([J, K, "helper.py", P].sort());
    expect(files.find((f) => f.path === K)!.symbols[0].name).toBe(KNAME);
    const jsonl = run(["outline", ".", "--format", "jsonl"]);
    expectSafe(jsonl.out);
    const lines = jsonl.out.trimEnd().split("\n");
    expect(lines.length).toBe(4);
    expect(lines.map((l) => JSON.parse(l).path).sort()).toEqual(files.map((f) => f.path).sort());
  }, TIMEOUT);

  test("search, digest, symbol, calls and callers", () => {
    const search = run(["search", "x", "--kind", "function"]);
    expectSafe(search.out + search.err);
    expect(search.out).toContain(`${quotePath(K)}:1-1 function ${quoteName(KNAME)}  fun ${printable(KSRC)}(a: Int)\n`);
    const searchJson = run(["search", "x", "--kind", "function", "--format", "json"]);
    expectSafe(searchJson.out);
    expect(JSON.parse(searchJson.out).results.some((h: { path: string; name: string }) => h.path === K && h.name === KNAME)).toBe(true);

    const digest = run(["digest"]);
    expectSafe(digest.out + digest.err);
    expect(digest.out).toContain(`\n${quotePath(P)} [XS 5L]: pwned, again\n`);
    expect(digest.out.trimEnd().split("\n").length).toBe(1 + 4);

    const symbol = run(["symbol", K, "caller"]);
    expect(symbol.code).toBe(0);
    expect(symbol.out.split("\n")[0]).toMatch(/^# .*:3-3 caller \(function, symbol:[0-9a-f]{12}, sha256:[0-9a-f]{12}\)$/);
    expect(symbol.out.split("\n")[0].startsWith(`# ${quotePath(K)}:3-3 caller (function, symbol:`)).toBe(true);

    const calls = run(["calls", P, "again"]);
    expectSafe(calls.out + calls.err);
    expect(calls.out).toContain(`calls from ${quotePath(P)}:4-5 again (`);
    expect(calls.out).toContain(`\n  pwned @5 -> ${quotePath(P)}:1-2 pwned [same-file]\n`);

    const callers = run(["callers", "helper"]);
    expectSafe(callers.out + callers.err);
    expect(callers.out).toContain(`\n${quotePath(P)}\n  1-2 pwned (function): helper@2 [`);
  }, TIMEOUT);

  test("an error that echoes a path is one line", () => {
    const r = run(["outline", "nope\n::error title=PWNED::x.py"]);
    expect(r.code).toBe(2);
    expectSafe(r.err);
    expect(r.err.trimEnd().split("\n").length).toBe(1);
    const s = run(["symbol", P, `no${ESC}[2Jpe`]);
    expect(s.code).toBe(1);
    expectSafe(s.err);
    expect(s.err.trimEnd().split("\n").length).toBe(1);
  }, TIMEOUT);
});
