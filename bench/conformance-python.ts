// Definition recall and exact line ranges of our outline against CPython's `ast`, over the
// whole standard library of the python3 on PATH (site-packages excluded, the test suite included),
// or any folder of Python code (--stdlib DIR).
//   bun bench/run.ts conformance-python [--verbose] [--stdlib DIR] [--values]
// --values scores the variables too, apart from the classes and defs: module and class
// variables (python_defs.py --values) and instance attributes (--attributes) against our
// variables, constants and fields, with precision (ours that `ast` has no such name for).
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { compareFile, emptyTally, ourDefs, pct, report, summary, summaryWithPrecision, type Tally } from "../test/conformance/compare.ts";
import { pythonDefs, pythonStdlib } from "../test/conformance/python-ast.ts";
import { userJsonOutline, walkFiles } from "./lib.ts";

export const PY_KINDS = ["class", "function", "method", "constructor"] as const;
/** Our kinds for what `ast` calls an assignment target ("assign", "attribute"). */
export const PY_VALUE_KINDS = ["variable", "constant", "field"] as const;

export async function run(args: string[]): Promise<void> {
  const at = args.indexOf("--stdlib");
  const stdlib = at >= 0 ? args[at + 1] : pythonStdlib();
  const withValues = args.includes("--values");
  const verbose = args.includes("--verbose");
  const files = walkFiles(stdlib, (n) => n.endsWith(".py"), (rel) => rel === "site-packages" || rel.startsWith("__pycache__") || rel.endsWith("/.git") || rel === ".git");
  const t0 = performance.now();
  const refs = pythonDefs(files, "python3", { values: withValues, attributes: withValues });
  const tally: Tally = emptyTally();
  const values: Tally = emptyTally();
  const valueKinds = new Map<string, number>();
  const skipped: string[] = [];
  for (const r of refs) {
    if ("error" in r) {
      skipped.push(`${relative(stdlib, r.path)} (${r.error.split("\n")[0]})`);
      continue;
    }
    const outline = await userJsonOutline(r.path);
    const path = relative(stdlib, r.path);
    const isValue = (d: { kind?: string }) => d.kind === "assign" || d.kind === "attribute";
    compareFile(path, r.defs.filter((d) => !isValue(d)), ourDefs(outline.symbols, PY_KINDS), tally);
    if (!withValues) continue;
    const wanted = r.defs.filter(isValue);
    for (const d of wanted) valueKinds.set(d.kind!, (valueKinds.get(d.kind!) ?? 0) + 1);
    compareFile(path, wanted, ourDefs(outline.symbols, PY_VALUE_KINDS), values);
  }
  console.log(`python ${stdlib}`);
  console.log(report(tally, verbose ? 1000 : 15));
  const trailing = tally.rangeDiffs.filter((d) => endsInComments(join(stdlib, d.path), d.ref, d.ours)).length;
  console.log(`range disagreements that are only comments after the last statement, inside the body: ${trailing} of ${tally.rangeDiffs.length}`);
  if (withValues) {
    console.log(`variables and attributes: ${report(values, verbose ? 100000 : 15, true)}`);
    console.log(`  recall by kind: ${byKind(values, valueKinds)}`);
  }
  console.log(`skipped ${skipped.length} files ast cannot parse${skipped.length ? `: ${skipped.slice(0, 5).join("; ")}${skipped.length > 5 ? " ..." : ""}` : ""}`);
  console.log(`time ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`RESULT conformance-python: ${summary(tally)}${withValues ? `; variables and attributes: ${summaryWithPrecision(values)}; ${byKind(values, valueKinds)}` : ""}`);
}

if (import.meta.main) await run(process.argv.slice(2));

/** Recall per reference kind: `assign` (module and class variables), `attribute` (instance attributes). */
function byKind(t: Tally, totals: Map<string, number>): string {
  const missed = new Map<string, number>();
  for (const m of t.misses) missed.set(m.ref.kind ?? "", (missed.get(m.ref.kind ?? "") ?? 0) + 1);
  return [...totals.entries()]
    .map(([kind, n]) => `${kind} ${pct((n - (missed.get(kind) ?? 0)) / n)} (${n - (missed.get(kind) ?? 0)}/${n})`)
    .join(", ");
}

/** Ours runs on past ast's end over blank and comment lines only (ast has no comments). */
function endsInComments(path: string, ref: { start: number; end: number }, ours: { start: number; end: number }): boolean {
  if (ours.start !== ref.start || ours.end <= ref.end) return false;
  const lines = readFileSync(path, "utf8").split("\n");
  return lines.slice(ref.end, ours.end).every((l) => !l.trim() || l.trim().startsWith("#"));
}
