// The tree-sitter edits derived from the line diff (src/core/diff/edits.ts) must describe the
// change exactly, or be refused: applied to the old text they give the new text, and the
// points agree with the offsets. Then the incremental parse they feed matches a fresh one.
import { expect, test } from "bun:test";
import { lineEdits, type Point } from "../src/core/diff/edits.ts";
import { diffLines } from "../src/core/diff/lines.ts";
import { splitLines } from "../src/core/diff/source.ts";
import { parse } from "../src/core/parse/parser.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";

function pointAt(text: string, index: number): Point {
  const before = text.slice(0, index);
  const nl = before.lastIndexOf("\n");
  return { row: before.split("\n").length - 1, column: index - (nl + 1) };
}

function edited(a: string, b: string) {
  const al = splitLines(a);
  const bl = splitLines(b);
  return lineEdits(a, b, diffLines(al, bl), al.length, bl.length);
}

test("edits turn the old text into the new one, with matching points", () => {
  let seed = 11;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  let refused = 0;
  for (let round = 0; round < 400; round++) {
    const line = () => ["a", "bb", "", "c\r", "dé"][Math.floor(rnd() * 5)];
    const text = (n: number) => Array.from({ length: n }, line).join("\n") + (rnd() < 0.5 ? "\n" : "");
    const a = text(Math.floor(rnd() * 12));
    const b = text(Math.floor(rnd() * 12));
    const edits = edited(a, b);
    if (!edits) {
      refused++;
      continue;
    }
    let t = a;
    for (const e of edits) {
      expect(e.startPosition).toEqual(pointAt(t, e.startIndex));
      expect(e.oldEndPosition).toEqual(pointAt(t, e.oldEndIndex));
      // Applied last hunk first: what follows the edit is already the new text's tail.
      const after = t.length - e.oldEndIndex;
      const inserted = b.slice(b.length - after - (e.newEndIndex - e.startIndex), b.length - after);
      t = t.slice(0, e.startIndex) + inserted + t.slice(e.oldEndIndex);
      expect(e.newEndPosition).toEqual(pointAt(t, e.newEndIndex));
    }
    expect(t).toBe(b);
  }
  expect(refused).toBeLessThan(200); // only a changed final newline is refused
});

test("a last line that gains its newline is refused, not mis-described", () => {
  expect(edited("x = 1", "x = 1\ny = 2")).toBeUndefined();
  expect(edited("x = 1\n", "x = 1\ny = 2\n")).toHaveLength(1);
});

test("the incremental parse of the new side equals a fresh parse", async () => {
  const python = REGISTRY.byId.get("python")!;
  const a = "class A:\n    def f(self):\n        return 1\n\n\ndef g():\n    pass\n";
  const b = "class A:\n    def f(self, x):\n        return x\n\n    def h(self):\n        pass\n\n\ndef g():\n    pass\n";
  const old = await parse(python.grammar, a);
  for (const e of edited(a, b)!) old.edit(e);
  const incremental = await parse(python.grammar, b, old);
  const fresh = await parse(python.grammar, b);
  expect(incremental.rootNode.toString()).toBe(fresh.rootNode.toString());
  for (const t of [old, incremental, fresh]) t.delete();
});
