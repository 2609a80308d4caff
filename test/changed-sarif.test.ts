// `changed --format sarif` on real repositories with the real grammars: a doc-only edit is no
// result (counted, not reported), and `--impact` on a change with more call sites than GitHub
// code scanning takes is cut at 25,000 results, the symbol's own result kept and a note saying
// how many were left out.
import { afterEach, expect, test } from "bun:test";
import { runCli } from "./helpers/cli.ts";
import { tempRepo } from "./helpers/git.ts";
import { validateSarif } from "./helpers/schemas.ts";
import { SARIF_MAX_RESULTS } from "../src/render/changed/sarif.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function sarif(before: Record<string, string>, after: Record<string, string>, ...flags: string[]) {
  const r = tempRepo();
  cleanups.push(r.cleanup);
  for (const [p, t] of Object.entries(before)) r.write(p, t);
  const base = r.commit("before");
  for (const [p, t] of Object.entries(after)) r.write(p, t);
  const head = r.commit("after");
  const out = await runCli(["changed", "--format", "sarif", "--base", base, "--head", head, ...flags], r.path);
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout);
}

test("a JSDoc-only edit is no result: counted as doc in run.properties", async () => {
  const fn = (doc: string) => `/** Adds.${doc} */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n`;
  const log = await sarif({ "a.ts": fn("") }, { "a.ts": fn(" Never throws.") });
  expect(validateSarif(log)).toEqual([]);
  expect(log.runs[0].results).toEqual([]);
  expect(log.runs[0].properties.notReported).toEqual({ doc: 1 });
});

test("--impact is cut at 25,000 results: the symbol's result kept, call sites dropped first, a note says how many", async () => {
  const calls = 26_000;
  const use = `from lib import f\n\n\ndef run():\n${Array.from({ length: calls }, (_, i) => `    f(${i})\n`).join("")}`;
  const log = await sarif({ "lib.py": "def f(a):\n    return a\n", "use.py": use }, { "lib.py": "def f(a, b):\n    return a\n" }, "--impact");
  const run = log.runs[0];
  expect(SARIF_MAX_RESULTS).toBe(25_000);
  expect(run.results.length).toBe(SARIF_MAX_RESULTS);
  expect(run.results[0].ruleId).toBe("signature-changed");
  expect(run.results.slice(1).every((r: any) => r.ruleId === "caller-not-updated")).toBe(true);
  const leftOut = calls + 1 - SARIF_MAX_RESULTS;
  expect(run.properties.resultsLeftOut).toBe(leftOut);
  const notes = run.invocations[0].toolExecutionNotifications.map((n: any) => n.message.text);
  expect(notes).toContain(`${leftOut.toLocaleString("en-US")} of ${(calls + 1).toLocaleString("en-US")} results left out: a SARIF run holds at most 25,000 (GitHub code scanning's limit); call sites were dropped first; --format json lists them all`);
}, 120_000);
