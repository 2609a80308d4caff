// How much smaller the default text outline is than the file: o200k tokens of
// `ast-outline outline FILE` (rendered in-process, identical text) / tokens of the file, for
// every standard-library module of >= 300 lines (the test suite left out: --with-tests adds it).
// --parts: beside it, the median with each kind of content left out in turn (what each costs).
//   bun bench/run.ts tokens [--stdlib DIR] [--with-tests] [--parts]
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { outlineSource } from "../src/core/outline/outline.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { renderOutlineText } from "../src/render/outline/text.ts";
import { pythonStdlib } from "../test/conformance/python-ast.ts";
import type { FileOutline, OutlineSymbol } from "../src/core/types.ts";
import { median, percentile, walkFiles } from "./lib.ts";

export async function run(args: string[]): Promise<void> {
  const at = args.indexOf("--stdlib");
  const stdlib = at >= 0 ? args[at + 1] : pythonStdlib();
  const withTests = args.includes("--with-tests");
  const parts = args.includes("--parts");
  const partRatios = new Map<string, number[]>(Object.keys(WITHOUT).map((k) => [k, []]));
  const skipDir = (rel: string) =>
    rel === "site-packages" || rel.endsWith("__pycache__") || (!withTests && /(^|\/)(test|tests|idle_test)$/.test(rel));
  const enc = new Tiktoken(o200k);
  const python = REGISTRY.byId.get("python")!;
  const ratios: { file: string; ratio: number; lines: number }[] = [];
  let fileTokens = 0;
  let outlineTokens = 0;
  const leanRatios: number[] = [];
  const allDocsRatios: number[] = [];
  for (const path of walkFiles(stdlib, (n) => n.endsWith(".py"), skipDir)) {
    const bytes = readFileSync(path);
    const text = bytes.toString("utf8");
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (lines < 300) continue;
    const outline = await outlineSource({ path: relative(stdlib, path), bytes, language: python });
    const whole = enc.encode(text, "all").length;
    const out = enc.encode(renderOutlineText(outline, { maxChildren: 40 }), "all").length;
    fileTokens += whole;
    outlineTokens += out;
    allDocsRatios.push(enc.encode(renderOutlineText(outline, { maxChildren: 40, docs: "all" }), "all").length / whole);
    leanRatios.push(enc.encode(renderOutlineText(lean(outline), { maxChildren: 40 }), "all").length / whole);
    ratios.push({ file: relative(stdlib, path), ratio: out / whole, lines });
    if (parts) {
      for (const [name, cut] of Object.entries(WITHOUT)) partRatios.get(name)!.push(enc.encode(cut(renderOutlineText(cut === WITHOUT["the `def` keyword (text)"] ? outline : without(outline, name), { maxChildren: 40 })), "all").length / whole);
    }
  }
  const rs = ratios.map((r) => r.ratio);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`python stdlib ${stdlib}${withTests ? " (with tests)" : ""}: ${ratios.length} files >= 300 lines`);
  console.log(`outline/file tokens (o200k): median ${pct(median(rs))}, p90 ${pct(percentile(rs, 90))}, max ${pct(Math.max(...rs))}, overall ${pct(outlineTokens / fileTokens)} (${outlineTokens} / ${fileTokens})`);
  console.log(`with --docs (every doc sentence, members' and values' too): median ${pct(median(allDocsRatios))}, p90 ${pct(percentile(allDocsRatios, 90))}`);
  console.log(`for comparison, classes and functions only, no docs, no imports: median ${pct(median(leanRatios))}, p90 ${pct(percentile(leanRatios, 90))}`);
  if (parts) {
    console.log("the median with one kind of content left out:");
    for (const [name, rs2] of partRatios) console.log(`  without ${name}: ${pct(median(rs2))}`);
  }
  const worst = [...ratios].sort((a, b) => b.ratio - a.ratio).slice(0, 5);
  console.log(`highest: ${worst.map((r) => `${r.file} ${pct(r.ratio)}`).join(", ")}`);
  console.log(`RESULT tokens: median ${pct(median(rs))}, p90 ${pct(percentile(rs, 90))} over ${ratios.length} files`);
}

if (import.meta.main) await run(process.argv.slice(2));

/** The outline without docs, imports, variables and fields: where the tokens go. */
function lean(outline: FileOutline): FileOutline {
  const keep = (syms: OutlineSymbol[]): OutlineSymbol[] =>
    syms
      .filter((s) => ["class", "function", "method", "constructor"].includes(s.kind))
      .map((s) => ({ ...s, doc: undefined, children: s.children && keep(s.children) }));
  return { ...outline, imports: [], symbols: keep(outline.symbols) };
}

/** Each kind of content of the default outline, and the text transform that leaves it out (identity where `without` does it on the outline). */
const WITHOUT: Record<string, (text: string) => string> = {
  "imports": (t) => t,
  "docs": (t) => t,
  "variables, constants and fields": (t) => t,
  "the `def` keyword (text)": (t) => t.replace(/^(\s*\d+(?:-\d+)? )(async )?def /gm, (_, range: string, a: string | undefined) => range + (a ?? "")),
};

function without(outline: FileOutline, part: string): FileOutline {
  if (part === "imports") return { ...outline, imports: [] };
  const drop = (syms: OutlineSymbol[]): OutlineSymbol[] =>
    syms
      .filter((s) => part !== "variables, constants and fields" || !["variable", "constant", "field", "property"].includes(s.kind))
      .map((s) => ({ ...s, doc: part === "docs" ? undefined : s.doc, children: s.children && drop(s.children) }));
  return { ...outline, symbols: drop(outline.symbols) };
}
