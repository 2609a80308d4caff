// Bounded parses with the real grammars: a parse that outlasts its budget and a grammar that
// traps each fail that file alone, with a reason, and never answer from a runtime that trapped.
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { pastParseBudget } from "../src/core/parse/limits.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { ROOT } from "./helpers/cli.ts";

const lang = (id: string) => REGISTRY.byId.get(id)!;
const bytes = (s: string) => new TextEncoder().encode(s);

describe("parse budget", () => {
  test("deeply nested Svelte fails alone with 'parse budget exceeded'; a normal file is outlined", async () => {
    const deep = "<div>".repeat(6000) + "</div>".repeat(6000);
    await expect(outlineSource({ path: "deep.svelte", bytes: bytes(deep), language: lang("svelte") })).rejects.toThrow(/deep\.svelte: parse budget exceeded/);
    const ok = await outlineSource({ path: "ok.py", bytes: bytes("def f():\n    return 1\n"), language: lang("python") });
    expect(ok.symbols.map((s) => s.name)).toEqual(["f"]);
  }, 60000);

  test("time spent waiting for a busy machine stops no parse: the wall clock and the CPU time must both pass the budget", () => {
    const unread = () => {
      throw new Error("the CPU clock is read only once the wall clock has passed the budget");
    };
    expect(pastParseBudget(900, unread, 1000)).toBe(false);
    expect(pastParseBudget(5000, () => 200, 1000)).toBe(false); // starved: 5 s waited, 0.2 s computed
    expect(pastParseBudget(1500, () => 1200, 1000)).toBe(true);
    expect(pastParseBudget(1500, () => Number.POSITIVE_INFINITY, 1000)).toBe(true); // no CPU clock: the wall decides
    expect(pastParseBudget(1e9, unread, 0)).toBe(false); // 0: no bound
  });
});

describe("a grammar that traps", () => {
  test("the trapping file names the crash; later parses in that process are refused with a reason, never answered", () => {
    const dir = mkdtempSync(join(tmpdir(), "trap-"));
    const list = Array.from({ length: 280 }, (_, i) => `${" ".repeat(i * 2)}- a\n`).join("");
    writeFileSync(join(dir, "list.md"), list);
    writeFileSync(join(dir, "ok.py"), "def f():\n    return 1\n");
    const script = join(dir, "run.ts");
    writeFileSync(script, `
import { readFileSync } from "node:fs";
import { REGISTRY } from ${JSON.stringify(join(ROOT, "src/core/languages/registry.ts"))};
import { outlineSource } from ${JSON.stringify(join(ROOT, "src/core/outline/outline.ts"))};
for (const [f, id] of [["ok.py", "python"], ["list.md", "markdown"], ["ok.py", "python"]]) {
  try {
    const o = await outlineSource({ path: f, bytes: readFileSync(${JSON.stringify(dir)} + "/" + f), language: REGISTRY.byId.get(id)! });
    console.log(f, "ok", o.symbols.map((s) => s.name).join(","));
  } catch (e) { console.log(f, "error", (e as Error).message); }
}
`);
    const r = spawnSync(join(ROOT, "node_modules/.bin/bun"), [script], { encoding: "utf8", timeout: 60000 });
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toBe("ok.py ok f");
    expect(lines[1]).toMatch(/^list\.md error list\.md: not parsed: the markdown parser crashed on this file \(tree-sitter: [a-z ]+\)$/);
    expect(lines[1]).not.toMatch(/_ts_parser|evaluating/);
    expect(lines[2]).toMatch(/^ok\.py error ok\.py: not parsed: tree-sitter crashed earlier in this process/);
    expect(r.status).toBe(0);
  }, 60000);
});

describe("echoed values", () => {
  test("a 100,000-character hash is cut in the message", async () => {
    const { normalizeHash } = await import("../src/app/region.ts");
    let message = "";
    try {
      normalizeHash("z".repeat(100000));
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toBe(`bad hash: ${"z".repeat(79)}…`);
  });
});
