// Definition recall and exact line ranges of our outline against CPython's `ast`, over the
// whole standard library of the python3 on PATH (site-packages excluded, the test suite included).
//   bun bench/run.ts conformance-python [--verbose] [--stdlib DIR]
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { compareFile, emptyTally, ourDefs, report, summary, type Tally } from "../test/conformance/compare.ts";
import { pythonDefs, pythonStdlib } from "../test/conformance/python-ast.ts";
import { userJsonOutline, walkFiles } from "./lib.ts";

export const PY_KINDS = ["class", "function", "method", "constructor"] as const;

export async function run(args: string[]): Promise<void> {
  const at = args.indexOf("--stdlib");
  const stdlib = at >= 0 ? args[at + 1] : pythonStdlib();
  const files = walkFiles(stdlib, (n) => n.endsWith(".py"), (rel) => rel === "site-packages" || rel.startsWith("__pycache__"));
  const t0 = performance.now();
  const refs = pythonDefs(files);
  const tally: Tally = emptyTally();
  const skipped: string[] = [];
  for (const r of refs) {
    if ("error" in r) {
      skipped.push(`${relative(stdlib, r.path)} (${r.error.split("\n")[0]})`);
      continue;
    }
    const outline = await userJsonOutline(r.path);
    compareFile(relative(stdlib, r.path), r.defs, ourDefs(outline.symbols, PY_KINDS), tally);
  }
  console.log(`python stdlib ${stdlib}`);
  console.log(args.includes("--verbose") ? report(tally, 1000) : report(tally, 15));
  const trailing = tally.rangeDiffs.filter((d) => endsInComments(join(stdlib, d.path), d.ref, d.ours)).length;
  console.log(`range disagreements that are only comments after the last statement, inside the body: ${trailing} of ${tally.rangeDiffs.length}`);
  console.log(`skipped ${skipped.length} files ast cannot parse${skipped.length ? `: ${skipped.slice(0, 5).join("; ")}${skipped.length > 5 ? " ..." : ""}` : ""}`);
  console.log(`time ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`RESULT conformance-python: ${summary(tally)}`);
}

if (import.meta.main) await run(process.argv.slice(2));

/** Ours runs on past ast's end over blank and comment lines only (ast has no comments). */
function endsInComments(path: string, ref: { start: number; end: number }, ours: { start: number; end: number }): boolean {
  if (ours.start !== ref.start || ours.end <= ref.end) return false;
  const lines = readFileSync(path, "utf8").split("\n");
  return lines.slice(ref.end, ours.end).every((l) => !l.trim() || l.trim().startsWith("#"));
}
