// Wall-clock time of the compiled binary (a fresh process each run, as an agent calls it):
// outline of a ~2,000-line file and one symbol read, beside `ctags` on the same file, runs
// interleaved, median (and min) of N. Cold: the file outside any indexed repository (every run
// loads the tree-sitter runtime, grammar and query, and parses). Cached: the same file in a
// temporary git repository after `ast-outline index` (the answer comes from .ast_outline_cache).
//   npm run build && bun bench/run.ts speed [--runs 21] [--file F] [--symbol NAME]
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pythonStdlib } from "../test/conformance/python-ast.ts";
import { median } from "./lib.ts";

const BINARY = join(import.meta.dirname, "..", "dist", "ast-outline");

interface Case {
  label: string;
  cmd: string;
  args: string[];
  env?: Record<string, string>;
}

// CPU time (user + sys, from /usr/bin/time when present) is the steadier number on a busy machine.
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

function timeOnce(c: Case): { wall: number; cpu?: number } {
  const [cmd, args] = TIME ? [TIME, ["-f", "CPU %U %S", c.cmd, ...c.args]] : [c.cmd, c.args];
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { env: { ...process.env, ...c.env }, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 1024 * 1024, encoding: "utf8" });
  const wall = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${c.label} failed (${r.status}): ${r.stderr}`);
  const m = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  return { wall, cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : undefined };
}

export async function run(args: string[]): Promise<void> {
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const runs = Number(opt("--runs") ?? 21);
  const file = opt("--file") ?? join(pythonStdlib(), "asyncio", "base_events.py");
  const symbol = opt("--symbol") ?? "BaseEventLoop.create_connection";
  if (!existsSync(BINARY)) {
    console.log(`speed: ${BINARY} is missing (run npm run build first)`);
    return;
  }
  const repo = mkdtempSync(join(tmpdir(), "ast-outline-speed-"));
  const cached = join(repo, basename(file));
  copyFileSync(file, cached);
  for (const a of [["init", "-q"], ["add", "."], ["-c", "user.name=bench", "-c", "user.email=bench@example.invalid", "commit", "-qm", "bench"]]) spawnSync("git", a, { cwd: repo });
  spawnSync(BINARY, ["index"], { cwd: repo });
  const cases: Case[] = [
    { label: "outline (cold)", cmd: BINARY, args: ["outline", file] },
    { label: "symbol (cold)", cmd: BINARY, args: ["symbol", file, symbol] },
    { label: "outline (indexed repo)", cmd: BINARY, args: ["outline", cached] },
    { label: "symbol (indexed repo)", cmd: BINARY, args: ["symbol", cached, symbol] },
  ];
  const ctags = spawnSync("ctags", ["--version"], { encoding: "utf8" });
  if (ctags.status === 0) cases.push({ label: "ctags --fields=+ne -f -", cmd: "ctags", args: ["--fields=+ne", "-f", "-", file] });
  else console.log("ctags not found: shown without it");
  for (const c of cases) timeOnce(c); // warm the page cache
  const times = new Map<Case, number[]>(cases.map((c) => [c, []]));
  const cpus = new Map<Case, number[]>(cases.map((c) => [c, []]));
  for (let i = 0; i < runs; i++) {
    for (const c of cases) {
      const t = timeOnce(c);
      times.get(c)!.push(t.wall);
      if (t.cpu !== undefined) cpus.get(c)!.push(t.cpu);
    }
  }
  const load = (await import("node:os")).loadavg()[0].toFixed(1);
  console.log(`${file}, ${runs} runs each, interleaved (ms; load average ${load})`);
  for (const c of cases) {
    const t = times.get(c)!;
    const cpu = cpus.get(c)!;
    console.log(`  ${c.label.padEnd(34)} median ${median(t).toFixed(1).padStart(7)}   min ${Math.min(...t).toFixed(1).padStart(7)}${cpu.length ? `   cpu (user+sys) median ${median(cpu).toFixed(0).padStart(5)}` : ""}`);
  }
  const m = (i: number) => median(times.get(cases[i])!).toFixed(0);
  console.log(`RESULT speed: cold outline ${m(0)} ms, symbol ${m(1)} ms; indexed repo outline ${m(2)} ms, symbol ${m(3)} ms${cases[4] ? `; ctags ${m(4)} ms` : ""}`);
  rmSync(repo, { recursive: true, force: true });
}

if (import.meta.main) await run(process.argv.slice(2));
