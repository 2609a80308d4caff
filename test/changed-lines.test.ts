// The line diff keeps a longest common subsequence (checked against a DP on random inputs).
import { expect, test } from "bun:test";
import { diffLines } from "../src/core/diff/lines.ts";

function lcs(a: string[], b: string[]): number {
  const t = Array.from({ length: a.length + 1 }, () => new Array(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) t[i][j] = a[i] === b[j] ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1]);
  return t[0][0];
}

test("kept lines form a longest common subsequence, in order and equal", () => {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let round = 0; round < 300; round++) {
    const a = Array.from({ length: Math.floor(rnd() * 30) }, () => "abcde"[Math.floor(rnd() * 5)]);
    const b = Array.from({ length: Math.floor(rnd() * 30) }, () => "abcde"[Math.floor(rnd() * 5)]);
    const { deleted, inserted } = diffLines(a, b);
    const keptA = a.filter((_, i) => !deleted.has(i + 1));
    const keptB = b.filter((_, i) => !inserted.has(i + 1));
    expect(keptA).toEqual(keptB);
    expect(keptA.length).toBe(lcs(a, b));
  }
});
