// Skeleton and drill goldens: fixtures/skeleton/<case>.<ext> beside <case>.<ext>.skeleton.txt,
// which holds, for every function and method, its whole branch structure (every depth, straight
// from the core, no full-text fallback, so each query pattern shows), then what
// `symbol --skeleton` prints, then `--drill` of its first branch and its last call.
// UPDATE_GOLDEN=1 rewrites them.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli, testEnv } from "./helpers/cli.ts";
import { flatten } from "../src/core/symbols/find.ts";
import { outlineFile } from "../src/app/outline-file.ts";
import { scanSource } from "../src/core/skeleton/scan.ts";
import { buildSkeleton } from "../src/core/skeleton/skeleton.ts";
import { renderSkeletonText } from "../src/render/symbol/skeleton.ts";
import { detectLanguage } from "../src/core/languages/detect.ts";
import { decodeSource } from "../src/core/text/lines.ts";

const DIR = join(ROOT, "fixtures", "skeleton");
const cases = readdirSync(DIR).filter((f) => !f.endsWith(".txt"));

async function render(file: string): Promise<string> {
  const { outline, file: read } = await outlineFile(testEnv(), join(DIR, file));
  const scan = await scanSource(decodeSource(read.bytes), detectLanguage(file, read.bytes)!);
  if (!scan) throw new Error(`no skeleton query for ${file}`);
  const fns = flatten(outline.symbols).filter((s) => s.kind === "function" || s.kind === "method");
  const parts: string[] = [];
  for (const s of fns) {
    const sk = buildSkeleton(s, scan);
    parts.push(`$ (structure, every depth) ${s.qualifiedName}\n${renderSkeletonText(sk, file, outline.hash, { maxDepth: 99, foldExits: false })}`);
    const cli = await runCli(["symbol", file, s.qualifiedName, "--skeleton"], DIR);
    parts.push(`$ symbol ${file} ${s.qualifiedName} --skeleton\n${cli.stdout}${cli.stderr}`);
    const last = sk.calls[sk.calls.length - 1];
    const labels = [...(sk.branches.length ? ["1"] : []), ...(last ? [`call:${last.name}@${last.line}`] : [])];
    for (const label of labels) {
      const d = await runCli(["symbol", file, s.qualifiedName, "--drill", label], DIR);
      parts.push(`$ symbol ${file} ${s.qualifiedName} --drill ${label}  (exit ${d.code})\n${d.stdout}${d.stderr}`);
    }
  }
  return parts.join("\n");
}

describe("skeleton goldens", () => {
  for (const file of cases) {
    test(file, async () => {
      const golden = join(DIR, `${file}.skeleton.txt`);
      const got = await render(file);
      // A missing golden fails: writing it and passing would let a deleted file pass for ever.
      if (process.env.UPDATE_GOLDEN === "1") writeFileSync(golden, got);
      else if (!existsSync(golden)) throw new Error(`missing ${golden} (run UPDATE_GOLDEN=1 and read it before committing)`);
      expect(got).toBe(readFileSync(golden, "utf8"));
    });
  }
});
