// Unified-diff hunks cut on symbol boundaries: one hunk per changed symbol spanning the whole
// symbol (every edit inside it in the one hunk), edits outside every symbol as plain hunks with
// up to 3 lines of context. Pure: lines in, hunks out.
//
// What `git apply` needs holds for every hunk: hunks never overlap, and each has at least one
// line of context after it unless it ends at the bottom of the file (a hunk without trailing
// context must match at the end of the file; leading context may be empty). So the unchanged
// lines between two hunks are shared out, and hunks with no unchanged line between them are one
// hunk (a new function right after another new one shares its hunk, and the header names both).
import { diffLines } from "../../../core/diff/lines.ts";

export const CONTEXT = 3;

/** A changed symbol's lines: on the old side, the new side, or both (1-based, inclusive). */
export interface SymbolSpan {
  name: string;
  old?: [number, number];
  new?: [number, number];
}

export interface HunkLine {
  op: " " | "-" | "+";
  /** The line's text without its line break. */
  text: string;
  /** The file's last line, with no line break after it. */
  noNewline: boolean;
}

export interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  /** The outermost symbols the hunk covers, in order; empty for a plain hunk. */
  names: string[];
  lines: HunkLine[];
}

interface Op {
  op: " " | "-" | "+";
  oldNo: number; // the old line (for "+", the old lines before it)
  newNo: number;
  text: string;
  noNewline: boolean;
}

interface Group {
  a: number;
  b: number;
  spans: { name: string; a: number; b: number }[];
}

/** Lines with their terminator kept: a last line without `\n` differs from the same text with one. */
export function splitKeepingBreaks(text: string): string[] {
  const out: string[] = [];
  let pos = 0;
  while (pos < text.length) {
    const nl = text.indexOf("\n", pos);
    const end = nl === -1 ? text.length : nl + 1;
    out.push(text.slice(pos, end));
    pos = end;
  }
  return out;
}

export function symbolHunks(oldText: string, newText: string, symbols: SymbolSpan[], context = CONTEXT): Hunk[] {
  const a = splitKeepingBreaks(oldText);
  const b = splitKeepingBreaks(newText);
  const ops = alignment(a, b);
  const groups = mergeOverlapping([...symbolGroups(ops, symbols), ...plainGroups(ops)]);
  return withContext(ops, groups, context).map(({ from, to, spans }) => hunk(ops, from, to, spans));
}

function alignment(a: string[], b: string[]): Op[] {
  const { deleted, inserted } = diffLines(a, b);
  const ops: Op[] = [];
  const op = (kind: Op["op"], raw: string | undefined, oldNo: number, newNo: number): Op => {
    if (raw === undefined) throw new Error("line diff out of step with the lines");
    const noNewline = !raw.endsWith("\n");
    return { op: kind, oldNo, newNo, text: noNewline ? raw : raw.slice(0, -1), noNewline };
  };
  let i = 1;
  let j = 1;
  while (i <= a.length || j <= b.length) {
    if (i <= a.length && deleted.has(i)) ops.push(op("-", a[i - 1], i++, j - 1));
    else if (j <= b.length && inserted.has(j)) ops.push(op("+", b[j - 1], i - 1, j++));
    else ops.push(op(" ", a[i - 1], i++, j++));
  }
  return ops;
}

/** The ops a symbol's lines cover (both sides, and what lies between), if any of them changed. */
function symbolGroups(ops: Op[], symbols: SymbolSpan[]): Group[] {
  const atOld: number[] = [];
  const atNew: number[] = [];
  ops.forEach((o, k) => {
    if (o.op !== "+") atOld[o.oldNo] = k;
    if (o.op !== "-") atNew[o.newNo] = k;
  });
  const groups: Group[] = [];
  for (const s of symbols) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const [range, at] of [[s.old, atOld], [s.new, atNew]] as const) {
      if (!range) continue;
      for (let line = range[0]; line <= range[1]; line++) {
        const k = at[line];
        if (k === undefined) continue;
        lo = Math.min(lo, k);
        hi = Math.max(hi, k);
      }
    }
    if (lo > hi) continue;
    let changed = false;
    for (let k = lo; k <= hi && !changed; k++) changed = ops[k].op !== " ";
    if (changed) groups.push({ a: lo, b: hi, spans: [{ name: s.name, a: lo, b: hi }] });
  }
  return groups;
}

/** Every changed op as its own group; merging joins runs and drops those a symbol covers. */
function plainGroups(ops: Op[]): Group[] {
  const out: Group[] = [];
  ops.forEach((o, k) => {
    if (o.op !== " ") out.push({ a: k, b: k, spans: [] });
  });
  return out;
}

function mergeOverlapping(groups: Group[]): Group[] {
  groups.sort((x, y) => x.a - y.a || y.b - x.b);
  const out: Group[] = [];
  for (const g of groups) {
    const last = out[out.length - 1];
    // Touching groups merge too: nothing unchanged between them to serve as context.
    if (last && g.a <= last.b + 1) {
      last.b = Math.max(last.b, g.b);
      last.spans.push(...g.spans);
    } else out.push({ a: g.a, b: g.b, spans: [...g.spans] });
  }
  return out;
}

/**
 * Context around each group. Between two groups the unchanged lines are shared out, the earlier
 * group's trailing context first (it must have one line); groups with nothing between them merge.
 */
function withContext(ops: Op[], groups: Group[], context: number): { from: number; to: number; spans: Group["spans"] }[] {
  const merged: Group[] = [];
  for (const g of groups) {
    const last = merged[merged.length - 1];
    if (last && g.a - last.b - 1 < 1) {
      last.b = g.b;
      last.spans.push(...g.spans);
    } else merged.push({ ...g, spans: [...g.spans] });
  }
  const trailing = (g: Group, next: Group | undefined) => (next ? Math.min(context, Math.max(1, Math.floor((next.a - g.b - 1) / 2))) : Math.min(context, ops.length - 1 - g.b));
  return merged.map((g, n) => {
    const prev = merged[n - 1];
    const before = prev ? Math.min(context, g.a - prev.b - 1 - trailing(prev, g)) : Math.min(context, g.a);
    return { from: g.a - before, to: g.b + trailing(g, merged[n + 1]), spans: g.spans };
  });
}

function hunk(ops: Op[], from: number, to: number, spans: Group["spans"]): Hunk {
  const lines: HunkLine[] = [];
  let oldCount = 0;
  let newCount = 0;
  for (let k = from; k <= to; k++) {
    const o = ops[k];
    lines.push({ op: o.op, text: o.text, noNewline: o.noNewline });
    if (o.op !== "+") oldCount++;
    if (o.op !== "-") newCount++;
  }
  // A side with no lines in the hunk is placed after the line before it (0 at the top), as diff does.
  const firstOld = ops.slice(from, to + 1).find((o) => o.op !== "+");
  const firstNew = ops.slice(from, to + 1).find((o) => o.op !== "-");
  const oldStart = firstOld ? firstOld.oldNo : ops[from].oldNo;
  const newStart = firstNew ? firstNew.newNo : ops[from].newNo;
  return { oldStart, oldCount, newStart, newCount, names: outermost(spans), lines };
}

/** Names of the spans no other span of the hunk contains (a class, not each of its new methods). */
function outermost(spans: Group["spans"]): string[] {
  const kept = spans.filter((s, i) => !spans.some((t, j) => j !== i && t.a <= s.a && t.b >= s.b && (t.a < s.a || t.b > s.b || j < i)));
  return [...new Set(kept.sort((x, y) => x.a - y.a).map((s) => s.name))];
}
