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
    // Another parent is a move (docs/contract.md), within one file too: no oldPath, the file is the same.
    expect(rows(cs)).toEqual(["moved:Old.size>New.size"]);
    expect(cs[0]).toMatchObject({ evidence: "body", similarity: 1 });
    expect(cs[0].oldPath).toBeUndefined();
  });

  test("moved into a newly added class, the rest of the old class staying", async () => {
    const r = repo();
    r.write("k.py", `class Report:\n    def title(self):\n        return 'report'\n\n${TOTAL("weighted_total", "    ")}`);
    r.commit("one");
    r.write("k.py", `class Report:\n    def title(self):\n        return 'report'\n\n\nclass Totals:\n${TOTAL("weighted_total", "    ")}`);
    r.commit("two");
    expect(rows(await changes(r))).toEqual(["added:Totals", "moved:Report.weighted_total>Totals.weighted_total"]);
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

  test("a field renamed with its type changed: the lines that switched to the new name pair it", async () => {
    const r = repo();
    const cls = (decl: string, use: string) =>
      `public class Bulk {\n  private final ${decl};\n\n  Bulk(Object e) {\n    this.${use} = e;\n  }\n\n  void run() {\n    log(${use});\n    submit(${use});\n  }\n}\n`;
    r.write("Bulk.java", cls("String executorName", "executorName"));
    r.commit("one");
    r.write("Bulk.java", cls("Executor executor", "executor"));
    r.commit("two");
    const cs = await changes(r);
    expect(rows(cs).filter((x) => x.includes("executor"))).toEqual(["renamed:Bulk.executorName>Bulk.executor"]);
    expect(cs.find((s) => s.qualifiedName === "Bulk.executor")).toMatchObject({ evidence: "call-sites" });
    // Without the call sites (the field unused), the same declaration change is a removal and an addition.
    r.write("Bulk.java", "public class Bulk {\n  private final String executorName;\n}\n");
    r.commit("three");
    r.write("Bulk.java", "public class Bulk {\n  private final Executor executor;\n}\n");
    r.commit("four");
    expect(rows(await changes(r))).toEqual(["added:Bulk.executor", "removed:Bulk.executorName"]);
  });

  test("ties between identical candidates are broken by call sites that switched names, never by order", async () => {
    const r = repo();
    r.write("m.py", `${TOTAL("weighted_sum")}\n\ndef report(parts):\n    return weighted_sum(None, parts)\n`);
    r.commit("one");
    r.write("m.py", `${TOTAL("total_one")}\n\n${TOTAL("total_two")}\n\ndef report(parts):\n    return total_two(None, parts)\n`);
    r.commit("two");
    const cs = await changes(r);
    expect(rows(cs).filter((x) => !x.includes("report"))).toEqual(["added:total_one", "renamed:weighted_sum>total_two"]);
    // The body is what pairs it (evidence), the call site which of the two it is.
    expect(cs.find((s) => s.qualifiedName === "total_two")).toMatchObject({ evidence: "body", similarity: 1 });
    // Without that call site the two are tied: neither is paired.
    r.write("m.py", `${TOTAL("weighted_sum")}\n\ndef report(parts):\n    return 0\n`);
    r.commit("three");
    r.write("m.py", `${TOTAL("total_one")}\n\n${TOTAL("total_two")}\n\ndef report(parts):\n    return 0\n`);
    r.commit("four");
    expect(rows(await changes(r))).toEqual(["added:total_one", "added:total_two", "removed:weighted_sum"]);
  });

  test("pulled up from two subclasses into their base: both are moved into it", async () => {
    const r = repo();
    const sub = (name: string, extra: string) => `class ${name}(Base):\n${TOTAL("weighted_total", "    ")}\n    def ${extra}(self):\n        return '${extra}'\n`;
    r.write("shapes.py", `class Base:\n    def name(self):\n        return 'base'\n\n\n${sub("Left", "left")}\n\n${sub("Right", "right")}`);
    r.commit("one");
    const slim = (name: string, extra: string) => `class ${name}(Base):\n    def ${extra}(self):\n        return '${extra}'\n`;
    r.write("shapes.py", `class Base:\n    def name(self):\n        return 'base'\n\n${TOTAL("weighted_total", "    ")}\n\n${slim("Left", "left")}\n\n${slim("Right", "right")}`);
    r.commit("two");
    const cs = await changes(r);
    expect(rows(cs)).toEqual(["moved:Left.weighted_total>Base.weighted_total", "moved:Right.weighted_total>Base.weighted_total"]);
    expect(cs.every((s) => s.evidence === "hierarchy" || s.evidence === "name" || s.evidence === "body")).toBe(true);
  });

  test("pushed down from a base into two subclasses: moved into each", async () => {
    const r = repo();
    const slim = (name: string, extra: string) => `class ${name}(Base):\n    def ${extra}(self):\n        return '${extra}'\n`;
    const fat = (name: string, extra: string) => `class ${name}(Base):\n${TOTAL("weighted_total", "    ")}\n    def ${extra}(self):\n        return '${extra}'\n`;
    r.write("shapes.py", `class Base:\n    def name(self):\n        return 'base'\n\n${TOTAL("weighted_total", "    ")}\n\n${slim("Left", "left")}\n\n${slim("Right", "right")}`);
    r.commit("one");
    r.write("shapes.py", `class Base:\n    def name(self):\n        return 'base'\n\n\n${fat("Left", "left")}\n\n${fat("Right", "right")}`);
    r.commit("two");
    expect(rows(await changes(r))).toEqual(["moved:Base.weighted_total>Left.weighted_total", "moved:Base.weighted_total>Right.weighted_total"]);
  });

  test("a class that kept its name and some members, the rest pulled up into a new base class: it stays itself", async () => {
    const r = repo();
    const members = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"];
    const method = (n: string, indent = "    ") => TOTAL(n, indent).replace("total = 0", `total = len('${n}')`);
    r.write("adapter.py", `class Adapter:\n${members.map((m) => method(m)).join("\n")}`);
    r.commit("one");
    r.write("adapter.py", `class Base:\n${members.slice(0, 4).map((m) => method(m)).join("\n")}\n\nclass Adapter(Base):\n${members.slice(4).map((m) => method(m)).join("\n")}`);
    r.commit("two");
    const cs = await changes(r);
    // Adapter is modified: its declaration names its new base.
    expect(rows(cs)).toEqual(["added:Base", "modified:Adapter", ...members.slice(0, 4).map((m) => `moved:Adapter.${m}>Base.${m}`)].sort());
  });

  test("out of a deleted file's class into a new file's class, under its own name: moved", async () => {
    const r = repo();
    r.write("OldTest.java", `public class OldTest {\n  @Test\n  public void testFiles() {\n    List<File> files = collect(dir);\n    assertEquals(3, files.size());\n    assertTrue(files.contains(first));\n  }\n\n  @Test\n  public void testEmpty() {\n    assertTrue(collect(empty).isEmpty());\n  }\n}\n`);
    r.write("Other.java", "public class Other {\n}\n");
    r.commit("one");
    r.git("rm", "-q", "OldTest.java");
    r.write("CollectorTest.java", `public class CollectorTest {\n  private Collector collector = new Collector();\n\n  @Test\n  public void testFiles() {\n    List<File> files = collect(dir);\n    assertEquals(3, files.size());\n    assertTrue(files.contains(first));\n  }\n\n  @Test\n  public void testNothing() {\n    assertNull(collector.last());\n  }\n}\n`);
    r.commit("two");
    const cs = await changes(r);
    expect(rows(cs).filter((x) => x.includes("testFiles"))).toEqual(["moved:OldTest.testFiles>CollectorTest.testFiles"]);
    expect(cs.find((s) => s.qualifiedName === "CollectorTest.testFiles")).toMatchObject({ oldPath: "OldTest.java", path: "CollectorTest.java" });
  });

  test("a method with a doc comment moved from a changed file into a new file pairs on its code (comments are read on both)", async () => {
    const r = repo();
    const doc = (text: string) => `  /**\n   * ${text}\n   * @return the count\n   */\n`;
    const count = `  public int countItems(List<Item> items) {\n    int n = 0;\n    for (Item i : items) {\n      if (i.active()) {\n        n += i.weight();\n      }\n    }\n    return n;\n  }\n`;
    r.write("Store.java", `public class Store {\n${doc("Counts the active items.")}${count}\n  public void keep() {\n  }\n}\n`);
    r.commit("one");
    r.write("Store.java", "public class Store {\n  public void keep() {\n  }\n}\n");
    r.write("Counter.java", `public class Counter {\n${doc("Counts the active items, weighted.")}${count.replace("countItems", "count")}}\n`);
    r.commit("two");
    const cs = await changes(r);
    expect(rows(cs)).toEqual(["added:Counter", "moved:Store.countItems>Counter.count"]);
    expect(cs.find((s) => s.qualifiedName === "Counter.count")).toMatchObject({ evidence: "body", similarity: 1 });
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
