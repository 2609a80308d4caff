// Untrusted repositories that try to break an answer: unreadable files, file names that are not
// UTF-8, NUL bytes, deep nesting, huge files, odd names. The cases run the compiled binary
// (dist/ast-outline) in a real git repository, but the heap limit, which runs the source in a
// process of its own; one bad file must fail alone, named, with its reason, and never take down
// the answer for the rest.
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { RACY_WINDOW_MS } from "../src/core/stamp.ts";
import { BINARY, ROOT, binaryAvailable } from "./helpers/cli.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";

const available = binaryAvailable();
if (!available) console.warn(`robustness tests skipped: ${BINARY} is absent (run \`npm run build\` first; CI always builds)`);

interface Run {
  code: number;
  out: string;
  err: string;
}

function run(cwd: string, args: string[], opts: { uid?: number; env?: Record<string, string> } = {}): Run {
  const r = spawnSync(BINARY, args, { cwd, uid: opts.uid, gid: opts.uid, env: { ...process.env, ...opts.env }, maxBuffer: 512 * 1024 * 1024 });
  return { code: r.status ?? -1, out: r.stdout?.toString("utf8") ?? "", err: r.stderr?.toString("utf8") ?? String(r.error ?? "") };
}

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/**
 * Runs the binary so that a chmod-000 file really cannot be read. root reads any file, so as
 * root the run drops to the unprivileged uid 65534 (the repository is opened to it, and git is
 * told to trust a repository owned by someone else); elsewhere the current user is already
 * unprivileged. Returns undefined when neither is possible (the test then says why and stops).
 */
function unprivileged(repo: TempRepo): ((args: string[]) => Run) | undefined {
  if (!isRoot) return (args) => run(repo.path, args);
  chmodSync(repo.path, 0o777);
  spawnSync("chmod", ["-R", "a+rwX", repo.path]);
  const env = { HOME: "/tmp", GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "safe.directory", GIT_CONFIG_VALUE_0: "*" };
  const probe = run(repo.path, ["--version"], { uid: NOBODY, env });
  if (probe.code !== 0) return undefined;
  return (args) => run(repo.path, args, { uid: NOBODY, env });
}

/** Makes `file` unreadable to the runner from `unprivileged`, and checks that it is. */
function lockFile(repo: TempRepo, file: string): boolean {
  chmodSync(`${repo.path}/${file}`, 0o000);
  const cat = isRoot ? spawnSync("cat", [file], { cwd: repo.path, uid: NOBODY, gid: NOBODY }) : spawnSync("cat", [file], { cwd: repo.path });
  return cat.status !== 0;
}

describe.skipIf(!available)("robustness: one bad file fails alone", () => {
  test("changed: an unreadable work-tree file is listed as skipped with its reason, not as its symbols removed", () => {
    const repo = tempRepo();
    try {
      repo.write("a.py", "def secret():\n    return 1\n");
      repo.write("b.py", "def other():\n    return 1\n");
      repo.commit("one");
      repo.write("a.py", "def secret():\n    return 2\n");
      repo.write("b.py", "def other():\n    return 2\n");
      const as = unprivileged(repo);
      if (!as || !lockFile(repo, "a.py")) {
        console.warn("skipped: cannot make a file unreadable here (running as root without a way to drop privileges)");
        return;
      }
      const json = as(["changed", "--format", "json"]);
      expect(json.code).toBe(0);
      const files = JSON.parse(json.out).files;
      const a = files.find((f: { path: string }) => f.path === "a.py");
      expect(a.skipped).toBe("unreadable (permission denied)");
      expect(a.symbols).toEqual([]);
      // The rest of the review still works.
      expect(files.find((f: { path: string }) => f.path === "b.py").symbols.map((s: { change: string; name: string }) => `${s.change} ${s.name}`)).toEqual(["modified other"]);
      for (const format of ["text", "markdown", "github"]) {
        const r = as(["changed", "--format", format]);
        expect(r.code).toBe(0);
        expect(r.out).toContain("unreadable (permission denied)");
        expect(r.out).not.toContain("removed");
        expect(r.out).toContain("other");
      }
    } finally {
      repo.cleanup();
    }
  }, 60_000);

  test("outline <folder>: an unreadable file is skipped with a note; the rest is outlined", () => {
    const repo = tempRepo();
    try {
      repo.write("a.py", "def locked():\n    return 1\n");
      repo.write("b.py", "def fine():\n    return 1\n");
      const as = unprivileged(repo);
      if (!as || !lockFile(repo, "a.py")) {
        console.warn("skipped: cannot make a file unreadable here (running as root without a way to drop privileges)");
        return;
      }
      const r = as(["outline", "."]);
      expect(r.code).toBe(0);
      expect(r.out).toContain("1-2 def fine()");
      expect(r.err.trim()).toBe("ast-outline: skipped a.py: unreadable (permission denied)");
      const json = as(["outline", ".", "--format", "json"]);
      expect(json.code).toBe(0);
      expect(JSON.parse(json.out).map((f: { path: string }) => f.path)).toEqual(["b.py"]);
    } finally {
      repo.cleanup();
    }
  }, 60_000);

  describe("a file name that is not UTF-8", () => {
    // bad<0xff>.py: git lists it as bytes; it is shown as git quotes it.
    const ODD = Buffer.from([0x62, 0x61, 0x64, 0xff, 0x2e, 0x70, 0x79]);
    const QUOTED = '"bad\\377.py"';
    const NOTE = `skipped ${QUOTED}: file name is not valid UTF-8`;

    function oddRepo(): TempRepo {
      const repo = tempRepo();
      repo.write("good.py", "def good_fn():\n    pass\n");
      writeFileSync(Buffer.concat([Buffer.from(`${repo.path}/`), ODD]), "def odd_fn():\n    pass\n");
      return repo;
    }

    test("outline, index, search and digest answer for the rest and name the skipped file", () => {
      const repo = oddRepo();
      try {
        const o = run(repo.path, ["outline", "."]);
        expect(o.code).toBe(0);
        expect(o.out).toContain("1-2 def good_fn()");
        expect(o.err).toContain(NOTE);
        const idx = run(repo.path, ["index"]);
        expect(idx.code).toBe(0);
        expect(idx.out).toMatch(/^indexed 1 files .* 1 skipped/);
        expect(idx.err).toContain(NOTE);
        // Past the racy window (RACY_WINDOW_MS) after the cache folder was made, the next index records its listing snapshot and
        // the runs after it read the listing from there: the name must survive it (it came back as U+FFFD, left out unsaid).
        Bun.sleepSync(RACY_WINDOW_MS + 100);
        expect(run(repo.path, ["index"]).out).toMatch(/1 skipped/);
        expect(existsSync(join(repo.path, ".ast_outline_cache", "listing.tsv"))).toBe(true);
        expect(run(repo.path, ["index"]).out).toMatch(/1 skipped/); // the warm run (listing snapshot) too
        const s = run(repo.path, ["search", "good_fn", "--format", "json"]);
        expect(s.code).toBe(0);
        expect(JSON.parse(s.out).results.map((h: { path: string }) => h.path)).toEqual(["good.py"]);
        expect(s.err.trim()).toBe(`ast-outline: ${NOTE}`); // left out, and said so (it was silent)
        const d = run(repo.path, ["digest"]);
        expect(d.code).toBe(0);
        expect(d.out).toContain("good.py");
        expect(d.err.trim()).toBe(`ast-outline: ${NOTE}`);
      } finally {
        repo.cleanup();
      }
    }, 60_000);

    /** The binary with `args`, `%ODD%` in one given as the name's bytes (a shell's printf: spawn would write U+FFFD). */
    function runOdd(cwd: string, args: string[]): Run {
      const script = `exec "$0" ${args.map((a) => (a === "%ODD%" ? `"$(printf 'bad\\377.py')"` : `'${a}'`)).join(" ")}`;
      const r = spawnSync("sh", ["-c", script, BINARY], { cwd });
      return { code: r.status ?? -1, out: r.stdout.toString("utf8"), err: r.stderr.toString("utf8") };
    }

    test("named on the command line it is read by its bytes; where it cannot be, the error names it quoted", () => {
      const repo = oddRepo();
      try {
        const o = runOdd(repo.path, ["outline", "%ODD%"]);
        expect([o.code, o.err]).toEqual([0, ""]);
        expect(o.out).toStartWith(`${QUOTED} (python, 2 lines, 1 symbol, sha256:`);
        expect(o.out).toContain("1-2 def odd_fn()");
        const json = runOdd(repo.path, ["outline", "%ODD%", "--format", "json"]);
        expect(JSON.parse(json.out).path).toBe("bad\udcff.py");
        const sym = runOdd(repo.path, ["symbol", "%ODD%", "odd_fn"]);
        expect([sym.code, sym.err]).toEqual([0, ""]);
        expect(sym.out).toContain(`# ${QUOTED}:1-2 odd_fn (function`);
        const region = runOdd(repo.path, ["region", "%ODD%", "1", "2"]);
        expect([region.code, region.out]).toEqual([0, "1  def odd_fn():\n2      pass\n"]);
        // The cross-file reader (symbol --skeleton, calls, MCP) does not open it: said so, not "no such file".
        const skeleton = runOdd(repo.path, ["symbol", "%ODD%", "odd_fn", "--skeleton"]);
        expect([skeleton.code, skeleton.err]).toEqual([2, `ast-outline: cannot read ${QUOTED}: file name is not valid UTF-8\n`]);
        rmSync(Buffer.concat([Buffer.from(`${repo.path}/`), ODD]));
        const gone = runOdd(repo.path, ["outline", "%ODD%"]);
        expect([gone.code, gone.err]).toEqual([2, `ast-outline: no such file: ${QUOTED} (check the path; \`outline .\` lists what is here)\n`]);
      } finally {
        repo.cleanup();
      }
    }, 60_000);

    test("hook run names it in a note (it was left out silently) and refreshes the rest", () => {
      const repo = oddRepo();
      try {
        repo.git("add", "-A");
        const r = run(repo.path, ["hook", "run", "--strict"]);
        expect([r.code, r.out, r.err]).toEqual([0, "", `ast-outline: pre-commit: ${NOTE}\n`]);
        expect(run(repo.path, ["search", "good_fn"]).out).toContain("good.py:1-2 function good_fn");
      } finally {
        repo.cleanup();
      }
    }, 60_000);

    test("changed reads it by its bytes: commits and the work tree, path quoted as git does", () => {
      const repo = oddRepo();
      try {
        repo.commit("one");
        writeFileSync(Buffer.concat([Buffer.from(`${repo.path}/`), ODD]), "def odd_fn():\n    pass\n\ndef odd_two():\n    pass\n");
        const work = run(repo.path, ["changed", "--format", "json"]);
        expect(work.code).toBe(0);
        const f = JSON.parse(work.out).files;
        // JSON carries the bad byte as U+DCFF (surrogateescape): Python's os.fsencode gives the bytes back.
        expect(f.map((x: { path: string }) => x.path)).toEqual(["bad\udcff.py"]);
        expect(f[0].symbols.map((x: { change: string; name: string }) => `${x.change} ${x.name}`)).toEqual(["added odd_two"]);
        repo.commit("two");
        const commits = run(repo.path, ["changed", "--base", "HEAD~1", "--head", "HEAD"]);
        expect(commits.code).toBe(0);
        expect(commits.out).toContain(`${QUOTED} (modified, python)`);
        expect(commits.out).toContain("added    function odd_two");
      } finally {
        repo.cleanup();
      }
    }, 60_000);

    test("MCP get_outline \".\", search_symbols and digest answer for the rest (the real client, the binary as server)", async () => {
      const repo = oddRepo();
      const client = new Client({ name: "robustness", version: "0" });
      try {
        await client.connect(new StdioClientTransport({ command: BINARY, args: ["mcp"], cwd: repo.path, stderr: "pipe" }));
        const text = (r: any): string => r.content.map((c: any) => c.text).join("");
        const outline: any = await client.callTool({ name: "get_outline", arguments: { path: "." } });
        expect(outline.isError).toBeFalsy();
        expect(text(outline)).toContain("def good_fn()");
        expect(text(outline)).toContain(`${QUOTED}: skipped (file name is not valid UTF-8)`);
        const search: any = await client.callTool({ name: "search_symbols", arguments: { query: "good_fn" } });
        expect(search.isError).toBeFalsy();
        expect(text(search)).toContain("good.py:1-2 function good_fn");
        const digest: any = await client.callTool({ name: "digest", arguments: {} });
        expect(digest.isError).toBeFalsy();
        expect(text(digest)).toContain("good.py [XS 2L]: good_fn");
      } finally {
        await client.close();
        repo.cleanup();
      }
    }, 60_000);
  });

  test("binary or text is git's verdict: a NUL in a comment past git's first 8,000 bytes hides nothing", () => {
    const repo = tempRepo();
    try {
      repo.write("a.js", "function a() { return 1; }\n");
      repo.commit("one");
      for (const at of [100, 7_990, 8_000, 8_100, 20_000]) {
        // A comment of padding, with one NUL byte at offset `at`, then a new function.
        const head = "function a() { return 2; }\n// ";
        const pad = "x".repeat(at - Buffer.byteLength(head));
        repo.write("a.js", `${head}${pad}\0 padding\nfunction b() {}\n`);
        const numstat = repo.git("diff", "--numstat", "--", "a.js");
        const gitSaysBinary = numstat.startsWith("-\t-\t");
        expect(gitSaysBinary).toBe(at < 8_000);
        const r = run(repo.path, ["changed", "--format", "json"]);
        expect(r.code).toBe(0);
        const file = JSON.parse(r.out).files[0];
        if (gitSaysBinary) {
          expect(file.skipped).toBe("binary");
        } else {
          expect(file.skipped).toBeUndefined();
          expect(file.symbols.map((x: { change: string; name: string }) => `${x.change} ${x.name}`).sort()).toEqual(["added b", "modified <module>", "modified a"]);
        }
        const o = run(repo.path, ["outline", "a.js"]);
        expect(o.code).toBe(gitSaysBinary ? 2 : 0);
        if (!gitSaysBinary) expect(o.out).toContain("function b()");
      }
    } finally {
      repo.cleanup();
    }
  }, 60_000);

  describe("deep nesting", () => {
    const nestedJs = (n: number) => "function f(){\n".repeat(n) + "}\n".repeat(n);
    const nestedRb = (n: number) => Array.from({ length: n }, (_, i) => `class C${i}\n`).join("") + "end\n".repeat(n);
    const REASON = /^definitions nested 20000 levels deep \(the limit is 1000\)$/;

    test("changed: a PR adding 20,000-level nested Ruby and JS files lists them skipped, the rest of the review stands", () => {
      const repo = tempRepo();
      try {
        repo.write("ok.py", "def ok():\n    pass\n");
        repo.commit("base");
        repo.git("checkout", "-q", "-b", "pr");
        repo.write("deep.rb", nestedRb(20_000));
        repo.write("deep.js", nestedJs(20_000));
        repo.write("ok.py", "def ok():\n    pass\n\ndef ok2():\n    pass\n");
        repo.commit("pr");
        const started = Date.now();
        const r = run(repo.path, ["changed", "--base", "main", "--head", "pr", "--format", "json"]);
        const seconds = (Date.now() - started) / 1000;
        expect(r.err).toBe("");
        expect(r.code).toBe(0);
        const files = JSON.parse(r.out).files;
        const byPath = new Map(files.map((f: { path: string }) => [f.path, f]));
        for (const p of ["deep.rb", "deep.js"]) expect((byPath.get(p) as { skipped: string }).skipped).toMatch(REASON);
        expect((byPath.get("ok.py") as { symbols: { name: string }[] }).symbols.map((x) => x.name)).toEqual(["ok2"]);
        // Linear work only (parse, one pass over the definitions): generous for a loaded 2-core box.
        expect(seconds).toBeLessThan(30);
      } finally {
        repo.cleanup();
      }
    }, 120_000);

    test("outline, symbol and MCP: the deep file fails alone with one line; 1,000 levels still outline", async () => {
      const repo = tempRepo();
      const client = new Client({ name: "robustness", version: "0" });
      try {
        repo.write("deep.js", nestedJs(5_000));
        repo.write("edge.js", nestedJs(1000));
        repo.write("ok.py", "def ok():\n    pass\n");
        const named = run(repo.path, ["outline", "deep.js"]);
        expect(named.code).toBe(2);
        expect(named.err.trim().split("\n")).toHaveLength(1);
        expect(named.err).toMatch(/^ast-outline: deep\.js: definitions nested 5000 levels deep/);
        const sym = run(repo.path, ["symbol", "deep.js", "f"]);
        expect(sym.code).toBe(2);
        expect(sym.err.trim().split("\n")).toHaveLength(1);
        const folder = run(repo.path, ["outline", "."]);
        expect(folder.code).toBe(0);
        expect(folder.out).toContain("def ok()");
        expect(folder.err).toContain("deep.js: definitions nested 5000 levels deep");
        const edge = JSON.parse(run(repo.path, ["outline", "edge.js", "--format", "json"]).out);
        let depth = 0;
        for (let s = edge.symbols[0]; s; s = s.children?.[0]) depth++;
        expect(depth).toBe(1000);
        rmSync(join(repo.path, "edge.js")); // its outline alone would fill get_outline's budget

        await client.connect(new StdioClientTransport({ command: BINARY, args: ["mcp"], cwd: repo.path, stderr: "pipe" }));
        const text = (r: any): string => r.content.map((c: any) => c.text).join("");
        const one: any = await client.callTool({ name: "get_outline", arguments: { path: "deep.js" } });
        expect(one.isError).toBe(true);
        expect(text(one)).toContain("definitions nested 5000 levels deep");
        const all: any = await client.callTool({ name: "get_outline", arguments: { path: "." } });
        expect(all.isError).toBeFalsy();
        expect(text(all)).toContain("def ok()");
        expect(text(all)).toContain("deep.js: skipped (deep.js: definitions nested 5000 levels deep");
      } finally {
        await client.close();
        repo.cleanup();
      }
    }, 120_000);
  });
});

describe.skipIf(!available)("robustness: changed before and at the first commit", () => {
  /** An expected failure: exit 2, one line in the house format. */
  function oneLine(r: Run): string {
    expect(r.code).toBe(2);
    const lines = r.err.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ast-outline: /);
    return lines[0];
  }

  test("without commits, changed compares with git's empty tree; messages name only options the user gave", () => {
    const repo = tempRepo();
    try {
      repo.write("a.py", "def a():\n    pass\n");
      repo.git("add", "a.py");
      const empty = repo.git("hash-object", "-t", "tree", "--stdin").trim();
      for (const args of [["--staged"], []]) {
        const r = run(repo.path, ["changed", ...args, "--format", "json"]);
        expect(r.err).toBe("");
        expect(r.code).toBe(0);
        const set = JSON.parse(r.out);
        expect(set.base).toBe(empty);
        expect(set.files.map((f: { path: string; status: string }) => `${f.status} ${f.path}`)).toEqual(["added a.py"]);
        expect(set.files[0].symbols.map((s: { change: string; name: string }) => `${s.change} ${s.name}`)).toEqual(["added a"]);
      }
      // No option given: the message names none.
      const mb = oneLine(run(repo.path, ["changed", "--merge-base"]));
      expect(mb).toContain("this repository has no commits yet");
      expect(mb).not.toContain("--base");
      expect(mb).not.toContain("--head");
      expect(oneLine(run(repo.path, ["changed", "--staged", "--base", "HEAD"]))).toContain("--base HEAD: this repository has no commits yet");
    } finally {
      repo.cleanup();
    }
  }, 60_000);

  test("the first commit: --base <first>^ says it goes past the first commit and how to diff it; the empty tree as --base works", () => {
    const repo = tempRepo();
    try {
      repo.write("a.py", "def a():\n    pass\n");
      repo.commit("first");
      const empty = repo.git("hash-object", "-t", "tree", "--stdin").trim();
      const past = oneLine(run(repo.path, ["changed", "--base", "HEAD~1", "--head", "HEAD"]));
      expect(past).toContain("HEAD~1 goes back past the first commit (--base)");
      expect(past).toContain(`--base ${empty}`);
      expect(oneLine(run(repo.path, ["changed", "--base", "HEAD", "--head", "HEAD^"]))).toContain("HEAD^ goes back past the first commit (--head)");
      expect(oneLine(run(repo.path, ["changed", "--base", "nope"]))).toBe("ast-outline: unknown revision: nope (--base must name a commit in this repository)");
      const first = run(repo.path, ["changed", "--base", empty, "--head", "HEAD", "--format", "json"]);
      expect(first.code).toBe(0);
      expect(JSON.parse(first.out).files[0].symbols.map((s: { change: string; name: string }) => `${s.change} ${s.name}`)).toEqual(["added a"]);
    } finally {
      repo.cleanup();
    }
  }, 60_000);
});

describe("robustness: bounded memory", () => {
  test("a parse that would grow the heap past its limit stops: that file fails with a clear reason, the next one parses", () => {
    // A process of its own (the heap never shrinks); the limit lowered to 64 MiB, a 3 MB one-line
    // file that needs ~100 MiB. The binary's default (1 GiB) is the same code.
    const child = spawnSync(join(ROOT, "node_modules", ".bin", "bun"), [join(ROOT, "test", "helpers", "parse-limit-child.ts"), "64", "3000000"], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    const r = JSON.parse(child.stdout);
    expect(r.heapAtStart).toBeGreaterThan(0); // the heap size is readable (parser.ts relies on it)
    expect(r.big.ok).toBe(false);
    expect(r.big.kind).toBe("outline-limit");
    expect(r.big.exitCode).toBe(2);
    expect(r.big.error).toBe("big.js: too large to parse: its syntax tree would take more than 64 MiB");
    // Stopped within one growth step of the limit, not at WebAssembly's 2 GiB.
    expect(r.heapAfterBig).toBeLessThan(96 * 1024 * 1024);
    expect(r.small).toEqual(["after"]);
  }, 60_000);
});
