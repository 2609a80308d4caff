// Bench: the floor under a cold `index`: tree-sitter parsing alone (no query, no outline, no
// cache) of every stdlib .py file, on one thread and on two worker threads, beside `ctags -R`
// on the same folder. Whatever `index` does on top, it cannot beat this on this engine.
//   bun bench/run.ts parse-floor [--stdlib DIR]
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { pythonStdlib } from "../test/conformance/python-ast.ts";
import { walkFiles } from "./lib.ts";

const ROOT = join(import.meta.dir, "..");
const RUNTIME = join(ROOT, "node_modules", "web-tree-sitter", "tree-sitter.wasm");
const GRAMMAR = join(ROOT, "node_modules", "tree-sitter-python", "tree-sitter-python.wasm");

/** Parse `files` on `threads` workers (each its own runtime and grammar); wall and process CPU in ms. */
async function parseOn(files: string[], threads: number): Promise<{ wall: number; cpu: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: threads }, (_, k) => new Promise<void>((resolve, reject) => {
    const w = new Worker(join(import.meta.dir, "parse-floor-worker.ts"), {
      workerData: { files: files.filter((_, i) => i % threads === k), runtime: RUNTIME, grammar: GRAMMAR },
    });
    w.on("message", () => void w.terminate().then(() => resolve()));
    w.on("error", reject);
  })));
  const c = process.cpuUsage(c0);
  return { wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 };
}

export async function run(args: string[]): Promise<void> {
  const at = args.indexOf("--stdlib");
  const stdlib = at >= 0 ? args[at + 1] : pythonStdlib();
  const files = walkFiles(stdlib, (n) => n.endsWith(".py"), (rel) => rel === "site-packages" || rel.endsWith("__pycache__"));
  const mb = files.reduce((n, f) => n + readFileSync(f).length, 0) / 1e6;
  const t = performance.now();
  spawnSync("ctags", ["-R", "--languages=Python", "--exclude=site-packages", "--exclude=__pycache__", "-f", "/dev/null", stdlib]);
  const ctags = performance.now() - t;
  const one = await parseOn(files, 1);
  const two = await parseOn(files, 2);
  console.log(`${stdlib}: ${files.length} .py files, ${mb.toFixed(1)} MB`);
  console.log(`  ctags -R (Python, same files)${ctags.toFixed(0).padStart(6)} ms`);
  console.log(`  parse only, 1 worker thread  ${one.wall.toFixed(0).padStart(6)} ms wall ${one.cpu.toFixed(0).padStart(6)} ms CPU`);
  console.log(`  parse only, 2 worker threads ${two.wall.toFixed(0).padStart(6)} ms wall ${two.cpu.toFixed(0).padStart(6)} ms CPU`);
  console.log(`RESULT parse-floor: parse alone ${(one.wall / 1000).toFixed(1)} s on 1 thread, ${(two.wall / 1000).toFixed(1)} s on 2 (${(two.wall / ctags).toFixed(1)}x ctags ${(ctags / 1000).toFixed(2)} s)`);
}
