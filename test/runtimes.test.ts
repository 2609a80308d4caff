// Smoke test: one outline through each runtime the CLI promises (the compiled binary, Node 20
// on the tsc output, Bun and Deno from source) gives the same JSON.
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { BINARY, ROOT } from "./helpers/cli.ts";

const NODE_ENTRY = join(ROOT, "dist", "js", "src", "cli", "index.js");
const BUN = join(ROOT, "node_modules", ".bin", "bun");
const DENO = join(ROOT, "node_modules", ".bin", "deno");
const ARGS = ["outline", "fixtures/vue/setup.vue", "fixtures/python/notifier.py", "--format", "json"];

const built = existsSync(BINARY) && existsSync(NODE_ENTRY);
if (!built) console.warn("runtime smoke test skipped: dist/ is absent (run `npm run build` first; CI always builds)");

const RUNTIMES: [string, string[]][] = [
  ["compiled binary", [BINARY]],
  ["node", [process.env.NODE ?? "node", NODE_ENTRY]],
  ["bun (source)", [BUN, "src/cli/index.ts"]],
  ["deno (source)", [DENO, "run", "-A", "src/cli/index.ts"]],
];

describe.skipIf(!built)("every runtime gives the same outline", () => {
  test("binary, Node, Bun, Deno", () => {
    const outputs = RUNTIMES.map(([name, cmd]) => {
      const r = spawnSync(cmd[0], [...cmd.slice(1), ...ARGS], { cwd: ROOT, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
      expect({ name, code: r.status, stderr: r.stderr }).toEqual({ name, code: 0, stderr: "" });
      return { name, json: JSON.parse(r.stdout) };
    });
    expect(outputs[0].json.map((f: { symbols: unknown[] }) => f.symbols.length).every((n: number) => n > 0)).toBe(true);
    for (const o of outputs.slice(1)) expect({ name: o.name, json: o.json }).toEqual({ name: o.name, json: outputs[0].json });
  }, 60_000);
});
