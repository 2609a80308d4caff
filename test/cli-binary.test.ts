// End-to-end promises of the compiled binary (dist/ast-outline, built by `npm run build`):
// exit codes, one-line errors without stack traces, and bad input of every sort.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BINARY, binaryAvailable, tempDir } from "./helpers/cli.ts";
import { engineId } from "../src/app/engine/id.ts";

const available = binaryAvailable();
if (!available) console.warn(`cli-binary tests skipped: ${BINARY} is absent (run \`npm run build\` first; CI always builds)`);

interface Run {
  code: number;
  stdout: Buffer;
  out: string;
  err: string;
}

let dir: { path: string; cleanup: () => void };

function run(args: string[], cwd = dir.path): Run {
  const r = spawnSync(BINARY, args, { cwd, maxBuffer: 512 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout, out: r.stdout.toString("utf8"), err: r.stderr.toString("utf8") };
}

/** An expected failure: the given exit code, one line on stderr in the house format, no stack. */
function expectOneLineError(r: Run, code: number, pattern: RegExp) {
  expect(r.code).toBe(code);
  const lines = r.err.trimEnd().split("\n");
  expect(lines.length).toBe(1);
  expect(lines[0]).toMatch(/^ast-outline: /);
  expect(lines[0]).toMatch(pattern);
  expect(r.err).not.toMatch(/^\s{4}at /m);
}

function write(name: string, content: string | Uint8Array): string {
  const full = join(dir.path, name);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, content);
  return name;
}

describe.skipIf(!available)("compiled binary", () => {
  beforeAll(() => {
    dir = tempDir();
    write("a.py", "def a():\n    return 1\n");
  });
  afterAll(() => dir.cleanup());

  test("missing file: exit 2, one line", () => {
    expectOneLineError(run(["outline", "nope.py"]), 2, /no such file: nope\.py/);
    expectOneLineError(run(["symbol", "nope.py", "x"]), 2, /no such file/);
    // Read through the repository's gate, the file the user named is still an input error.
    expectOneLineError(run(["symbol", "nope.py", "x", "--skeleton"]), 2, /^ast-outline: no such file: nope\.py \(check the path/);
    expectOneLineError(run(["calls", "nope.py", "x"]), 2, /^ast-outline: no such file: nope\.py \(check the path/);
    expectOneLineError(run(["context", "nope.py", "x"]), 2, /^ast-outline: no such file: nope\.py \(check the path/);
  });

  test("a symbol missing from a file that is there: exit 1 (calls, context)", () => {
    expectOneLineError(run(["calls", "a.py", "nope"]), 1, /no symbol `nope` in a\.py/);
    expectOneLineError(run(["context", "a.py", "nope"]), 1, /no symbol `nope` in a\.py/);
  });

  test("a directory given to symbol: exit 2", () => {
    mkdirSync(join(dir.path, "adir"), { recursive: true });
    expectOneLineError(run(["symbol", "adir", "x"]), 2, /adir is a directory/);
  });

  test("binary file: exit 2", () => {
    write("blob.py", new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2, 0, 3]));
    expectOneLineError(run(["outline", "blob.py"]), 2, /binary/);
  });

  test("empty file: an outline with no symbols", () => {
    write("empty.ts", "");
    const r = run(["outline", "empty.ts", "--format", "json"]);
    expect(r.code).toBe(0);
    const o = JSON.parse(r.out);
    expect(o.symbols).toEqual([]);
    expect(o.lineCount).toBe(0);
  });

  test("CRLF and BOM: exact lines, symbol text byte-identical to the file's slice", () => {
    const src = "\uFEFFimport os\r\n\r\ndef first():\r\n    return 1\r\n\r\nclass K:\r\n    def m(self):\r\n        return 2\r\n";
    write("crlf.py", src);
    const bytes = readFileSync(join(dir.path, "crlf.py"));
    const o = JSON.parse(run(["outline", "crlf.py", "--format", "json"]).out);
    const byName = Object.fromEntries(o.symbols.map((s: any) => [s.name, s]));
    expect([byName.first.startLine, byName.first.endLine]).toEqual([3, 4]);
    expect([byName.K.startLine, byName.K.endLine]).toEqual([6, 8]);
    expect([byName.K.children[0].startLine, byName.K.children[0].endLine]).toEqual([7, 8]);
    const r = run(["symbol", "crlf.py", "K.m"]);
    expect(r.code).toBe(0);
    const body = r.stdout.subarray(r.stdout.indexOf(0x0a) + 1); // after the `# path:lines` header
    const start = bytes.indexOf("    def m");
    expect(Buffer.compare(body, bytes.subarray(start))).toBe(0);
  });

  test("invalid UTF-8: still outlined, diagnostic present, symbol bytes identical", () => {
    const bytes = Buffer.concat([
      Buffer.from("def ok():\n    return 1\n\ndef bad():\n    s = \""),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from("\"\n    return s\n"),
    ]);
    write("latin.py", bytes);
    const o = JSON.parse(run(["outline", "latin.py", "--format", "json"]).out);
    expect(o.symbols.map((s: any) => s.name)).toEqual(["ok", "bad"]);
    expect(o.diagnostics.some((d: any) => /UTF-8/.test(d.message) && d.line === 5)).toBe(true);
    const r = run(["symbol", "latin.py", "bad"]);
    expect(r.code).toBe(0);
    const body = r.stdout.subarray(r.stdout.indexOf(0x0a) + 1);
    expect(Buffer.compare(body, bytes.subarray(bytes.indexOf("def bad")))).toBe(0);
  });

  test("deeply nested code does not crash", () => {
    const depth = 500;
    let py = "";
    for (let i = 0; i < depth; i++) py += `${" ".repeat(i)}def f${i}():\n`;
    py += `${" ".repeat(depth)}pass\n`;
    write("deep.py", py);
    let js = "";
    for (let i = 0; i < depth; i++) js += `const f${i} = () => {\n`;
    js += "};\n".repeat(depth);
    write("deep.js", js);
    for (const [file, last] of [["deep.py", `f${depth - 1}`], ["deep.js", `f${depth - 1}`]]) {
      const r = run(["outline", file, "--format", "json"]);
      expect(r.code).toBe(0);
      let node = JSON.parse(r.out).symbols[0];
      let levels = 1;
      while (node.children?.length) {
        node = node.children[0];
        levels++;
      }
      expect(levels).toBe(depth);
      expect(node.name).toBe(last);
      const s = run(["symbol", file, last]);
      expect(s.code).toBe(0);
      expect(s.err).toBe("");
    }
  }, 30_000);

  test("multi-megabyte minified JS: refused over the limit, outlined under it, skipped in a walk", () => {
    const parts: string[] = [];
    for (let i = 0, size = 0; size < 3 * 1024 * 1024; i++) {
      parts.push(`function f${i}(a,b){return a+b*${i}}`);
      size += parts[parts.length - 1].length + 1;
    }
    const big = parts.join(";");
    write("min/bundle.js", big);
    write("min/ok.js", "function ok() {}\n");
    // Named explicitly under a lower limit: refused with the size and a hint.
    expectOneLineError(run(["outline", "min/bundle.js", "--max-size", "1M"]), 2, /too large \(3\.\d MiB\).*--max-size/);
    // Named explicitly within the limit: outlined.
    const r = run(["outline", "min/bundle.js", "--format", "json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).symbols.length).toBe(parts.length);
    // In a folder walk: skipped with a note, the rest outlined.
    const w = run(["outline", "min"]);
    expect(w.code).toBe(0);
    expect(w.err).toMatch(/skipped min\/bundle\.js: minified or generated/);
    expect(w.out).toContain("min/ok.js");
    expect(w.out).not.toContain("bundle.js");
  }, 60_000);

  test("unknown language suggests region or grep", () => {
    write("notes.xyz", "hello\n");
    expectOneLineError(run(["outline", "notes.xyz"]), 2, /unsupported language.*region.*grep/);
  });

  test("bad flags and values: exit 2", () => {
    expectOneLineError(run(["outline", "a.py", "--bogus"]), 2, /Unknown option --bogus/);
    expectOneLineError(run(["outline", "a.py", "--format", "xml"]), 2, /format/);
    expectOneLineError(run(["frobnicate"]), 2, /unknown command/);
    expectOneLineError(run(["region", "a.py", "x", "2"]), 2, /./);
  });

  test("region past the end: exit 2", () => {
    expectOneLineError(run(["region", "a.py", "5", "9"]), 2, /past the end/);
  });

  test("region --hash mismatch warns on stderr and still prints the lines", () => {
    const ok = JSON.parse(run(["outline", "a.py", "--format", "json"]).out).hash as string;
    const same = run(["region", "a.py", "1", "2", "--hash", ok.slice(0, 12)]);
    expect(same.code).toBe(0);
    expect(same.err).toBe("");
    const r = run(["region", "a.py", "1", "2", "--hash", "00000000deadbeef"]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("def a():");
    expect(r.err).toMatch(/^ast-outline: warning: a\.py changed since hash/);
  });

  test("ambiguous symbol: exit 1, candidates listed", () => {
    write("amb.py", "class A:\n    def run(self): pass\n\nclass B:\n    def run(self): pass\n");
    const r = run(["symbol", "amb.py", "run"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("amb.py:2-2 method A.run");
    expect(r.out).toContain("amb.py:5-5 method B.run");
    expect(r.err).toMatch(/matches 2 symbols/);
    expect(run(["symbol", "amb.py", "nothere"]).code).toBe(1);
  });

  test("folder outline honours .gitignore, skips node_modules with a note, POSIX relative paths", () => {
    const repo = join(dir.path, "repo");
    mkdirSync(join(repo, ".git"), { recursive: true });
    writeFileSync(join(repo, ".gitignore"), "ignored/\n*.gen.ts\n");
    for (const [name, text] of [
      ["src/main.ts", "export function main() {}\n"],
      ["src/util/strings.ts", "export const trim = (s: string) => s.trim();\n"],
      ["src/types.gen.ts", "export type X = 1;\n"],
      ["ignored/a.py", "def a(): pass\n"],
      ["node_modules/dep/index.js", "function dep() {}\n"],
    ]) {
      mkdirSync(join(repo, name, ".."), { recursive: true });
      writeFileSync(join(repo, name), text);
    }
    const r = run(["outline", ".", "--format", "jsonl"], repo);
    expect(r.code).toBe(0);
    const paths = r.out.trim().split("\n").map((l) => JSON.parse(l).path);
    expect(paths).toEqual(["src/main.ts", "src/util/strings.ts"]);
    expect(r.err).toMatch(/skipped node_modules\/: vendored/);
    const json = JSON.parse(run(["outline", "src", "--format", "json"], repo).out);
    expect(json.map((f: any) => f.path)).toEqual(["src/main.ts", "src/util/strings.ts"]);
  });

  test("the engine id built into the binary is the one the source computes (cache objects shared)", () => {
    const repo = join(dir.path, "engine-repo");
    mkdirSync(repo, { recursive: true });
    writeFileSync(join(repo, "m.py"), "def m():\n    return 1\n");
    spawnSync("git", ["init", "-q"], { cwd: repo }); // a cache is made only inside a git work tree
    expect(run(["index", "--root", repo], repo).code).toBe(0);
    expect(readdirSync(join(repo, ".ast_outline_cache", "objects"))).toEqual([engineId()]);
  });

  test("stdout piped to head: no error", () => {
    const lines: string[] = [];
    for (let i = 0; i < 4000; i++) lines.push(`def f${i}():\n    pass\n`);
    write("many.py", lines.join(""));
    const r = spawnSync("sh", ["-c", `"${BINARY}" outline many.py | head -n 1; "${BINARY}" region many.py 1 8000 | head -n 2`], { cwd: dir.path });
    expect(r.stdout.toString().split("\n")[0]).toMatch(/^many\.py \(python, 8000 lines/);
    expect(r.stderr.toString()).toBe("");
  });
});
