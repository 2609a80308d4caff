// The `changed` renderers on built change sets: the Markdown cut and its honest count.
import { expect, test } from "bun:test";
import type { ChangeSet, SymbolChange } from "../src/core/diff/types.ts";
import { FOLD_ROWS, renderChangedMarkdown, MARKDOWN_LIMIT, STICKY_MARKER } from "../src/render/changed/markdown.ts";

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

test("markdown opens with the sticky marker; a PR of only YAML files is one folded line, not empty headings", () => {
  const files = Array.from({ length: 7 }, (_, i) => ({ path: `.github/workflows/w${i}.yml`, status: "modified" as const, skipped: "unsupported language", symbols: [] }));
  files.push({ path: "logo.png", status: "modified" as const, skipped: "binary", symbols: [] });
  const md = renderChangedMarkdown({ base: "a".repeat(40), head: "b".repeat(40), files });
  expect(md.split("\n")[0]).toBe(STICKY_MARKER);
  expect(md).toContain("### ast-outline: no symbol changes in 8 files");
  expect(md).not.toContain("####");
  expect(md).not.toContain("| change |");
  expect(md).toContain("<details><summary>8 files without symbol changes: 7 unsupported language, 1 binary</summary>");
  for (const f of files) expect(md).toContain(`- \`${f.path}\` (`);
  expect(md.trimEnd().endsWith("</details>")).toBe(true);
});

test("markdown: renames, moves, removals and signature changes come first across files; the rest by file", () => {
  const set: ChangeSet = {
    base: "a".repeat(40), head: "b".repeat(40),
    files: [
      { path: "a.py", status: "modified", symbols: [change(1), change(2, { change: "removed", startLine: undefined, endLine: undefined, oldStartLine: 7, oldEndLine: 9 })] },
      { path: "b.py", status: "renamed", oldPath: "old_b.py", symbols: [change(3, { change: "renamed", oldQualifiedName: "pkg.mod.g3" })] },
      { path: "c.py", status: "modified", symbols: [change(4, { signatureChanged: true, oldSignature: "def f4(a)", signature: "def f4(a, b)" }), change(5)] },
    ],
  };
  const md = renderChangedMarkdown(set);
  expect(md).toContain("Changes: 1 removed, 1 renamed, 1 signature, 2 body.");
  const check = md.indexOf("**Check first**");
  const byFile = md.indexOf("#### ");
  expect(check).toBeGreaterThan(0);
  expect(byFile).toBeGreaterThan(check);
  // Removals first, then renames, then signature changes (a word diff of the header); the where cell names the file.
  const rows = md.slice(check, byFile).split("\n").filter((l) => /^\| (renamed|modified|removed) /.test(l));
  expect(rows).toEqual([
    "| removed | function `pkg.mod.f2` | `a.py` (was 7-9) |  |",
    "| renamed | function `pkg.mod.g3` → `pkg.mod.f3` | `b.py` (file renamed from `old_b.py`) 3-4 | body |",
    "| modified | function `pkg.mod.f4` | `c.py` 4-5 | signature, body: `def f4(a`**`, b`**`)` |",
  ]);
  // Each change is shown once: the by-file part holds only the others.
  expect(md.match(/pkg\.mod\.f4`/g)?.length).toBe(1);
  expect(md.slice(byFile)).toContain("#### `a.py` (modified)");
  expect(md.slice(byFile)).toContain("| modified | function `pkg.mod.f1` | 1-2 | body |");
  expect(md.slice(byFile)).not.toContain("b.py");
  expect(md).not.toContain("<details>");
});

test("markdown folds the by-file part of a large PR into <details>, the check-first table stays open", () => {
  const files = Array.from({ length: 8 }, (_, f) => ({
    path: `src/m${f}.py`, status: "modified" as const, language: "python",
    symbols: Array.from({ length: 5 }, (_, i) => change(i)),
  }));
  files[0].symbols.push(change(9, { change: "renamed", oldQualifiedName: "old9" }));
  const md = renderChangedMarkdown({ base: "a".repeat(40), head: "b".repeat(40), files });
  expect(FOLD_ROWS).toBeLessThan(40);
  const details = md.indexOf("<details><summary>Other changes: 40 symbol changes in 8 files</summary>");
  expect(details).toBeGreaterThan(md.indexOf("| renamed | function `old9` → `pkg.mod.f9`"));
  expect(md.indexOf("</details>")).toBeGreaterThan(md.lastIndexOf("#### "));
  expect(md).not.toContain("not shown");
});
