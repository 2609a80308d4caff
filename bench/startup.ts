// The floor under a cold `outline` of one file from the compiled binary (issue 15), runs
// interleaved, median of N: a Bun hello-world compiled the same way (the runtime's own start),
// `--version` (the runtime + the CLI), the cold outline as a user runs it (the first process
// decides and starts again with the short-run settings of src/bin/startup.ts), the second
// process alone (those settings given in its environment: no restart), and where that second
// process's time goes, phase by phase (bench/startup-phases.ts, from source under bun with the
// same settings). CPU is the process's task-clock (perf) or user+sys (/usr/bin/time).
//   npm run build && npm run bench -- startup [--runs 21] [--file F] [--binary dist/ast-outline]
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pythonStdlib } from "../test/conformance/python-ast.ts";
import { restartEnv, shortRunSettings } from "../src/bin/startup.ts";
import { median } from "./lib.ts";

const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(opt("--runs") ?? 21);
const file = opt("--file") ?? join(pythonStdlib(), "asyncio", "base_events.py");
const binary = opt("--binary") ?? join(import.meta.dirname, "..", "dist", "ast-outline");
if (!existsSync(binary)) throw new Error(`startup: ${binary} is missing (run npm run build first)`);

const PERF = spawnSync("perf", ["stat", "-e", "task-clock", "-x,", "true"], { encoding: "utf8" }).status === 0;
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

/** One run: wall ms (measured here) and CPU ms of the process and what it execs. */
function timeOnce(cmd: string, argv: string[], env: Record<string, string>, cwd: string): { wall: number; cpu?: number; stdout: string } {
  const [c, a] = PERF ? ["perf", ["stat", "-e", "task-clock", "-x,", "--", cmd, ...argv]] : TIME ? [TIME, ["-f", "CPU %U %S", cmd, ...argv]] : [cmd, argv];
  const t0 = performance.now();
  const r = spawnSync(c, a, { cwd, env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 64 << 20 });
  const wall = performance.now() - t0;
  if (r.status !== 0) throw new Error(`startup: ${cmd} ${argv.join(" ")} exited ${r.status}: ${r.stderr}`);
  const perf = /^([\d.]+),msec,task-clock,[^,]*,[^,]*,([\d.]+)/m.exec(r.stderr);
  const time = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  const cpu = perf ? Number(perf[1]) : time ? (Number(time[1]) + Number(time[2])) * 1000 : undefined;
  // perf's own wall time (task-clock over CPUs utilized) leaves out perf's start.
  return { wall: perf && Number(perf[2]) > 0 ? Number(perf[1]) / Number(perf[2]) : wall, cpu, stdout: r.stdout };
}

const dir = mkdtempSync(join(tmpdir(), "ast-outline-startup-"));
try {
  // Outside every git work tree: no cache can answer, every run parses.
  const target = join(dir, basename(file));
  copyFileSync(file, target);
  const hello = join(dir, "hello");
  // Written to fd 1 directly, as the CLI writes (process.stdout's set-up would be counted).
  writeFileSync(`${hello}.ts`, 'import { writeSync } from "node:fs";\nwriteSync(1, "hello\\n");\n');
  const built = spawnSync(process.execPath, ["build", "--compile", "--minify", "--bytecode", "--format=esm", `${hello}.ts`, "--outfile", hello], { encoding: "utf8" });
  if (built.status !== 0) throw new Error(`startup: hello-world build failed: ${built.stderr}`);

  const second = restartEnv({}, shortRunSettings({})) as Record<string, string>;
  const phases = join(import.meta.dirname, "startup-phases.ts");
  const cases: { label: string; cmd: string; argv: string[]; env?: Record<string, string> }[] = [
    { label: "hello-world binary (bun --compile)", cmd: hello, argv: [] },
    { label: "ast-outline --version", cmd: binary, argv: ["--version"] },
    { label: `outline ${basename(file)} cold (as run)`, cmd: binary, argv: ["outline", basename(file)] },
    { label: "  the second process alone", cmd: binary, argv: ["outline", basename(file)], env: second },
    { label: "  phases, from source (bun)", cmd: process.execPath, argv: [phases, target], env: second },
  ];
  const wall = cases.map(() => [] as number[]);
  const cpu = cases.map(() => [] as number[]);
  const phaseRuns: Record<string, number>[] = [];
  for (let i = 0; i < runs; i++) {
    for (const k of cases.map((_, j) => j).sort(() => Math.random() - 0.5)) {
      const c = cases[k];
      const r = timeOnce(c.cmd, c.argv, c.env ?? {}, dir);
      wall[k].push(r.wall);
      if (r.cpu !== undefined) cpu[k].push(r.cpu);
      if (c.cmd === process.execPath) phaseRuns.push(JSON.parse(r.stdout.trim().split("\n").pop()!));
    }
  }
  const lines = readFileSync(file, "utf8").split("\n").length - 1;
  const load = existsSync("/proc/loadavg") ? readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ") : "?";
  console.log(`${basename(file)} (${lines} lines), ${runs} runs each, interleaved; load average ${load}; CPU by ${PERF ? "perf task-clock" : TIME ? "/usr/bin/time" : "(none)"}`);
  console.log("| what | wall median | CPU median |\n|---|---|---|");
  cases.forEach((c, k) => console.log(`| ${c.label} | ${median(wall[k]).toFixed(1)} ms | ${cpu[k].length ? `${median(cpu[k]).toFixed(1)} ms` : "-"} |`));
  console.log("\nPhases of the second process (median wall ms in the process, from source under bun):");
  for (const p of Object.keys(phaseRuns[0] ?? {})) console.log(`  ${p.padEnd(8)} ${median(phaseRuns.map((r) => r[p])).toFixed(1)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
