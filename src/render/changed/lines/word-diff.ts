// A word diff of two one-line headers (signatures): which tokens were kept, removed, added. A
// token is a run of word characters, a run of whitespace, or one other character, so `(a, b)`
// to `(a, b, c)` is the insertion of `, c`, not a rewrite of the whole line. Pure.

export interface Piece {
  op: "same" | "old" | "new";
  text: string;
}

const TOKEN = /[\p{L}\p{N}_$]+|\s+|[^\p{L}\p{N}_$\s]/gu;

export function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/**
 * The pieces of `a` → `b` in order: kept text, removed text, added text (a removal before the
 * addition that replaces it). Longest common subsequence of the tokens between the common
 * prefix and suffix; headers are cut to a few hundred characters before they get here.
 */
export function wordDiff(a: string, b: string): Piece[] {
  const x = tokens(a);
  const y = tokens(b);
  let pre = 0;
  while (pre < x.length && pre < y.length && x[pre] === y[pre]) pre++;
  let suf = 0;
  while (suf < x.length - pre && suf < y.length - pre && x[x.length - 1 - suf] === y[y.length - 1 - suf]) suf++;
  const xs = x.slice(pre, x.length - suf);
  const ys = y.slice(pre, y.length - suf);
  // lcs[i][j]: the longest common subsequence of xs[i..] and ys[j..].
  const lcs = Array.from({ length: xs.length + 1 }, () => new Uint16Array(ys.length + 1));
  for (let i = xs.length - 1; i >= 0; i--) {
    for (let j = ys.length - 1; j >= 0; j--) lcs[i][j] = xs[i] === ys[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const out: Piece[] = [];
  const push = (op: Piece["op"], text: string) => {
    const last = out[out.length - 1];
    if (last?.op === op) last.text += text;
    else out.push({ op, text });
  };
  if (pre) push("same", x.slice(0, pre).join(""));
  let i = 0;
  let j = 0;
  // Removals and additions between two kept tokens are gathered, so each gap reads `~~old~~ **new**`.
  let gapOld = "";
  let gapNew = "";
  const flush = () => {
    if (gapOld) push("old", gapOld);
    if (gapNew) push("new", gapNew);
    gapOld = gapNew = "";
  };
  while (i < xs.length || j < ys.length) {
    if (i < xs.length && j < ys.length && xs[i] === ys[j]) {
      flush();
      push("same", xs[i]);
      i++;
      j++;
    } else if (j >= ys.length || (i < xs.length && lcs[i + 1][j] >= lcs[i][j + 1])) gapOld += xs[i++];
    else gapNew += ys[j++];
  }
  flush();
  if (suf) push("same", x.slice(x.length - suf).join(""));
  return joinNearChanges(out);
}

/**
 * Two changes with only whitespace kept between them are one change (`factor = 2` to
 * `factor: number` reads `~~ = 2~~ **: number**`, not four marks around single tokens).
 */
function joinNearChanges(pieces: Piece[]): Piece[] {
  // Runs of changes: [old, new] per gap, kept text between.
  const groups: ({ same: string } | { old: string; new: string })[] = [];
  for (const p of pieces) {
    const last = groups[groups.length - 1];
    if (p.op === "same") groups.push({ same: p.text });
    else if (last && !("same" in last)) last[p.op] += p.text;
    else groups.push(p.op === "old" ? { old: p.text, new: "" } : { old: "", new: p.text });
  }
  for (let i = 1; i + 1 < groups.length; i++) {
    const [a, mid, b] = [groups[i - 1], groups[i], groups[i + 1]];
    if ("same" in mid && !mid.same.trim() && !("same" in a) && !("same" in b)) {
      groups.splice(i - 1, 3, { old: a.old + mid.same + b.old, new: a.new + mid.same + b.new });
      i--;
    }
  }
  return groups.flatMap((g): Piece[] =>
    "same" in g ? [{ op: "same", text: g.same }] : [...(g.old ? [{ op: "old" as const, text: g.old }] : []), ...(g.new ? [{ op: "new" as const, text: g.new }] : [])],
  );
}
