// Grammars load lazily: a run reads the grammar of each language it parses and no other, so
// the data-format grammars cost nothing to `outline` or `index` of code in other languages.
// Each case runs in a fresh process (grammars once loaded stay loaded for the process).
import { expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "./helpers/cli.ts";
import { tempRepo, write } from "./helpers/git-repo.ts";

/** The CLI run in a fresh process with `args`; the grammar files it read, in order. */
function grammarsRead(args: string[], cwd: string): { code: number; read: string[]; stderr: string } {
  const script = `
    import { main } from ${JSON.stringify(join(ROOT, "src/cli/main.ts"))};
    import { captureIO } from ${JSON.stringify(join(ROOT, "src/cli/io.ts"))};
    import { processEnv } from ${JSON.stringify(join(ROOT, "src/io/env.ts"))};
    import { configureRuntime } from ${JSON.stringify(join(ROOT, "src/core/runtime.ts"))};
    import { diskRuntime } from ${JSON.stringify(join(ROOT, "src/io/disk-assets.ts"))};
    const disk = diskRuntime(${JSON.stringify(ROOT)});
    const read = [];
    configureRuntime({ ...disk, assets: { ...disk.assets, grammarWasm: (g) => (read.push(g.file), disk.assets.grammarWasm(g)) } });
    const io = captureIO();
    const code = await main(${JSON.stringify(args)}, io, processEnv({ cwd: ${JSON.stringify(cwd)}, vars: process.env, warn: io.note }));
    process.stderr.write(io.stderr());
    console.log(JSON.stringify({ code, read }));
  `;
  const r = spawnSync(process.execPath, ["-e", script], { cwd, encoding: "utf8" });
  const last = r.stdout.trim().split("\n").pop() ?? "{}";
  const { code, read } = JSON.parse(last);
  return { code, read, stderr: r.stderr };
}

const DATA_GRAMMARS = /yaml|json|toml|markdown|hcl|css|make/;

test("outline of a Python file reads the Python grammar only", () => {
  const dir = tempDir();
  try {
    writeFileSync(join(dir.path, "a.py"), "def f():\n    return 1\n");
    const r = grammarsRead(["outline", "a.py"], dir.path);
    expect(r.code).toBe(0);
    expect(r.read).toEqual(["tree-sitter-python.wasm"]);
  } finally {
    dir.cleanup();
  }
}, 30_000);

test("index of a repository without data files reads none of their grammars; with one, only its own", () => {
  const dir = tempRepo({ "src/a.py": "class A:\n    pass\n", "src/b.ts": "export function b() {}\n" });
  try {
    const code = grammarsRead(["index", "--threads", "1"], dir.path);
    expect(code.stderr).toBe("");
    expect(code.code).toBe(0);
    expect(code.read.length).toBeGreaterThan(0);
    expect(code.read.filter((f) => DATA_GRAMMARS.test(f))).toEqual([]);
    write(dir.path, ".github/workflows/ci.yml", "on: push\njobs:\n  build:\n    runs-on: x\n");
    const withYaml = grammarsRead(["index", "--threads", "1"], dir.path);
    expect(withYaml.code).toBe(0);
    expect(withYaml.read.filter((f) => DATA_GRAMMARS.test(f))).toEqual(["tree-sitter-yaml.wasm"]);
  } finally {
    dir.cleanup();
  }
}, 60_000);
