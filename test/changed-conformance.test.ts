// Conformance with CPython's `ast` as the oracle: random (seeded) edits to real stdlib files
// (add/remove/modify definitions, signature edits, code inserted above), both sides judged by
// scripts/oracle/py_changed.py and by our diff, under the CONTRACT rule.
import { expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { f1, oracleSets, ourDiff, python, pythonAvailable, score, toSets } from "./helpers/oracle.ts";

const STDLIB_FILES = ["textwrap.py", "shlex.py", "csv.py", "fractions.py", "string.py", "pprint.py", "heapq.py", "bisect.py", "json/decoder.py", "json/encoder.py", "graphlib.py", "colorsys.py", "queue.py", "sched.py"];

function stdlibDir(): string | undefined {
  const r = spawnSync("python3", ["-c", "import os; print(os.path.dirname(os.__file__))"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

test.skipIf(!pythonAvailable())("agrees with CPython's ast on generated edits of stdlib files", async () => {
  const dir = stdlibDir()!;
  const files = STDLIB_FILES.map((f) => join(dir, f)).filter(existsSync);
  expect(files.length).toBeGreaterThan(5);
  const cases: { id: string; path: string; old: string; new: string }[] = python("generate", { seed: 20240601, cases: 40, files });
  const truth: Record<string, any> = Object.fromEntries(python("oracle", cases).map((o: any) => [o.id, o]));
  let tp = 0, fp = 0, fn = 0;
  const disagreements: string[] = [];
  let edited = 0;
  for (const c of cases) {
    if (c.old === c.new) continue;
    edited++;
    const o = truth[c.id];
    expect(o.error).toBeUndefined();
    const s = score(toSets(await ourDiff(c.path, c.old, c.new)), oracleSets(o));
    tp += s.tp; fp += s.fp; fn += s.fn;
    if (s.diffs.length) disagreements.push(`${c.id} ${c.path}: ${s.diffs.join(" ")}`);
  }
  expect(edited).toBeGreaterThan(30);
  expect(tp).toBeGreaterThan(40);
  if (disagreements.length) console.log(`disagreements with the ast oracle:\n${disagreements.join("\n")}`);
  expect(f1(tp, fp, fn)).toBeGreaterThanOrEqual(0.98);
}, 60_000);
