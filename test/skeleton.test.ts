// Skeleton and drill goldens: fixtures/skeleton/<case>.<ext> beside <case>.<ext>.skeleton.txt,
// which holds `symbol --skeleton` of every function and method, then `--drill` of each one's
// first branch and first call. UPDATE_GOLDEN=1 rewrites them.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli } from "./helpers/cli.ts";
import { flatten } from "../src/core/symbols/find.ts";
import { outlineFile } from "../src/app/outline-file.ts";

const DIR = join(ROOT, "fixtures", "skeleton");
const cases = readdirSync(DIR).filter((f) => !f.endsWith(".txt"));

async function render(file: string): Promise<string> {
  const { outline } = await outlineFile(join(DIR, file));
  const fns = flatten(outline.symbols).filter((s) => s.kind === "function" || s.kind === "method");
  const parts: string[] = [];
  for (const s of fns) {
    const sk = await runCli(["symbol", file, s.qualifiedName, "--skeleton"], DIR);
    parts.push(`$ symbol ${file} ${s.qualifiedName} --skeleton\n${sk.stdout}${sk.stderr}`);
    // The first branch (by number) and the last call (by label) of each skeleton.
    const hasBranch = sk.stdout.split("\n").slice(2).some((l) => /^ {2,}\d+(-\d+)? /.test(l) && !l.includes("[nested"));
    const calls = /^calls: (.*)$/m.exec(sk.stdout)?.[1].split(" ") ?? [];
    const lastCall = calls.length ? /^(.+)@(\d+)/.exec(calls[calls.length - 1]) : null;
    const labels = [...(hasBranch ? ["1"] : []), ...(lastCall ? [`call:${lastCall[1].split(".").pop()}@${lastCall[2]}`] : [])];
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
      if (process.env.UPDATE_GOLDEN || !existsSync(golden)) writeFileSync(golden, got);
      expect(got).toBe(readFileSync(golden, "utf8"));
    });
  }
});
