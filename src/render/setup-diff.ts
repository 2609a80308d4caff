// `setup --dry-run`: what would change in one file, as a unified diff (3 lines of context).
import { diffLines } from "../core/diff/lines.ts";

const CONTEXT = 3;

function splitLines(text: string | null): string[] {
  if (text === null || text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

export function unifiedDiff(file: string, before: string | null, after: string | null): string {
  const a = splitLines(before);
  const b = splitLines(after);
  const { deleted, inserted } = diffLines(a, b);
  // The whole walk as operations, then hunks around the changed ones.
  const ops: { op: " " | "-" | "+"; text: string; ai: number; bi: number }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && deleted.has(i + 1)) ops.push({ op: "-", text: a[i], ai: i++, bi: j });
    else if (j < b.length && inserted.has(j + 1)) ops.push({ op: "+", text: b[j], ai: i, bi: j++ });
    else ops.push({ op: " ", text: a[i], ai: i++, bi: j++ });
  }
  const noEol = (text: string | null) => text !== null && text !== "" && !text.endsWith("\n");
  const out = [`--- ${before === null ? "/dev/null" : `a/${file}`}`, `+++ ${after === null ? "/dev/null" : `b/${file}`}`];
  const changed = ops.flatMap((o, k) => (o.op === " " ? [] : [k]));
  const groups: [number, number][] = [];
  for (const k of changed) {
    const last = groups[groups.length - 1];
    if (last && k - last[1] <= 2 * CONTEXT + 1) last[1] = k;
    else groups.push([k, k]);
  }
  for (const [first, lastChange] of groups) {
    const hunk = ops.slice(Math.max(0, first - CONTEXT), Math.min(ops.length, lastChange + CONTEXT + 1));
    const aCount = hunk.filter((o) => o.op !== "+").length;
    const bCount = hunk.filter((o) => o.op !== "-").length;
    const aStart = aCount ? hunk.find((o) => o.op !== "+")!.ai + 1 : hunk[0].ai;
    const bStart = bCount ? hunk.find((o) => o.op !== "-")!.bi + 1 : hunk[0].bi;
    out.push(`@@ -${aStart},${aCount} +${bStart},${bCount} @@`);
    for (const o of hunk) {
      out.push(`${o.op}${o.text}`);
      const lastOf = o.op === "+" ? o.bi === b.length - 1 && noEol(after) : o.ai === a.length - 1 && noEol(before);
      if (lastOf) out.push("\\ No newline at end of file");
    }
  }
  return `${out.join("\n")}\n`;
}
