// What setup changed in a file, kept so that --uninstall can give back the bytes it found: the
// smallest span that changed, widened until the new text holds it exactly once. Pure.

export interface Splice {
  /** The original text of the span. */
  before: string;
  /** What setup wrote there. */
  after: string;
}

const count = (text: string, part: string) => {
  if (!part) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (let i = text.indexOf(part); i >= 0 && n < 2; i = text.indexOf(part, i + 1)) n++;
  return n;
};

export function spliceOf(old: string, next: string): Splice {
  let pre = 0;
  while (pre < old.length && pre < next.length && old[pre] === next[pre]) pre++;
  let suf = 0;
  while (suf < old.length - pre && suf < next.length - pre && old[old.length - 1 - suf] === next[next.length - 1 - suf]) suf++;
  // Widen by whole lines of context on both sides until the span is unique in the new text.
  for (;;) {
    const after = next.slice(pre, next.length - suf);
    if (count(next, after) === 1 || (pre === 0 && suf === 0)) return { before: old.slice(pre, old.length - suf), after };
    if (pre > 0) pre = Math.max(0, old.lastIndexOf("\n", pre - 2) + 1);
    if (suf > 0) {
      const cut = next.length - suf;
      const nl = next.indexOf("\n", cut + 1);
      suf = nl < 0 ? 0 : next.length - (nl + 1);
    }
  }
}

/** The text with the splice undone, or undefined when what setup wrote is no longer there exactly once. */
export function undoSplice(text: string, s: Splice): string | undefined {
  if (s.after === text) return s.before;
  if (count(text, s.after) !== 1) return undefined;
  const at = text.indexOf(s.after);
  return text.slice(0, at) + s.before + text.slice(at + s.after.length);
}
