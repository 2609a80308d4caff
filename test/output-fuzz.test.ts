// A seeded, bounded fuzz of every output format over names and paths a stranger can write:
// control characters, bidi overrides, zero-width and tag characters, line separators, lone
// surrogates, U+FFFD (what undecodable bytes become), Markdown and workflow-command syntax and
// very long names. Most cases drive the renderers with generated data; a few go through real
// files in a temporary git repository and the real binary. Each asserts one record per line,
// no raw control or format character in text or Markdown, and JSON that gives the exact name
// back. AST_OUTLINE_FUZZ_SEED=<n> replays another seed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallChain, CallerGroup, CallStep, Resolved } from "../src/core/calls/types.ts";
import type { ParsedFile } from "../src/app/repo-symbols.ts";
import { findOne, fullView } from "../src/app/symbol-view.ts";
import { renderSymbolText } from "../src/render/symbol/text.ts";
import { captureIO } from "../src/cli/io.ts";
import { reportError } from "../src/cli/main.ts";
import { MODULE_NAME, type ChangeSet, type FileChange, type SymbolChange } from "../src/core/diff/types.ts";
import { renderDigest } from "../src/render/digest/flat.ts";
import type { DigestFile } from "../src/core/views.ts";
import type { Skeleton } from "../src/core/skeleton/skeleton.ts";
import { cutText, printable, quoteName, quotePath } from "../src/core/text/quote.ts";
import { SYMBOL_KINDS, type FileOutline, type OutlineSymbol } from "../src/core/types.ts";
import { renderCallChainText, renderCallersText } from "../src/render/calls-text.ts";
import { renderChangedGithub } from "../src/render/changed/github.ts";
import { renderChangedJson } from "../src/render/changed/json.ts";
import { MARKDOWN_LIMIT, MODULE_LINE, renderChangedMarkdown } from "../src/render/changed/markdown.ts";
import { renderChangedText } from "../src/render/changed/text.ts";
import { NAME_SHOWN_MAX, PATH_SHOWN_MAX } from "../src/render/markdown.ts";
import { renderOutlineJson, renderOutlineJsonl } from "../src/render/outline/json.ts";
import { countSymbols, renderOutlineText } from "../src/render/outline/text.ts";
import { renderSkeletonText } from "../src/render/symbol/skeleton.ts";
import { BINARY, binaryAvailable } from "./helpers/cli.ts";
import { cellsCmark, inlineText, markdownProblems, RAW_UNSAFE } from "./helpers/gfm.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";
import { validateRdjson, validateRdjsonStrict, validateSarif } from "./helpers/schemas.ts";
import type { FileSides } from "../src/app/changed/file-sides.ts";
import { renderChangedPatch } from "../src/render/changed/patch.ts";
import { renderChangedRdjson } from "../src/render/changed/rdjson.ts";
import { renderChangedSarif } from "../src/render/changed/sarif.ts";
import { ruleOf } from "../src/render/changed/findings.ts";

const SEED = Number(process.env.AST_OUTLINE_FUZZ_SEED ?? 20_260_501);
const CASES = 300;
/** Generous: a few seconds alone, more on a busy machine. */
const TIMEOUT = 60_000;

/** mulberry32: small, seeded, good enough to pick characters. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Rng = ReturnType<typeof rng>;

const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i));
const C1 = ["\x7f", "\x80", "\x85", "\x8d", "\x9b", "\x9d", "\x9f"];
const FORMAT = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u061c", "\ufeff", "\u00ad", "\u2060", "\u{e0001}", "\u{e0041}"];
const SEPARATORS = ["\u2028", "\u2029"];
const SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"];
const SYNTAX = ["|", "`", "``", "\\", "\\|", '"', "'", "*", "_", "[", "]", "(", ")", "<", ">", "#", "!", ":", ",", "%", "::", "::error title=x::", " ", "  ", "{", "}", "."];
const TEXT = ["a", "b", "Z", "_", "0", "9", "é", "漢", "😀", "\u0301", "\ufffd", "def", "fn", "x"];
const POOLS = [C0, C1, FORMAT, SEPARATORS, SURROGATES, SYNTAX, TEXT, TEXT, TEXT];

function word(r: Rng, pools = POOLS): string {
  const n = r.chance(0.85) ? r.int(1, 12) : r.int(13, 120);
  let s = "";
  for (let i = 0; i < n; i++) s += r.pick(r.pick(pools));
  // Sometimes very long (what cells and budgets must cut), the odd characters at both ends.
  if (r.chance(0.01)) s = `${s}${r.pick(TEXT).repeat(r.int(5_000, 80_000))}${s}`;
  return s;
}

function path(r: Rng): string {
  return Array.from({ length: r.int(1, 3) }, () => word(r)).join("/") + r.pick([".py", ".ts", ".kt", ""]);
}

/** Everything but the line breaks a format uses itself. */
function expectNoRaw(text: string) {
  const raw = text.replace(/\n/g, "").match(RAW_UNSAFE_ALL) ?? [];
  expect(raw.map((c) => c.codePointAt(0)!.toString(16))).toEqual([]);
}
const RAW_UNSAFE_ALL = new RegExp(RAW_UNSAFE.source, "gu");

/**
 * ajv's uri-reference pattern stops matching past ~64k characters (a regex engine limit), and
 * the fuzz makes paths of up to 80k: such a URI is checked here to be only unreserved characters,
 * slashes and %-escapes, then shortened for the schema check.
 */
function withShortUris(log: any): any {
  const copy = structuredClone(log);
  const visit = (node: any) => {
    if (!node || typeof node !== "object") return;
    if (typeof node.uri === "string" && node.uri.length > 8000) {
      expect(node.uri).toMatch(/^(?:[A-Za-z0-9\-_.!~*'()\/]|%[0-9A-F]{2})*$/);
      node.uri = node.uri.slice(0, 100).replace(/%[0-9A-F]?$/, "");
    }
    for (const v of Object.values(node)) visit(v);
  };
  visit(copy);
  return copy;
}

function lineCount(text: string): number {
  expect(text.endsWith("\n")).toBe(true);
  return text.split("\n").length - 1;
}

function symbol(r: Rng, depth: number, parent = ""): OutlineSymbol {
  const name = word(r);
  const qualifiedName = parent ? `${parent}.${name}` : name;
  const s: OutlineSymbol = { kind: r.pick(SYMBOL_KINDS), name, qualifiedName, signature: `${word(r)} ${name}(${word(r)})`, startLine: r.int(1, 500), endLine: 0 };
  s.endLine = s.startLine + r.int(0, 40);
  if (r.chance(0.4)) s.doc = word(r);
  if (depth < 2 && r.chance(0.4)) s.children = Array.from({ length: r.int(1, 3) }, () => symbol(r, depth + 1, qualifiedName));
  return s;
}

function fileOutline(r: Rng): FileOutline {
  return {
    path: path(r), language: "python", hash: "ab".repeat(32), lineCount: r.int(1, 9999),
    imports: Array.from({ length: r.int(0, 3) }, () => word(r)),
    symbols: Array.from({ length: r.int(0, 5) }, () => symbol(r, 0)),
    diagnostics: Array.from({ length: r.int(0, 2) }, () => ({ severity: "error" as const, message: word(r), line: r.int(1, 99) })),
  };
}

function symbolChange(r: Rng): SymbolChange {
  const change = r.pick(["added", "removed", "modified", "renamed", "moved"] as const);
  const s: SymbolChange = {
    change, kind: r.pick(SYMBOL_KINDS), name: word(r), qualifiedName: word(r),
    signatureChanged: r.chance(0.5), valueChanged: r.chance(0.2), docChanged: r.chance(0.2), bodyChanged: r.chance(0.5), cosmetic: false, anchors: [],
  };
  if (change !== "removed") [s.startLine, s.endLine] = [r.int(1, 99), r.int(100, 200)];
  if (change !== "added") [s.oldStartLine, s.oldEndLine] = [r.int(1, 99), r.int(100, 200)];
  if (change === "renamed" || change === "moved") s.oldQualifiedName = word(r);
  if (change === "moved") s.oldPath = path(r);
  if (r.chance(0.7)) s.signature = word(r);
  if (r.chance(0.6)) s.oldSignature = word(r);
  return s;
}

function changeSet(r: Rng): ChangeSet {
  const files: FileChange[] = Array.from({ length: r.int(1, 3) }, () => {
    const f: FileChange = { path: path(r), status: r.pick(["added", "deleted", "modified", "renamed"] as const), symbols: Array.from({ length: r.int(0, 4) }, () => symbolChange(r)) };
    // At most one change outside every definition per file: the Markdown shows it as one line.
    if (r.chance(0.2)) f.symbols.unshift({ ...symbolChange(r), change: "modified", kind: "module", name: MODULE_NAME, qualifiedName: MODULE_NAME, oldQualifiedName: undefined, oldPath: undefined });
    if (f.status === "renamed") f.oldPath = path(r);
    if (r.chance(0.5)) f.language = "python";
    if (r.chance(0.1)) f.skipped = word(r);
    return f;
  });
  return { base: r.chance(0.5) ? "c".repeat(40) : word(r), head: r.chance(0.5) ? "WORKTREE" : word(r), files };
}

function resolved(r: Rng): Resolved {
  const kind = r.pick(["same-file", "import", "name-match", "unresolved"] as const);
  if (kind === "unresolved") return r.chance(0.5) ? { resolution: kind } : { resolution: "import", module: word(r) };
  return { resolution: kind, target: { path: path(r), symbol: symbol(r, 2) }, candidates: r.int(1, 3) };
}

function steps(r: Rng, depth: number): CallStep[] {
  return Array.from({ length: r.int(0, 3) }, () => {
    const st: CallStep = { callee: word(r), lines: [r.int(1, 99)], resolved: resolved(r) };
    if (depth < 2 && r.chance(0.4)) st.children = steps(r, depth + 1);
    if (r.chance(0.1)) st.elided = r.int(1, 5);
    return st;
  });
}

function countSteps(list: CallStep[]): number {
  return list.reduce((n, st) => n + 1 + (st.children ? countSteps(st.children) : 0) + (st.elided ? 1 : 0), 0);
}

/** The text a `changed` Markdown row's symbol cell shows for this change. */
function symbolCell(s: SymbolChange): string {
  let cell = quoteName(cutText(s.qualifiedName, NAME_SHOWN_MAX));
  if (s.oldQualifiedName) cell = `${quoteName(cutText(s.oldQualifiedName, NAME_SHOWN_MAX))} → ${cell}`;
  if (s.oldPath) cell += ` from ${quotePath(cutText(s.oldPath, PATH_SHOWN_MAX))}${s.oldStartLine !== undefined ? ` ${s.oldStartLine === s.oldEndLine ? s.oldStartLine : `${s.oldStartLine}-${s.oldEndLine}`}` : ""}`;
  return `${s.kind} ${cell}`;
}

function unescapeProp(v: string): string {
  return v.replace(/%2C/g, ",").replace(/%3A/g, ":").replace(/%0A/g, "\n").replace(/%0D/g, "\r").replace(/%25/g, "%");
}

describe(`output fuzz, seed ${SEED}, ${CASES} cases`, () => {
  test("outline text, json and jsonl", () => {
    const r = rng(SEED);
    for (let i = 0; i < CASES; i++) {
      const o = fileOutline(r);
      const text = renderOutlineText(o, { maxChildren: 0, docs: "all" });
      expectNoRaw(text);
      expect(lineCount(text)).toBe(1 + (o.imports.length ? 1 : 0) + (o.diagnostics.length ? 1 : 0) + countSymbols(o.symbols));
      expect(text.startsWith(`${quotePath(o.path)} (python, `)).toBe(true);
      const json = renderOutlineJson([o], 0, true);
      expectNoRaw(json);
      expect(JSON.parse(json)).toEqual(o);
      const jsonl = renderOutlineJsonl(o, 0);
      expect(lineCount(jsonl)).toBe(1);
      expect(JSON.parse(jsonl)).toEqual(o);
    }
  }, TIMEOUT);

  test("changed text, json, markdown and github", () => {
    const r = rng(SEED + 1);
    for (let i = 0; i < CASES; i++) {
      const set = changeSet(r);
      const total = set.files.reduce((n, f) => n + f.symbols.length, 0);

      const text = renderChangedText(set);
      expectNoRaw(text);
      expect(lineCount(text)).toBe(1 + set.files.length + total);

      const json = renderChangedJson(set);
      expectNoRaw(json);
      expect(JSON.parse(json)).toEqual(set);

      const md = renderChangedMarkdown(set);
      expect(md.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
      expect(markdownProblems(md, 4)).toEqual([]);
      const expected = new Set(set.files.flatMap((f) => f.symbols.map(symbolCell)));
      const rows = md.split("\n").filter((l) => /^\| (added|removed|modified|renamed|moved) \|/.test(l));
      for (const row of rows) expect(expected.has(inlineText(cellsCmark(row)![1]))).toBe(true);
      const hidden = Number(/…and (\d+) more symbol change/.exec(md)?.[1] ?? 0);
      const moduleLines = md.split("\n").filter((l) => l.startsWith(MODULE_LINE)).length;
      expect(rows.length + moduleLines + hidden).toBe(total);

      const { summary, annotations } = renderChangedGithub(set);
      expect(summary).toBe(md);
      expectNoRaw(annotations);
      const paths = new Set(set.files.map((f) => printable(f.path)));
      for (const line of annotations.split("\n").filter(Boolean)) {
        if (/^\d+ more signature changes/.test(line)) continue;
        const m = /^::notice ([^:]*)::(.*)$/.exec(line);
        expect(m).not.toBeNull();
        const props = Object.fromEntries(m![1].split(",").map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]));
        expect(Object.keys(props)).toEqual(["file", "line", "endLine", "title"]);
        expect(paths.has(unescapeProp(props.file))).toBe(true);
      }
    }
  }, TIMEOUT);

  test("changed sarif, rdjson and patch", () => {
    const r = rng(SEED + 5);
    for (let i = 0; i < CASES; i++) {
      const set = changeSet(r);
      const all = set.files.flatMap((f) => f.symbols);

      const sarifText = renderChangedSarif(set, r.pick(["note", "warning", "error"] as const));
      expectNoRaw(sarifText);
      const sarif = JSON.parse(sarifText);
      expect(validateSarif(withShortUris(sarif))).toEqual([]);
      const results = sarif.runs[0].results;
      // Results for removals, renames, moves and signature changes; the rest counted by kind.
      const reported = all.filter((s) => ["symbol-removed", "symbol-renamed", "symbol-moved", "signature-changed"].includes(ruleOf(s)));
      expect(results.length).toBe(reported.length);
      const counted = Object.values(sarif.runs[0].properties.notReported as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(counted).toBe(all.length - reported.length);
      results.forEach((res: any, k: number) => {
        expect(res.message.text).not.toMatch(RAW_UNSAFE_ALL);
        const logical = res.locations[0].logicalLocations?.[0];
        if (logical) expect(logical.fullyQualifiedName).toBe(reported[k].qualifiedName);
      });

      const rdText = renderChangedRdjson(set);
      expectNoRaw(rdText);
      const rd = JSON.parse(rdText);
      expect(validateRdjson(rd)).toEqual([]);
      expect(validateRdjsonStrict(rd)).toEqual([]);
      expect(rd.diagnostics.length).toBe(all.length);

      // Both sides' text from the same pools (control characters and all); lines are the files' bytes.
      const sides = new Map<string, FileSides>();
      for (const f of set.files) {
        const text = () => Array.from({ length: r.int(0, 12) }, () => word(r)).join("\n") + (r.chance(0.8) ? "\n" : "");
        const side: FileSides = { status: f.status, path: f.path, oldMode: f.status === "added" ? "000000" : "100644", newMode: f.status === "deleted" ? "000000" : "100644" };
        if (f.oldPath) side.oldPath = f.oldPath;
        if (f.status !== "added") side.old = new TextEncoder().encode(text());
        if (f.status !== "deleted") side.new = new TextEncoder().encode(text());
        sides.set(f.path, side);
      }
      const patch = Buffer.from(renderChangedPatch(set, sides)).toString("latin1");
      // Our own lines (headers, hunk headers, notes) hold no raw unsafe character; every other line is a diff line.
      let inHunk = false;
      for (const line of patch.split("\n").slice(0, -1)) {
        if (inHunk && /^[ +\-\\]/.test(line) && !/^(--- |\+\+\+ )/.test(line)) continue;
        inHunk = line.startsWith("@@ ");
        const own = Buffer.from(line, "latin1").toString("utf8");
        expect(own).toMatch(/^(# |diff --git |--- |\+\+\+ |@@ -\d+(,\d+)? \+\d+(,\d+)? @@|new file mode |deleted file mode |old mode |new mode |rename (from|to) |copy (from|to) )/);
        expect(own.replace(/\t$/, "")).not.toMatch(RAW_UNSAFE_ALL);
      }
    }
  }, TIMEOUT);

  test("calls, callers, digest and skeleton text", () => {
    const r = rng(SEED + 2);
    for (let i = 0; i < CASES; i++) {
      const chain: CallChain = { root: { path: path(r), symbol: symbol(r, 2) }, depth: 2, steps: steps(r, 0) };
      const calls = renderCallChainText(chain, 1e9);
      expectNoRaw(calls);
      expect(lineCount(calls)).toBe(1 + countSteps(chain.steps));

      const groups: CallerGroup[] = Array.from({ length: r.int(1, 4) }, () => ({
        path: path(r), symbol: r.chance(0.8) ? symbol(r, 2) : undefined, resolution: r.pick(["same-file", "name-match"] as const),
        sites: Array.from({ length: r.int(1, 3) }, () => ({ callee: word(r), line: r.int(1, 99) })),
      }));
      const callers = renderCallersText({ name: word(r), groups }, 1e9).text;
      expectNoRaw(callers);
      const pathLines = groups.filter((g, j) => j === 0 || g.path !== groups[j - 1].path).length;
      expect(lineCount(callers)).toBe(1 + pathLines + groups.length);

      const files: DigestFile[] = Array.from({ length: r.int(1, 4) }, () => ({
        path: path(r), lineCount: r.int(1, 9000),
        symbols: Array.from({ length: r.int(0, 5) }, (_, j) => ({ kind: r.pick(SYMBOL_KINDS), name: word(r), depth: j === 0 ? 0 : r.int(0, 1) })),
      }));
      const digest = renderDigest(files, 1e9).text;
      expectNoRaw(digest);
      expect(lineCount(digest)).toBe(1 + files.length);

      const sk: Skeleton = {
        symbol: symbol(r, 2), lineCount: 99,
        branches: Array.from({ length: r.int(0, 4) }, (_, j) => ({ kind: "if", header: word(r), startLine: j + 2, endLine: j + 2, from: j * 10, to: j * 10 + 5, depth: 0, label: `if@${j + 2}` })),
        calls: Array.from({ length: r.int(0, 4) }, (_, j) => ({ callee: word(r), name: word(r), line: j + 2, from: j, label: `call:${word(r)}` })),
        nested: Array.from({ length: r.int(0, 2) }, () => symbol(r, 2)),
      };
      const skel = renderSkeletonText(sk, path(r), "ab".repeat(32), { maxDepth: 10, foldExits: false });
      expectNoRaw(skel);
      const tail = (sk.calls.length ? 1 : 0) + (sk.branches.length || sk.calls.length ? 1 : 0);
      expect(lineCount(skel)).toBe(2 + sk.branches.length + sk.nested.length + tail);
    }
  }, TIMEOUT);

  test("symbol headers, not-found errors and notes on stderr", async () => {
    const r = rng(SEED + 3);
    for (let i = 0; i < CASES; i++) {
      const outline = fileOutline(r);
      const s = symbol(r, 2);
      s.startLine = 1;
      s.endLine = 2;
      outline.symbols.push(s);
      const file: ParsedFile = { file: { path: outline.path, bytes: new TextEncoder().encode("a\nb\n"), stat: undefined as never }, outline, scan: undefined };
      const view = await fullView(file, s);
      const text = renderSymbolText(view);
      expectNoRaw(text);
      expect(view.symbolHash).toMatch(/^[0-9a-f]{12}$/);
      expect(text.split("\n")[0]).toBe(`# ${quotePath(outline.path)}:1-2 ${quoteName(s.qualifiedName)} (${s.kind}, symbol:${view.symbolHash}, sha256:abababababab)`);

      const io = captureIO();
      try {
        findOne(file, `${word(r)}\u0000missing`);
      } catch (e) {
        expect(reportError(e, io)).toBe(1);
      }
      io.note(word(r));
      const err = io.stderr();
      expectNoRaw(err);
      expect(lineCount(err)).toBe(2);
    }
  }, TIMEOUT);
});

// ------------------------------------------------------------ end to end, the real binary

const available = binaryAvailable();
if (!available) console.warn(`output-fuzz binary cases skipped: ${BINARY} is absent (run \`npm run build\`)`);

/** What a file name and a Kotlin backtick name can hold: no NUL, no `/`, no lone surrogate (not bytes), no backtick or line break in Kotlin's. */
const FILE_POOLS = [C0.filter((c) => c !== "\0"), C1, FORMAT, SEPARATORS, SYNTAX.map((c) => c.replace(/\//g, "")), TEXT, TEXT];
const NAME_POOLS = [C0.filter((c) => !"\0\n\r".includes(c)), C1, FORMAT, SEPARATORS, SYNTAX.map((c) => c.replace(/`/g, "")).filter(Boolean), TEXT, TEXT];

function fileName(r: Rng, ext: string): string {
  return `f${word(r, FILE_POOLS).slice(0, 40)}${ext}`;
}

function kotlinName(r: Rng): string {
  return `\`k${word(r, NAME_POOLS).slice(0, 60)}\``;
}

describe.skipIf(!available)(`output fuzz through the binary, seed ${SEED}`, () => {
  let repo: TempRepo;
  const r = rng(SEED + 4);
  // `src` as written (backticks); `name` as the outline names it (the text between them).
  const kt = Array.from({ length: 4 }, () => {
    const src = kotlinName(r);
    return { path: fileName(r, ".kt"), src, name: src.slice(1, -1) };
  });
  const py = fileName(r, ".py");

  const run = (args: string[]) => {
    const env = { ...process.env };
    delete env.GITHUB_STEP_SUMMARY;
    const res = spawnSync(BINARY, args, { cwd: repo.path, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    expect(res.stderr).not.toContain("internal error");
    return { code: res.status ?? -1, out: res.stdout, err: res.stderr };
  };

  beforeAll(() => {
    repo = tempRepo();
    for (const f of kt) repo.write(f.path, `fun ${f.src}() = 0\n`);
    repo.commit("base");
    for (const f of kt) repo.write(f.path, `fun ${f.src}(a: Int) = a\n\nfun user() = ${f.src}(1)\n`);
    repo.write(py, "def target():\n    return 1\n\ndef caller():\n    return target()\n");
    repo.commit("pr");
  });
  afterAll(() => repo?.cleanup());

  test("outline text, json and jsonl keep one record a line and the exact names", () => {
    const text = run(["outline", "."]);
    expect(text.code).toBe(0);
    expectNoRaw(text.out + text.err);
    for (const f of kt) expect(`\n${text.out}`).toContain(`\n${quotePath(f.path)} (kotlin, 3 lines, 2 symbols, sha256:`);
    expect(lineCount(text.out)).toBe(5 * 4 - 1);
    const json = JSON.parse(run(["outline", ".", "--format", "json"]).out) as FileOutline[];
    for (const f of kt) expect(json.find((o) => o.path === f.path)?.symbols[0].name === f.name).toBe(true);
    const jsonl = run(["outline", ".", "--format", "jsonl"]).out;
    expectNoRaw(jsonl);
    expect(lineCount(jsonl)).toBe(5);
    expect(jsonl.trimEnd().split("\n").map((l) => JSON.parse(l).path).sort()).toEqual([...kt.map((f) => f.path), py].sort());
  }, TIMEOUT);

  test("search and digest", () => {
    const search = run(["search", "k", "--kind", "function"]);
    expectNoRaw(search.out + search.err);
    expect(lineCount(search.out)).toBe(kt.length);
    const hits = JSON.parse(run(["search", "k", "--kind", "function", "--format", "json"]).out).results as { path: string; name: string }[];
    expect(hits.map((h) => `${h.path}\0${h.name}`).sort()).toEqual(kt.map((f) => `${f.path}\0${f.name}`).sort());
    const digest = run(["digest"]);
    expectNoRaw(digest.out + digest.err);
    expect(lineCount(digest.out)).toBe(1 + 5);
  }, TIMEOUT);

  test("changed in every format", () => {
    const base = ["changed", "--base", "HEAD~1", "--head", "HEAD"];
    const json = JSON.parse(run([...base, "--format", "json"]).out) as ChangeSet;
    expect(json.files.map((f) => f.path).sort()).toEqual([...kt.map((f) => f.path), py].sort());
    for (const f of kt) expect(json.files.find((c) => c.path === f.path)!.symbols.some((s) => s.qualifiedName === f.name && s.signatureChanged)).toBe(true);
    const total = json.files.reduce((n, f) => n + f.symbols.length, 0);
    const text = run(base);
    expectNoRaw(text.out + text.err);
    expect(lineCount(text.out)).toBe(1 + json.files.length + total);
    const md = run([...base, "--format", "markdown"]).out;
    expectNoRaw(md);
    expect(markdownProblems(md, 4)).toEqual([]);
    expect(md).not.toContain("not shown");
    const gh = run([...base, "--format", "github"]).out;
    expectNoRaw(gh);
    const commands = gh.split("\n").filter((l) => l.trimStart().startsWith("::"));
    expect(commands.length).toBe(kt.length);
    for (const c of commands) expect(c).toMatch(/^::notice file=[^:]*,line=1,endLine=1,title=Signature changed%3A /);

    const sarif = run([...base, "--format", "sarif"]).out;
    expectNoRaw(sarif);
    expect(validateSarif(JSON.parse(sarif))).toEqual([]);
    // One result per change a reviewer must act on (removed, renamed, moved, signature); the rest are counted.
    const acted = json.files.reduce((n, f) => n + f.symbols.filter((s) => ["removed", "renamed", "moved"].includes(s.change) || s.signatureChanged).length, 0);
    expect(JSON.parse(sarif).runs[0].results.length).toBe(acted);
    const rdjson = run([...base, "--format", "rdjson"]).out;
    expectNoRaw(rdjson);
    expect(validateRdjsonStrict(JSON.parse(rdjson))).toEqual([]);
    // The patch applies to a checkout of the base and gives the head, odd names and all.
    const patch = spawnSync(BINARY, [...base, "--format", "patch"], { cwd: repo.path, maxBuffer: 64 * 1024 * 1024 });
    expect(patch.status).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), "ast-outline-fuzz-apply-"));
    try {
      writeFileSync(join(dir, "p.diff"), patch.stdout);
      repo.git("worktree", "add", "-q", "--detach", join(dir, "wt"), "HEAD~1");
      const applied = spawnSync("git", ["apply", join(dir, "p.diff")], { cwd: join(dir, "wt"), encoding: "utf8" });
      expect(applied.stderr).toBe("");
      spawnSync("git", ["add", "-A"], { cwd: join(dir, "wt") });
      expect(spawnSync("git", ["diff", "--cached", "--name-only", "HEAD@{0}", repo.git("rev-parse", "HEAD").trim()], { cwd: join(dir, "wt"), encoding: "utf8" }).stdout).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, TIMEOUT);

  test("symbol, calls and callers", () => {
    for (const f of kt) {
      const sym = run(["symbol", f.path, "user"]);
      expect(sym.code).toBe(0);
      const head = sym.out.split("\n")[0];
      expect(head.slice(0, -41)).toBe(`# ${quotePath(f.path)}:3-3 user (function, `);
      expect(head.slice(-41)).toMatch(/^symbol:[0-9a-f]{12}, sha256:[0-9a-f]{12}\)$/);
    }
    const calls = run(["calls", py, "caller"]);
    expectNoRaw(calls.out + calls.err);
    expect(calls.out).toContain(`-> ${quotePath(py)}:1-2 target [same-file]`);
    const callers = run(["callers", "target"]);
    expectNoRaw(callers.out + callers.err);
    expect(callers.out).toContain(`\n${quotePath(py)}\n  4-5 caller (function): target@5 [`);
  }, TIMEOUT);
});
