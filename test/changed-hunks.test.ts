// The symbol-cut hunks of `changed --format patch` on seeded random edits: applied back to the
// old text (by an applier written here, strict about context and positions, and for a sample by
// the real `git apply`), they give the new text; they never overlap; each has context after it
// unless it ends the file; and a changed symbol's edits are all in one hunk that names it.
import { expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { splitKeepingBreaks, symbolHunks, type Hunk, type SymbolSpan } from "../src/render/changed/lines/hunks.ts";
import { tempDir } from "./helpers/cli.ts";

function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { int, chance: (p: number) => next() < p };
}

const WORDS = ["", "", "x = 1", "return x", "pass", "}", "{", "def f():", "  y", "\r", "a\r", "é"];

function randomCase(seed: number) {
  const r = rng(seed);
  const oldLines = Array.from({ length: r.int(0, 40) }, () => WORDS[r.int(0, WORDS.length - 1)] + (r.chance(0.3) ? String(r.int(0, 9)) : ""));
  const newLines: string[] = [];
  const oldOf: number[] = []; // new line -> old line it was kept from (0: inserted)
  for (let i = 0; i <= oldLines.length; i++) {
    if (r.chance(0.15)) for (let k = r.int(1, 3); k > 0; k--) (newLines.push(`ins ${r.int(0, 99)}`), oldOf.push(0));
    if (i === oldLines.length) break;
    if (r.chance(0.12)) continue; // deleted
    if (r.chance(0.08)) newLines.push(`changed ${r.int(0, 99)}`), oldOf.push(0);
    else newLines.push(oldLines[i]), oldOf.push(i + 1);
  }
  const eol = (lines: string[], last: boolean) => lines.map((l, i) => (i < lines.length - 1 || last ? `${l}\n` : l)).join("");
  const oldText = eol(oldLines, r.chance(0.8));
  const newText = eol(newLines, r.chance(0.8));
  const spans: SymbolSpan[] = [];
  for (let k = r.int(0, 5); k > 0; k--) {
    const s: SymbolSpan = { name: `sym${spans.length}` };
    if (oldLines.length && r.chance(0.7)) {
      const a = r.int(1, oldLines.length);
      s.old = [a, Math.min(oldLines.length, a + r.int(0, 8))];
    }
    if (newLines.length && r.chance(0.7)) {
      const a = r.int(1, newLines.length);
      s.new = [a, Math.min(newLines.length, a + r.int(0, 8))];
    }
    spans.push(s);
  }
  return { oldText, newText, spans };
}

/** Apply hunks at exactly the positions they give, checking every context and removed line. */
function applyStrict(oldText: string, hunks: Hunk[]): string {
  const old = splitKeepingBreaks(oldText);
  const out: string[] = [];
  let pos = 0; // old lines consumed
  for (const h of hunks) {
    const start = h.oldCount ? h.oldStart - 1 : h.oldStart;
    expect(start).toBeGreaterThanOrEqual(pos);
    out.push(...old.slice(pos, start));
    pos = start;
    for (const l of h.lines) {
      const text = l.text + (l.noNewline ? "" : "\n");
      if (l.op !== "+") {
        expect(old[pos]).toBe(text);
        pos++;
      }
      if (l.op !== "-") out.push(text);
    }
  }
  out.push(...old.slice(pos));
  return out.join("");
}

function checkShape(oldText: string, hunks: Hunk[]) {
  const oldCount = splitKeepingBreaks(oldText).length;
  let lastEnd = 0;
  for (const h of hunks) {
    expect(h.lines.some((l) => l.op !== " ")).toBe(true);
    const start = h.oldCount ? h.oldStart : h.oldStart + 1;
    expect(start).toBeGreaterThan(lastEnd);
    lastEnd = h.oldStart + h.oldCount - (h.oldCount ? 1 : 0);
    const endsFile = h.oldStart + h.oldCount - (h.oldCount ? 1 : 0) >= oldCount;
    if (!endsFile) expect(h.lines[h.lines.length - 1].op).toBe(" ");
    expect(h.lines.filter((l) => l.op !== "+").length).toBe(h.oldCount);
    expect(h.lines.filter((l) => l.op !== "-").length).toBe(h.newCount);
  }
}

test("random edits: hunks apply back exactly, never overlap, keep trailing context", () => {
  for (let seed = 1; seed <= 400; seed++) {
    const c = randomCase(seed);
    const hunks = symbolHunks(c.oldText, c.newText, c.spans);
    checkShape(c.oldText, hunks);
    expect(applyStrict(c.oldText, hunks)).toBe(c.newText);
    if (c.oldText === c.newText) expect(hunks).toEqual([]);
  }
});

test("a changed symbol's edits are in exactly one hunk, which names it unless a wider symbol there covers it", () => {
  const text = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => `${f(i + 1)}\n`).join("");
  const oldText = text(30, (i) => `line ${i}`);
  const newText = text(30, (i) => (i === 5 || i === 9 || i === 20 ? `edited ${i}` : `line ${i}`));
  const hunks = symbolHunks(oldText, newText, [
    { name: "A", old: [4, 10], new: [4, 10] },
    { name: "A.inner", old: [9, 10], new: [9, 10] },
    { name: "B", old: [18, 22], new: [18, 22] },
    { name: "untouched", old: [25, 28], new: [25, 28] },
  ]);
  expect(hunks.map((h) => h.names)).toEqual([["A"], ["B"]]);
  expect([hunks[0].oldStart, hunks[0].oldCount]).toEqual([1, 13]); // 3 lines of context before, 3 after the symbol
  expect([hunks[1].oldStart, hunks[1].oldCount]).toEqual([15, 11]);
  // Two symbols with one unchanged line between: separate hunks, the line is the first one's context.
  const two = symbolHunks("a\nb\nc\n", "A\nb\nC\n", [{ name: "x", old: [1, 1], new: [1, 1] }, { name: "y", old: [3, 3], new: [3, 3] }]);
  expect(two.map((h) => [h.names, h.oldStart, h.oldCount, h.lines.map((l) => l.op + l.text)])).toEqual([
    [["x"], 1, 2, ["-a", "+A", " b"]],
    [["y"], 3, 1, ["-c", "+C"]],
  ]);
});

test("git apply takes the hunks of random edits", () => {
  const dir = tempDir("ast-outline-hunks-");
  try {
    const git = (...args: string[]) => spawnSync("git", args, { cwd: dir.path, encoding: "utf8" });
    git("init", "-q");
    for (let seed = 1000; seed < 1040; seed++) {
      const c = randomCase(seed);
      if (c.oldText === c.newText) continue;
      const hunks = symbolHunks(c.oldText, c.newText, c.spans);
      writeFileSync(join(dir.path, "f.txt"), c.oldText, "latin1");
      let patch = "diff --git a/f.txt b/f.txt\n--- a/f.txt\n+++ b/f.txt\n";
      for (const h of hunks) {
        patch += `@@ -${h.oldStart},${h.oldCount} +${h.newStart},${h.newCount} @@ ${h.names.join(", ")}\n`;
        for (const l of h.lines) patch += `${l.op}${l.text}\n${l.noNewline ? "\\ No newline at end of file\n" : ""}`;
      }
      writeFileSync(join(dir.path, "p.diff"), patch, "latin1");
      const r = git("apply", "p.diff");
      expect(`seed ${seed}: ${r.stderr}`).toBe(`seed ${seed}: `);
      expect(spawnSync("cat", ["f.txt"], { cwd: dir.path, encoding: "latin1" }).stdout).toBe(c.newText);
    }
  } finally {
    dir.cleanup();
  }
});
