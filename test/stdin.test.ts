// `-` reads standard input where a command reads a file (outline, symbol, region, dump-tree,
// stats), as cat, grep and git hash-object do: named `<stdin>` in answers, its language from
// --language or a #! line, never cached, never read twice (region's symbol hash check).
import { describe, expect, test } from "bun:test";
import { binaryAvailable, runBinary, runCli, tempDir } from "./helpers/cli.ts";

const PY = 'class Store:\n    def save(self, item):\n        return write(item)\n\n\ndef write(item):\n    """Writes it."""\n    return item\n';
const dir = tempDir("ast-outline-stdin-");
const withInput = (args: string[], input: string) => runCli(args, dir.path, { AST_OUTLINE_NO_CACHE: undefined }, { stdin: () => Buffer.from(input) });

describe("- reads standard input", () => {
  test("outline: text, json, jsonl, with --language or by a #! line", async () => {
    const text = await withInput(["outline", "-", "--language", "python"], PY);
    expect([text.code, text.stderr]).toEqual([0, ""]);
    expect(text.stdout.split("\n").slice(0, 4)).toEqual(["<stdin> (python, 8 lines, 3 symbols, sha256:" + text.stdout.slice(text.stdout.indexOf("sha256:") + 7, text.stdout.indexOf("sha256:") + 19) + ")", "1-3 class Store", " 2-3 def save(self, item)", "6-8 def write(item) — Writes it."]);
    const json = JSON.parse((await withInput(["outline", "-", "--language", "python", "--format", "json"], PY)).stdout);
    expect([json.path, json.language, json.symbols.map((s: { name: string }) => s.name)]).toEqual(["<stdin>", "python", ["Store", "write"]]);
    expect(json.symbols[0].hash).toMatch(/^[0-9a-f]{12}$/);
    const jsonl = (await withInput(["outline", "-", "--language", "python", "--format", "jsonl"], PY)).stdout;
    expect(JSON.parse(jsonl.split("\n")[0]).path).toBe("<stdin>");
    const shebang = await withInput(["outline", "-"], `#!/usr/bin/env python3\n${PY}`);
    expect(shebang.stdout.split("\n")[0]).toStartWith("<stdin> (python, 9 lines");
  });

  test("symbol, region (with a symbol's hash: the bytes already read), dump-tree", async () => {
    const sym = await withInput(["symbol", "-", "write", "--language", "python"], PY);
    expect(sym.code).toBe(0);
    expect(sym.stdout).toMatch(/^# <stdin>:6-8 write \(function, symbol:([0-9a-f]{12}), sha256:[0-9a-f]{12}\)\ndef write\(item\):\n/);
    // region has no --language: a #! line names it, and the symbol's hash is checked on the bytes read once.
    const script = `#!/usr/bin/env python3\n${PY}`;
    const hash = /symbol:([0-9a-f]{12})/.exec((await withInput(["symbol", "-", "write"], script)).stdout)![1];
    const region = await withInput(["region", "-", "7", "9", "--hash", `symbol:${hash}`], script);
    expect([region.code, region.stderr]).toEqual([0, `ast-outline: write unchanged since you read it (symbol:${hash}); now lines 7-9\n`]);
    expect(region.stdout).toBe('7  def write(item):\n8      """Writes it."""\n9      return item\n');
    const stale = await withInput(["region", "-", "7", "9", "--hash", "sha256:000000000000"], script);
    expect(stale.stderr).toStartWith("ast-outline: warning: <stdin> changed since hash 000000000000");
    const tree = await withInput(["dump-tree", "-", "--language", "python"], PY);
    expect(tree.stdout.split("\n")[0]).toBe("module [1:1-9:1]");
  });

  test("what cannot be: no language, - beside files, a skeleton, too large; one line each", async () => {
    const cases: [string[], string, number, string][] = [
      [["outline", "-"], PY, 2, "ast-outline: standard input: which language? (give --language (`ast-outline languages` lists them), or start it with a #! line)\n"],
      [["outline", "-", "a.py"], PY, 2, "ast-outline: - (standard input) is outlined alone (outline the files in a command of their own)\n"],
      [["symbol", "-", "write", "--skeleton"], PY, 2, "ast-outline: --skeleton, --drill and --hash read a file of the repository, not standard input (name the file)\n"],
      [["outline", "-", "--language", "python", "--max-size", "10"], PY, 2, `ast-outline: standard input is too large (${Buffer.byteLength(PY)} B) (raise --max-size)\n`],
    ];
    for (const [args, input, code, stderr] of cases) {
      const r = await withInput(args, input);
      expect([r.code, r.stdout, r.stderr]).toEqual([code, "", stderr]);
    }
  });

  test.skipIf(!binaryAvailable())("the compiled binary reads the process's standard input", () => {
    const r = runBinary(["outline", "-", "--language", "python"], { cwd: dir.path, input: PY });
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect(r.stdout.split("\n")[1]).toBe("1-3 class Store");
    const region = runBinary(["region", "-", "2", "3"], { cwd: dir.path, input: PY });
    expect(region.stdout).toBe("2      def save(self, item):\n3          return write(item)\n");
  });
});
