// Conformance with the TypeScript compiler API: every definition the compiler sees in a fixed
// set of real TS files (this project's src, and .ts/.d.ts shipped in node_modules) must appear
// in our JSON outline under the same qualified name and line range. What counts as a
// definition is documented in conformance/typescript-defs.ts. Outlines in-process.
// A whole code base: `npm run bench conformance-typescript`.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { outlineFile } from "../src/app/outline-file.ts";
import { compareFile, emptyTally, exactRate, ourDefs, recall, report } from "./conformance/compare.ts";
import { TS_KINDS, typescriptSample } from "./conformance/samples.ts";
import { typescriptDefs } from "./conformance/typescript-defs.ts";
import { ROOT, testEnv } from "./helpers/cli.ts";

describe("conformance with the TypeScript compiler", () => {
  test("recall >= 99.5% and exact ranges >= 98% over this project and its TS dependencies", async () => {
    const files = typescriptSample(ROOT);
    expect(files.length).toBeGreaterThanOrEqual(60);
    const tally = emptyTally();
    for (const file of files) {
      const refs = typescriptDefs(file, readFileSync(file, "utf8"));
      const { outline } = await outlineFile(testEnv(), file, { maxBytes: 64 * 1024 * 1024 });
      compareFile(relative(ROOT, file), refs, ourDefs(outline.symbols, TS_KINDS), tally);
    }
    const text = report(tally);
    console.log(text.split("\n")[0]);
    expect(tally.total).toBeGreaterThan(3000);
    if (recall(tally) < 0.995 || exactRate(tally) < 0.98) throw new Error(`below the bar:\n${text}`);
  }, 60_000);
});
