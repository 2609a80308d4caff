// The `changed` renderers on built change sets: the Markdown cut and its honest count.
import { expect, test } from "bun:test";
import type { ChangeSet, SymbolChange } from "../src/core/diff/types.ts";
import { renderChangedMarkdown, MARKDOWN_LIMIT } from "../src/render/changed-markdown.ts";

function change(i: number, extra: Partial<SymbolChange> = {}): SymbolChange {
  return { change: "modified", kind: "function", name: `f${i}`, qualifiedName: `pkg.mod.f${i}`, startLine: i, endLine: i + 1, signatureChanged: false, bodyChanged: true, cosmetic: false, anchors: [], ...extra };
}

test("markdown stays under the limit and says how much was left out", () => {
  const files = Array.from({ length: 40 }, (_, f) => ({
    path: `src/module_${f}.py`, status: "modified" as const, language: "python",
    symbols: Array.from({ length: 50 }, (_, i) => change(i)),
  }));
  const set: ChangeSet = { base: "a".repeat(40), head: "b".repeat(40), files };
  const md = renderChangedMarkdown(set);
  expect(md.length).toBeLessThan(MARKDOWN_LIMIT);
  const shownRows = md.split("\n").filter((l) => l.startsWith("| modified |")).length;
  const shownFiles = md.split("\n").filter((l) => l.startsWith("#### ")).length;
  expect(shownRows).toBeGreaterThan(100);
  const m = /…and (\d+) more symbol changes in (\d+) more files not shown/.exec(md);
  expect(m).not.toBeNull();
  expect(Number(m![1])).toBe(2000 - shownRows);
  expect(Number(m![2])).toBe(40 - shownFiles);
});

test("markdown puts renames and signature changes first", () => {
  const set: ChangeSet = {
    base: "a".repeat(40), head: "WORKTREE",
    files: [
      { path: "plain.py", status: "modified", symbols: [change(1)] },
      { path: "api.py", status: "modified", symbols: [change(2), change(3, { change: "renamed", oldQualifiedName: "old3", signatureChanged: true })] },
    ],
  };
  const md = renderChangedMarkdown(set);
  expect(md.indexOf("api.py")).toBeLessThan(md.indexOf("plain.py"));
  expect(md.indexOf("| renamed |")).toBeLessThan(md.indexOf("`pkg.mod.f2`"));
  expect(md).not.toContain("not shown");
});
