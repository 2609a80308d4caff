// Definition recall and exact line ranges of our outline against the TypeScript compiler API,
// over a real TS code base checked out outside the repo (never committed):
//   git clone /work/.mirror/colinhacks+zod/repo /work/data/zod   (or any checkout)
//   bun bench/run.ts conformance-typescript [--dir /work/data/zod] [--verbose]
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { compareFile, emptyTally, ourDefs, report, summary } from "../test/conformance/compare.ts";
import { TS_KINDS } from "../test/conformance/samples.ts";
import { typescriptDefs } from "../test/conformance/typescript-defs.ts";
import { userJsonOutline, walkFiles } from "./lib.ts";

export const DEFAULT_TS_DIR = "/work/data/zod";

export async function run(args: string[]): Promise<void> {
  const at = args.indexOf("--dir");
  const dir = at >= 0 ? args[at + 1] : DEFAULT_TS_DIR;
  if (!existsSync(dir)) {
    console.log(`conformance-typescript: ${dir} is missing (check out a TS code base there, or pass --dir)`);
    return;
  }
  const files = walkFiles(dir, (n) => /\.(m|c)?tsx?$/.test(n), (rel) => /(^|\/)(node_modules|\.git|dist)$/.test(rel));
  const t0 = performance.now();
  const tally = emptyTally();
  let lines = 0;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    lines += text.split("\n").length;
    const outline = await userJsonOutline(file);
    compareFile(relative(dir, file), typescriptDefs(file, text), ourDefs(outline.symbols, TS_KINDS), tally);
  }
  console.log(`typescript ${dir} (${lines} lines)`);
  console.log(args.includes("--verbose") ? report(tally, 1000) : report(tally, 15));
  console.log(`time ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`RESULT conformance-typescript: ${summary(tally)}`);
}

if (import.meta.main) await run(process.argv.slice(2));
