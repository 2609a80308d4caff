// The floor under any selection that works symbol by symbol, from the same per-test coverage as
// the truth (bench/affected-tests.ts), and where a selection's extra tests come from.
//   function-level oracle: for each changed line, the tests that ran any line of the innermost
//     function, method or constructor around it (the outline's, head side for added and modified
//     lines, base side for deleted ones); a line outside every function (module or class level)
//     counts by itself, as in the truth. No selection that decides per function can keep every
//     truth test with fewer: a test that runs the function may take the changed branch.
//   changed-symbol view: the tests that ran any line of a definition `changed` reports (non-
//     cosmetic; head range, and base range for what it had), a `<module>` change any line of its
//     file: what an exact static call graph starting from `changed`'s symbols selects at least
//     (every test that runs the symbol calls it; a static graph also keeps the calls not taken).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Coverage } from "./affected-tests-runs.ts";
import { userJsonOutline } from "./lib.ts";
import type { OutlineSymbol } from "../src/core/types.ts";

/** Kinds whose lines run when called (a class body or a struct runs at load, or never). */
const FUNCTIONS = new Set(["function", "method", "constructor"]);

export interface Diff { head: Map<string, number[]>; base: Map<string, number[]> }

type Span = [number, number];

function functionSpans(symbols: OutlineSymbol[], out: Span[] = []): Span[] {
  for (const s of symbols) {
    if (FUNCTIONS.has(s.kind)) out.push([s.startLine, s.endLine]);
    if (s.children) functionSpans(s.children, out);
  }
  return out;
}

/** The innermost function span around a line. */
function innermost(spans: Span[], line: number): Span | undefined {
  let best: Span | undefined;
  for (const s of spans) if (line >= s[0] && line <= s[1] && (!best || s[1] - s[0] <= best[1] - best[0])) best = s;
  return best;
}

/** Tests of `cov` that ran a line of `path` within [from, to]. */
function ranIn(cov: Coverage, path: string, from: number, to: number, into: Set<string>): void {
  const byLine = cov.files[path];
  if (!byLine) return;
  for (const [line, tests] of Object.entries(byLine)) {
    const l = Number(line);
    if (l >= from && l <= to) for (const t of tests) into.add(cov.tests[t]);
  }
}

async function outlineSpans(file: string): Promise<Span[]> {
  try {
    return functionSpans((await userJsonOutline(file)).symbols);
  } catch {
    return [];
  }
}

/** The function-level oracle (head: the checkout at head; base files read from git). */
export async function functionOracle(checkout: string, baseSha: string, diff: Diff, headCov: Coverage, baseCov: Coverage): Promise<Set<string>> {
  const out = new Set<string>();
  const scratch = mkdtempSync(join(tmpdir(), "affected-oracle-"));
  try {
    const side = async (cov: Coverage, changed: Map<string, number[]>, fileOf: (path: string) => string | undefined) => {
      for (const [path, lines] of changed) {
        if (!cov.files[path]) continue;
        const file = fileOf(path);
        const spans = file ? await outlineSpans(file) : [];
        for (const line of lines) {
          const span = innermost(spans, line) ?? [line, line];
          ranIn(cov, path, span[0], span[1], out);
        }
      }
    };
    await side(headCov, diff.head, (p) => join(checkout, p));
    await side(baseCov, diff.base, (p) => {
      const r = spawnSync("git", ["show", `${baseSha}:${p}`], { cwd: checkout, maxBuffer: 1 << 30 });
      if (r.status !== 0) return undefined;
      const file = join(scratch, p);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, r.stdout);
      return file;
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return out;
}

interface ChangedSymbol { qualifiedName: string; change: string; cosmetic?: boolean; startLine?: number; endLine?: number; oldStartLine?: number; oldEndLine?: number; oldPath?: string }
export interface ChangedJson { files: { path: string; oldPath?: string; symbols: ChangedSymbol[] }[] }

/** The changed-symbol view: tests that ran any line of a definition `changed` reports. */
export function changedSymbolView(changed: ChangedJson, headCov: Coverage, baseCov: Coverage): Set<string> {
  const out = new Set<string>();
  for (const f of changed.files) {
    for (const s of f.symbols) {
      if (s.cosmetic) continue;
      const oldPath = s.oldPath ?? f.oldPath ?? f.path;
      if (s.qualifiedName === "<module>") {
        ranIn(headCov, f.path, 1, Infinity, out);
        ranIn(baseCov, oldPath, 1, Infinity, out);
        continue;
      }
      if (s.change !== "removed" && s.startLine) ranIn(headCov, f.path, s.startLine, s.endLine ?? s.startLine, out);
      if (s.change !== "added" && s.oldStartLine) ranIn(baseCov, oldPath, s.oldStartLine, s.oldEndLine ?? s.oldStartLine, out);
    }
  }
  return out;
}

/** Why the tool chose a test, as its JSON says: the surest chain's weakest link, and whether that chain starts at module level. */
export interface ToolWhy { sureness: string; module: boolean; file: boolean }

export const CAUSES = [
  "whole suite (fallback)",
  "changed definition runs, changed lines do not (hot function)",
  "`changed` symbol wider than the function (class, module)",
  "module top-level change",
  "name-only link",
  "import-only link",
  "resolved path not taken at run time",
  "computed title (its whole file)",
] as const;
export type Cause = (typeof CAUSES)[number];

/** The cause of one selected test that is not in the truth. */
export function causeOf(id: string, whole: boolean, fnOracle: Set<string>, symView: Set<string>, why: ToolWhy | undefined): Cause {
  if (whole) return "whole suite (fallback)";
  if (fnOracle.has(id)) return "changed definition runs, changed lines do not (hot function)";
  if (symView.has(id)) return "`changed` symbol wider than the function (class, module)";
  if (!why || why.file) return "computed title (its whole file)";
  if (why.module) return "module top-level change";
  if (why.sureness === "name-only") return "name-only link";
  if (why.sureness === "import") return "import-only link";
  return "resolved path not taken at run time";
}
