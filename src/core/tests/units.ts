// Which definitions and call blocks of a file are tests, by a runner's data
// (core/languages/test-conventions.ts). Pure: the outline, the file's lines and the blocks of
// grammars/<lang>/tests.scm come in, test units go out.
import type { TestConvention, TestRule } from "../languages/test-conventions.ts";
import { pathFilter } from "../text/glob.ts";
import type { OutlineSymbol } from "../types.ts";
import type { TestUnit } from "./types.ts";

/** A call with a title first (`it("works", ...)`), as grammars/<lang>/tests.scm captures it. */
export interface Block {
  callee: string;
  /** The title's source text, quotes included. */
  title: string;
  startLine: number;
  endLine: number;
}

const filters = new WeakMap<string[], (path: string) => boolean>();

/** Whether any glob of the list matches the path. */
export function matchesAny(globs: string[], path: string): boolean {
  let f = filters.get(globs);
  if (!f) {
    const each = globs.map(pathFilter);
    f = (p) => each.some((m) => m(p));
    filters.set(globs, f);
  }
  return f(path);
}

export function isTestFile(conv: TestConvention, path: string, language: string | undefined): boolean {
  return language !== undefined && conv.languages.includes(language) && matchesAny(conv.files, path);
}

/** Each symbol with its container's name ("" at the top level). */
function walk(symbols: OutlineSymbol[], within = "", out: { s: OutlineSymbol; within: string }[] = []) {
  for (const s of symbols) {
    out.push({ s, within });
    if (s.children) walk(s.children, s.name, out);
  }
  return out;
}

/** The lines from the symbol's first line to the one naming it: where its decorators, annotations and attributes are. */
function header(s: OutlineSymbol, lines: string[]): string {
  const out: string[] = [];
  for (let l = s.startLine; l <= s.endLine && l <= lines.length; l++) {
    out.push(lines[l - 1]);
    if (lines[l - 1].includes(s.name)) break;
  }
  return out.join("\n");
}

const patterns = new Map<string, RegExp>();
/** A rule's pattern, compiled once (the rules are the runner table's). */
const pattern = (source: string): RegExp => {
  let re = patterns.get(source);
  if (!re) patterns.set(source, (re = new RegExp(source)));
  return re;
};

function matches(rule: TestRule, s: OutlineSymbol, within: string, lines: string[]): boolean {
  if (!rule.kinds.includes(s.kind)) return false;
  if (rule.name !== undefined && !pattern(rule.name).test(s.name)) return false;
  if (rule.within !== undefined && (rule.within === "" ? within !== "" : !pattern(rule.within).test(within))) return false;
  if (rule.marker !== undefined && !pattern(rule.marker).test(header(s, lines))) return false;
  return true;
}

/** The definitions of a file that match any of the rules. */
export function symbolsMatching(rules: TestRule[], symbols: OutlineSymbol[], lines: string[]): OutlineSymbol[] {
  return walk(symbols).filter(({ s, within }) => rules.some((r) => matches(r, s, within, lines))).map(({ s }) => s);
}

/** A title's text without its quotes; undefined when it is computed (a template substitution, a variable). */
function titleText(title: string): string | undefined {
  const m = /^(['"`])([\s\S]*)\1$/.exec(title);
  if (m) return m[1] === "`" && m[2].includes("${") ? undefined : unescape(m[2]);
  // Ruby: `describe Foo`, `describe :sym`.
  if (/^:?[A-Za-z_][\w:]*$/.test(title)) return title.replace(/^:/, "");
  return undefined;
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v", "0": "\0" };

/** A string literal's text as the program sees it (the runner reports titles so). */
function unescape(body: string): string {
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r?\n|[\s\S])/g, (_, e: string) => {
    if (e[0] === "u" && e.length > 1) return String.fromCodePoint(parseInt(e.replace(/[u{}]/g, ""), 16));
    if (e[0] === "x" && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e[0] === "\n" || e[0] === "\r") return "";
    return ESCAPES[e] ?? e;
  });
}

/** Test units of one test file. */
export function testUnits(conv: TestConvention, path: string, symbols: OutlineSymbol[], lines: string[], blocks: Block[]): TestUnit[] {
  const units: TestUnit[] = symbolsMatching(conv.tests, symbols, lines).map((s) => ({
    path, name: s.name, qualifiedName: s.qualifiedName, startLine: s.startLine, endLine: s.endLine,
  }));
  const tests = new Set(conv.blockTests ?? []);
  const groups = (conv.blockGroups ?? []).length ? new Set(conv.blockGroups) : undefined;
  for (const b of blocks) {
    if (!tests.has(b.callee)) continue;
    const around = blocks
      .filter((g) => groups?.has(g.callee) && g !== b && g.startLine <= b.startLine && g.endLine >= b.endLine)
      .sort((x, y) => x.startLine - y.startLine || y.endLine - x.endLine);
    const raw = [...around, b].map((x) => titleText(x.title));
    const dynamic = raw.some((t) => t === undefined);
    const titles = raw.map((t, i) => t ?? [...around, b][i].title);
    units.push({
      path, name: titles[titles.length - 1], qualifiedName: titles.join(" > "), titles,
      ...(dynamic ? { dynamicTitle: true } : {}), startLine: b.startLine, endLine: b.endLine,
    });
  }
  return units;
}
