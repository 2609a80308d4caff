// Per-test line coverage of one checkout, one way per test runner, for bench/affected-tests.ts.
// Every runner gives the same shape: the suite's test ids and, per file, the lines each test ran.
// A test id names the unit a selection runs: `path::Class::function` (pytest, parameters dropped),
// `path::full title` (mocha), `path::TestName` (go).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export interface Coverage {
  tests: string[];
  /** path -> line -> indexes into tests; lines run outside any test carry none. */
  files: Record<string, Record<string, number[]>>;
  /** path -> [first header line, last header line, last body line] per function (pytest only). */
  headers?: Record<string, [number, number, number][]>;
}

export interface Runner {
  /** Told apart in the cache's file names when how coverage is read changed (older files are not reused). */
  tag?: string;
  /** Installs what the suite needs once per clone (outside the checkout's tracked files). */
  prepare(dir: string, scratch: string): void;
  /** Runs the suite at the checked-out revision; null when it could not run (the reason on stderr). */
  cover(dir: string, scratch: string): Coverage | null;
}

const run = (cmd: string, args: string[], cwd: string, env: Record<string, string> = {}, timeout = 1_800_000) =>
  spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 1 << 30, timeout });

const PY = "/usr/bin/python3";

/** pytest with coverage's per-test contexts (Debian's python3-pytest, python3-coverage, python3-pytest-cov). */
export function pytestRunner(opts: { package: string; testDir: string; srcPath: string }): Runner {
  return {
    prepare(_dir, scratch) {
      // The project reads its own version from its installed metadata; a stub install answers it.
      const meta = join(scratch, "site", `${opts.package}-0.0.0.dist-info`);
      mkdirSync(meta, { recursive: true });
      writeFileSync(join(meta, "METADATA"), `Metadata-Version: 2.1\nName: ${opts.package}\nVersion: 0.0.0\n`);
      writeFileSync(join(scratch, "coveragerc"), "[run]\nbranch = False\n");
    },
    cover(dir, scratch) {
      const data = join(scratch, "coverage-data");
      rmSync(data, { force: true });
      const r = run(PY, ["-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "--continue-on-collection-errors",
        `--cov=${dir}`, `--cov-config=${join(scratch, "coveragerc")}`, "--cov-context=test", "--cov-report=", opts.testDir],
        dir, { PYTHONPATH: `${join(dir, opts.srcPath)}:${join(scratch, "site")}`, COVERAGE_FILE: data, PYTHONDONTWRITEBYTECODE: "1" });
      if (!existsSync(data)) {
        process.stderr.write(`pytest wrote no coverage (exit ${r.status}): ${(r.stdout + r.stderr).slice(-400)}\n`);
        return null;
      }
      const out = join(scratch, "coverage.json");
      const d = run(PY, [join(import.meta.dir, "affected_tests_coverage.py"), data, dir, out], dir);
      if (d.status !== 0) throw new Error(`coverage dump failed: ${d.stderr}`);
      return JSON.parse(readFileSync(out, "utf8")) as Coverage;
    },
  };
}

interface V8Range { startOffset: number; endOffset: number; count: number }
interface V8Script { url: string; functions: { ranges: V8Range[] }[] }

/** Lines of `text` on which some non-blank character ran (the innermost V8 range decides), comment lines left out. */
export function executedLines(text: string, script: V8Script): number[] {
  const ranges = script.functions.flatMap((f) => f.ranges).sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  const count = new Int32Array(text.length);
  for (const r of ranges) count.fill(r.count > 0 ? 1 : 0, r.startOffset, Math.min(r.endOffset, text.length));
  const lines: number[] = [];
  let line = 1;
  let ran = false;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (i === text.length || c === "\n") {
      // A comment line runs nothing, though it lies inside a range that ran.
      if (ran && !/^\s*(\/\/|\/\*|\*)/.test(text.slice(start, i))) lines.push(line);
      start = i + 1;
      line++;
      ran = false;
    } else if (!ran && c !== " " && c !== "\t" && c !== "\r" && count[i]) ran = true;
  }
  return lines;
}

/** mocha with V8 precise coverage cut per test by root hooks (affected_tests_mocha_hooks.cjs). */
export function mochaRunner(opts: { spec: string[]; mocha: string }): Runner {
  return {
    prepare(_dir, scratch) {
      if (existsSync(join(scratch, "node_modules", "mocha"))) return;
      writeFileSync(join(scratch, "package.json"), "{}\n");
      const r = run("npm", ["install", "--no-audit", "--no-fund", "--no-save", `mocha@${opts.mocha}`], scratch);
      if (r.status !== 0) throw new Error(`npm install mocha failed: ${r.stderr}`);
    },
    cover(dir, scratch) {
      const index = join(scratch, "mocha-coverage.jsonl");
      rmSync(index, { force: true });
      const mocha = join(scratch, "node_modules", "mocha", "bin", "mocha.js");
      const r = run(process.env.NODE ?? "node", [mocha, "--reporter", "dot", "--require", join(import.meta.dir, "affected_tests_mocha_hooks.cjs"), ...opts.spec],
        dir, { AFFECTED_TESTS_OUT: index, NODE_PATH: join(scratch, "node_modules") });
      if (!existsSync(index)) {
        process.stderr.write(`mocha ran no test (exit ${r.status}): ${(r.stdout + r.stderr).slice(-400)}\n`);
        return null;
      }
      const tests: string[] = [];
      const at = new Map<string, number>();
      const files: Coverage["files"] = {};
      const texts = new Map<string, string | null>();
      for (const row of readFileSync(index, "utf8").split("\n").filter(Boolean)) {
        const { file, title, scripts } = JSON.parse(row) as { file: string; title: string; scripts: V8Script[] };
        const id = `${relative(dir, file)}::${title}`;
        if (!at.has(id)) at.set(id, tests.push(id) - 1);
        const n = at.get(id)!;
        for (const script of scripts) {
          const abs = fileURLToPath(script.url);
          const rel = relative(dir, abs);
          if (!texts.has(rel)) texts.set(rel, existsSync(abs) ? readFileSync(abs, "utf8") : null);
          const text = texts.get(rel);
          if (text == null) continue;
          const byLine = (files[rel] ??= {});
          for (const line of executedLines(text, script)) {
            const list = (byLine[line] ??= []);
            if (list[list.length - 1] !== n) list.push(n);
          }
        }
      }
      return { tests, files };
    },
  };
}

/**
 * Lines of Go source that run nothing though a coverage block spans them: blank lines and
 * comments (a block is a range of lines; an edited comment inside it is not code that ran).
 */
export function goInertLines(text: string): Set<number> {
  const out = new Set<number>();
  let inBlock = false;
  text.split("\n").forEach((raw, i) => {
    const line = raw.trim();
    if (inBlock) {
      out.add(i + 1);
      if (line.includes("*/")) inBlock = false;
      return;
    }
    if (line === "" || line.startsWith("//")) out.add(i + 1);
    else if (line.startsWith("/*")) {
      out.add(i + 1);
      inBlock = !line.includes("*/", 2);
    }
  });
  return out;
}

/**
 * go test: the package's test binary built once with -cover, then run once per test with its
 * own profile. Package initialisation (package-level variables of the test files registering
 * flags, init functions) runs in every test's process before the test: a first run with no test
 * gives its counts, and a block counts for a test only when the test's run executed it more
 * often than initialisation alone (-covermode=count), as lines run outside any test count for
 * none in the other runners.
 */
export function goRunner(opts: { module: string }): Runner {
  return {
    tag: ".count",
    prepare() {},
    cover(dir, scratch) {
      const bin = join(scratch, "pkg.test");
      rmSync(bin, { force: true });
      const env = { GOFLAGS: "-mod=mod", GOPROXY: "off", GOTOOLCHAIN: "local" };
      // A revision from before the module file: the module it became, written for the build (git clean removes it).
      if (!existsSync(join(dir, "go.mod"))) writeFileSync(join(dir, "go.mod"), `module ${opts.module}\n\ngo 1.12\n`);
      const b = run("go", ["test", "-c", "-vet=off", "-cover", "-covermode=count", "-o", bin, "."], dir, env);
      if (b.status !== 0 || !existsSync(bin)) {
        process.stderr.write(`go test -c failed: ${(b.stdout + b.stderr).slice(-400)}\n`);
        return null;
      }
      const module = /^module\s+(\S+)/m.exec(readFileSync(join(dir, "go.mod"), "utf8"))?.[1] ?? "";
      const fileOf = new Map<string, string>();
      for (const f of readdirSync(dir).filter((f) => f.endsWith("_test.go"))) {
        for (const m of readFileSync(join(dir, f), "utf8").matchAll(/^func\s+((?:Test|Example)\w*)\s*\(/gm)) fileOf.set(m[1], f);
      }
      const inert = new Map<string, Set<number>>();
      const inertOf = (rel: string) => {
        if (!inert.has(rel)) inert.set(rel, existsSync(join(dir, rel)) ? goInertLines(readFileSync(join(dir, rel), "utf8")) : new Set());
        return inert.get(rel)!;
      };
      const profile = join(scratch, "cover.out");
      /** block ("file:range") -> count, of one run. */
      const counts = (pattern: string): Map<string, number> | undefined => {
        rmSync(profile, { force: true });
        run(bin, ["-test.run", pattern, "-test.count=1", `-test.coverprofile=${profile}`], dir, {}, 120_000);
        if (!existsSync(profile)) return undefined;
        const out = new Map<string, number>();
        for (const row of readFileSync(profile, "utf8").split("\n").slice(1)) {
          const m = /^(.*) \d+ (\d+)$/.exec(row);
          if (m) out.set(m[1], (out.get(m[1]) ?? 0) + Number(m[2]));
        }
        return out;
      };
      const init = counts("^$") ?? new Map<string, number>();
      const names = run(bin, ["-test.list", ".*"], dir).stdout.split("\n").filter((n) => /^(Test|Example)/.test(n));
      const tests: string[] = [];
      const files: Coverage["files"] = {};
      for (const name of names) {
        const ran = counts(`^${name}$`);
        if (!ran) continue;
        const at = tests.push(`${fileOf.get(name) ?? "?"}::${name}`) - 1;
        for (const [block, count] of ran) {
          if (count <= (init.get(block) ?? 0)) continue;
          const m = /^(.*):(\d+)\.\d+,(\d+)\.\d+$/.exec(block);
          if (!m) continue;
          const rel = m[1].startsWith(`${module}/`) ? m[1].slice(module.length + 1) : m[1];
          const skip = inertOf(rel);
          const byLine = (files[rel] ??= {});
          for (let l = Number(m[2]); l <= Number(m[3]); l++) {
            if (skip.has(l)) continue;
            const list = (byLine[l] ??= []);
            if (list[list.length - 1] !== at) list.push(at);
          }
        }
      }
      return { tests, files };
    },
  };
}
