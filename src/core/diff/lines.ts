// A line diff (Myers' O(ND) algorithm) giving the old lines deleted and the new lines inserted,
// which is all the anchors need. Pure.

export interface LineDiff {
  /** 1-based old line numbers not kept. */
  deleted: Set<number>;
  /** 1-based new line numbers not kept. */
  inserted: Set<number>;
}

/** Beyond this many edits the middle is reported as replaced wholesale (bounded memory). */
const MAX_EDITS = 4000;

export function diffLines(a: string[], b: string[]): LineDiff {
  const deleted = new Set<number>();
  const inserted = new Set<number>();
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const A = a.slice(pre, a.length - suf);
  const B = b.slice(pre, b.length - suf);
  const keptA = new Set<number>();
  const keptB = new Set<number>();
  for (const [i, j] of commonPairs(A, B)) {
    keptA.add(i);
    keptB.add(j);
  }
  for (let i = 0; i < A.length; i++) if (!keptA.has(i)) deleted.add(pre + i + 1);
  for (let j = 0; j < B.length; j++) if (!keptB.has(j)) inserted.add(pre + j + 1);
  return { deleted, inserted };
}

/** Index pairs of a longest common subsequence (Myers), or none past MAX_EDITS. */
function commonPairs(A: string[], B: string[]): [number, number][] {
  const n = A.length;
  const m = B.length;
  if (!n || !m) return [];
  const ids = new Map<string, number>();
  const id = (s: string) => {
    let v = ids.get(s);
    if (v === undefined) ids.set(s, (v = ids.size));
    return v;
  };
  const a = A.map(id);
  const b = B.map(id);
  const max = Math.min(n + m, MAX_EDITS);
  const off = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    // Only diagonals -d-1..d+1 are read when backtracking from step d: keep that window (O(D^2) memory).
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1] : v[off + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a.length, b.length, d);
    }
  }
  return [];
}

function backtrack(trace: Int32Array[], n: number, m: number, dEnd: number): [number, number][] {
  const pairs: [number, number][] = [];
  let x = n;
  let y = m;
  for (let d = dEnd; d >= 0; d--) {
    const v = trace[d];
    const at = (k: number) => v[k + d + 1]; // the window starts at diagonal -d-1
    const k = x - y;
    let prevK: number;
    if (d === 0) prevK = k;
    else prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      pairs.push([x, y]);
    }
    if (d > 0) {
      x = prevX;
      y = prevY;
    }
  }
  return pairs.reverse();
}

/**
 * The lines of each side whose comments the diff must know: the changed ones, and the kept
 * line on either side of every hunk, on both sides even where the hunk is empty on one. A
 * comment that encloses a hunk (a line added inside a doc block) then reaches those lines on
 * both sides, so it is blanked on both or on neither.
 */
export function commentLines(d: LineDiff, oldCount: number, newCount: number): { old: Set<number>; new: Set<number> } {
  const old = new Set(d.deleted);
  const neu = new Set(d.inserted);
  for (const h of hunks(d, oldCount, newCount)) {
    for (const l of [h.oldStart - 1, h.oldEnd]) if (l >= 1 && l <= oldCount) old.add(l);
    for (const l of [h.newStart - 1, h.newEnd]) if (l >= 1 && l <= newCount) neu.add(l);
  }
  return { old, new: neu };
}

/** A run of changed lines: old lines [oldStart, oldEnd) deleted, new lines [newStart, newEnd) inserted (either may be empty). */
export interface Hunk {
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

/** The hunks of a line diff, top to bottom (1-based line numbers). */
export function* hunks(d: LineDiff, oldCount: number, newCount: number): Generator<Hunk> {
  let i = 1;
  let j = 1;
  while (i <= oldCount || j <= newCount) {
    if (!d.deleted.has(i) && !d.inserted.has(j)) {
      i++;
      j++;
      continue;
    }
    const [i0, j0] = [i, j];
    while (d.deleted.has(i)) i++;
    while (d.inserted.has(j)) j++;
    yield { oldStart: i0, oldEnd: i, newStart: j0, newEnd: j };
  }
}
