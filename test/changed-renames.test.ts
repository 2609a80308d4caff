// `changed` pairing removed with added symbols across the whole change (core/diff/across.ts):
// renamed in place with edits, moved between classes and files, into a new class, with the
// file; a field by its text; and what must stay unpaired. Real grammars, real git.
import { describe, expect, test } from "bun:test";
import { runCli } from "./helpers/cli.ts";
import { reposPerTest, type TempRepo } from "./helpers/git.ts";

const repo = reposPerTest();

async function changes(r: TempRepo) {
  const out = await runCli(["changed", "--format", "json", "--base", "HEAD~1", "--head", "HEAD"], r.path);
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  const set = JSON.parse(out.stdout) as { files: { path: string; symbols: any[] }[] };
  return set.files.flatMap((f) => f.symbols.filter((s) => s.kind !== "module").map((s) => ({ ...s, path: f.path })));
}

const rows = (cs: any[]) => cs.map((s) => `${s.change}:${s.oldQualifiedName ? `${s.oldQualifiedName}>` : ""}${s.qualifiedName}`).sort();

const TOTAL = (name: string, indent = "") =>
  [
    `${indent}def ${name}(self, parts):`,
    `${indent}    total = 0`,
    `${indent}    for part in parts:`,
    `${indent}        if part.weight > 0:`,
    `${indent}            total += part.weight * part.count`,
    `${indent}    return total`,
    "",
  ].join("\n");

describe("changed pairs renames and moves by evidence", () => {
  test("renamed in place with a small edit: paired, with its evidence and similarity", async () => {
    const r = repo();
    r.write("m.py", "def compute_total(items):\n    total = 0\n    for item in items:\n        total += item.price * item.count\n    log('total', total)\n    return total\n");
    r.commit("one");
    r.write("m.py", "def order_total(items):\n    total = 0\n    for item in items:\n        total += item.price * item.quantity\n    log('order total', total)\n    return total\n");
    r.commit("two");
    const cs = await changes(r);
    expect(rows(cs)).toEqual(["renamed:compute_total>order_total"]);
    expect(cs[0].evidence).toBe("body");
    expect(cs[0].similarity).toBeGreaterThan(0.6);
    expect(cs[0].similarity).toBeLessThan(1);
    expect(cs[0].bodyChanged).toBe(true);
  });

  test("renamed in place with a larger edit: its parent's pairing is the evidence that carries it", async () => {
    const r = repo();
    r.write("m.py", `${TOTAL("weighted_total")}`);
    r.commit("one");
    r.write("m.py", `${TOTAL("total_weight").replace("part.weight * part.count", "part.weight").replace("return total", "return round(total, 2)").replace("total = 0", "total = 0.0").replace("> 0", ">= 1")}`);
    r.commit("two");
    const cs = await changes(r);
    expect(rows(cs)).toEqual(["renamed:weighted_total>total_weight"]);
    expect(cs[0].evidence).toBe("parent");
    expect(cs[0].similarity).toBeLessThan(0.8);
  });

  test("moved to another class of the same file", async () => {
    const r = repo();
    r.write("k.py", `class Old:\n    def keep(self):\n        return 1\n\n${TOTAL("size", "    ")}\n\nclass New:\n    def other(self):\n        return 2\n`);
    r.commit("one");
    r.write("k.py", `class Old:\n    def keep(self):\n        return 1\n\n\nclass New:\n    def other(self):\n        return 2\n\n${TOTAL("size", "    ")}`);
    r.commit("two");
    const cs = await changes(r);
    expect(rows(cs)).toEqual(["renamed:Old.size>New.size"]);
    expect(cs[0]).toMatchObject({ evidence: "body", similarity: 1 });
  });

  test("moved into a newly added class, the rest of the old class staying", async () => {
    const r = repo();
    r.write("k.py", `class Report:\n    def title(self):\n        return 'report'\n\n${TOTAL("weighted_total", "    ")}`);
    r.commit("one");
    r.write("k.py", `class Report:\n    def title(self):\n        return 'report'\n\n\nclass Totals:\n${TOTAL("weighted_total", "    ")}`);
    r.commit("two");
    expect(rows(await changes(r))).toEqual(["added:Totals", "renamed:Report.weighted_total>Totals.weighted_total"]);
  });

  test("moved and renamed across files", async () => {
    const r = repo();
    r.write("a.py", `def keep():\n    return 1\n\n\n${TOTAL("weighted_sum")}`);
    r.write("b.py", "def other():\n    return 2\n");
    r.commit("one");
    r.write("a.py", "def keep():\n    return 1\n");
    r.write("b.py", `def other():\n    return 2\n\n\n${TOTAL("sum_of_weights")}`);
    r.commit("two");
    const cs = await changes(r);
    expect(rows(cs)).toEqual(["moved:weighted_sum>sum_of_weights"]);
    expect(cs[0]).toMatchObject({ path: "b.py", oldPath: "a.py", evidence: "body", similarity: 1 });
  });

  test("a class moved with its renamed file is moved; its members follow it", async () => {
    const r = repo();
    const cls = (ret: string) => `class Walker:\n    def run(self, a):\n        b = a + 1\n        return ${ret}\n\n    def stop(self):\n        return None\n\n\ndef helper():\n    return 3\n`;
    r.write("old_name.py", cls("b"));
    r.commit("one");
    r.git("mv", "old_name.py", "new_name.py");
    r.write("new_name.py", cls("b * 2"));
    r.commit("two");
    const cs = await changes(r);
    expect(rows(cs)).toEqual(["modified:Walker.run", "moved:Walker"]);
    expect(cs.find((s) => s.qualifiedName === "Walker")).toMatchObject({ path: "new_name.py", oldPath: "old_name.py", evidence: "file-rename" });
  });

  test("a renamed field pairs on its text but for its name (same type and initializer, same class)", async () => {
    const r = repo();
    const cls = (field: string) => `export class Client {\n  private ${field}: number = 3;\n  send(): number {\n    return 1;\n  }\n}\n`;
    r.write("c.ts", cls("retries"));
    r.commit("one");
    r.write("c.ts", cls("maxRetries"));
    r.commit("two");
    const cs = await changes(r);
    expect(rows(cs)).toEqual(["renamed:Client.retries>Client.maxRetries"]);
    expect(cs[0]).toMatchObject({ evidence: "signature", similarity: 1 });
    // Another initializer is another field: removed and added.
    r.write("c.ts", cls("maxRetries").replace("= 3", "= 5").replace("maxRetries", "timeout"));
    r.commit("three");
    expect(rows(await changes(r))).toEqual(["added:Client.timeout", "removed:Client.maxRetries"]);
  });

  test("two unrelated short functions are not paired", async () => {
    const r = repo();
    r.write("m.py", "def keep():\n    return 0\n\n\ndef alpha(x):\n    return x + 1\n");
    r.commit("one");
    r.write("m.py", "def keep():\n    return 0\n\n\ndef beta(y):\n    print(y)\n");
    r.commit("two");
    expect(rows(await changes(r))).toEqual(["added:beta", "removed:alpha"]);
  });

  test("a tie is left unpaired, never broken by order", async () => {
    const r = repo();
    r.write("a.py", `${TOTAL("weighted_sum")}`);
    r.write("b.py", "def other():\n    return 2\n");
    r.commit("one");
    r.write("a.py", "X = 1\n");
    r.write("b.py", `def other():\n    return 2\n\n\n${TOTAL("total_one")}\n\n${TOTAL("total_two")}`);
    r.commit("two");
    expect(rows(await changes(r)).filter((x) => !x.includes("X"))).toEqual(["added:total_one", "added:total_two", "removed:weighted_sum"]);
  });
});
