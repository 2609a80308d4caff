// What a command loads: `symbol` answered from a warm cache and `region` read text and print it,
// so neither may load the parser (web-tree-sitter, src/core/parse/parser.ts) nor code they do
// not use. Each command runs in a fresh process (test/helpers/module-loads.ts) that records every
// module of src/ and web-tree-sitter as Bun loads it; a skeleton, which parses, is the control.
// A file outlined with no cache to store into is parsed without its references (their query is
// compiled only to be stored): test/helpers/grammar-loads.ts records the query files read.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ROOT, runCli, tempDir } from "./helpers/cli.ts";
import { gitOk, tempRepo, write } from "./helpers/git-repo.ts";

const PY = 'import os\n\n\nclass Store:\n    """Keeps things."""\n\n    def save(self, key):\n        if key:\n            return os.path.join("a", key)\n        return None\n\n\ndef helper(x):\n    return x + 1\n';
const repo = tempRepo({ "pkg/store.py": PY });

function child<T>(helper: string, cwd: string, args: string[]): T {
  const r = spawnSync(process.execPath, [join(ROOT, "test/helpers", helper), cwd, ...args], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split("\n").pop()!);
}
const loads = (args: string[]) => child<{ code: number; stderr: string; modules: string[] }>("module-loads.ts", repo.path, args);
const queriesRead = (cwd: string, args: string[]) => child<{ code: number; queries: string[] }>("grammar-loads.ts", cwd, args).queries;

const PARSER = ["node_modules/web-tree-sitter/tree-sitter.js", "src/core/parse/parser.ts"];
const parserLoaded = (modules: string[]) => modules.filter((m) => PARSER.includes(m) || m.startsWith("src/core/outline/") || m.startsWith("src/core/skeleton/"));

beforeAll(async () => {
  gitOk(repo.path, "add", "-A");
  gitOk(repo.path, "commit", "-qm", "one");
  expect((await runCli(["index"], repo.path)).code).toBe(0);
});
afterAll(() => repo.cleanup());

describe("modules a command loads", () => {
  test("symbol from a warm cache loads no parser and no skeleton code", () => {
    const r = loads(["symbol", "pkg/store.py", "Store.save"]);
    expect(r.code).toBe(0);
    expect(r.modules).toContain("src/app/symbol-view.ts");
    expect(parserLoaded(r.modules)).toEqual([]);
  }, 30_000);

  test("symbol --skeleton parses: the recording sees the parser load", () => {
    const r = loads(["symbol", "--skeleton", "pkg/store.py", "Store.save"]);
    expect(r.code).toBe(0);
    expect(r.modules).toEqual(expect.arrayContaining(PARSER));
  }, 30_000);

  test("region loads no parser and no outline renderer", () => {
    const r = loads(["region", "pkg/store.py", "4", "10"]);
    expect(r.code).toBe(0);
    expect(parserLoaded(r.modules)).toEqual([]);
    expect(r.modules).not.toContain("src/render/outline/text.ts");
  }, 30_000);
});

describe("references are parsed only to be stored", () => {
  test("a file outside any repository: no references query", () => {
    const dir = tempDir();
    try {
      write(dir.path, "store.py", PY);
      expect(queriesRead(dir.path, ["outline", "store.py"])).not.toContain("python/references.scm");
      expect(queriesRead(dir.path, ["symbol", "store.py", "helper"])).not.toContain("python/references.scm");
    } finally {
      dir.cleanup();
    }
  }, 30_000);

  test("a file the repository's cache does not hold yet: parsed with its references, to be stored", () => {
    write(repo.path, "pkg/extra.py", PY.replace("helper", "extra_helper"));
    expect(queriesRead(repo.path, ["outline", "pkg/extra.py"])).toContain("python/references.scm");
  }, 30_000);
});
