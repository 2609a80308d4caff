// Call sites that switched names: where the line diff replaced a line by one that differs only in
// identifiers (`total = compute_total(x)` -> `total = order_total(x)`), each old identifier
// stands for the new one there. A refactoring detector reads this as evidence that the removed
// `compute_total` and the added `order_total` are one symbol. Pure.
import { hunks, type LineDiff } from "./lines.ts";
import { TOKEN } from "./tokens.ts";

/** At most this many identifiers may differ in one line pair (more is a rewrite, not a rename). */
const MAX_SWITCHES = 2;
/** Lines compared per hunk, from its top and from its bottom (a bound on rewritten files). */
const MAX_PER_HUNK = 400;

const IDENT = /^[A-Za-z_$\u00c0-\uffff]/;

/** Where old name `a` became new name `b` (old path and line), by key `a\0b`; and what each old name became. */
export interface Switches {
  at: Map<string, { path: string; line: number }[]>;
  to: Map<string, Set<string>>;
}

export const switchKey = (a: string, b: string) => `${a}\0${b}`;

export const noSwitches = (): Switches => ({ at: new Map(), to: new Map() });

/**
 * Add the switches of one file's diff: in every hunk, the deleted and inserted lines at the same
 * offset from its top, and from its bottom, whose tokens differ only in identifiers.
 */
export function addSwitches(into: Switches, oldPath: string, oldLines: string[], newLines: string[], d: LineDiff): void {
  for (const h of hunks(d, oldLines.length, newLines.length)) {
    const [nd, ni] = [h.oldEnd - h.oldStart, h.newEnd - h.newStart];
    if (!nd || !ni) continue;
    const seen = new Set<string>();
    const compare = (a: number, b: number) => {
      const k = `${a}:${b}`;
      if (seen.has(k)) return;
      seen.add(k);
      for (const [from, to] of lineSwitches(oldLines[a - 1], newLines[b - 1])) {
        const key = switchKey(from, to);
        const at = into.at.get(key);
        if (at) at.push({ path: oldPath, line: a });
        else into.at.set(key, [{ path: oldPath, line: a }]);
        const targets = into.to.get(from);
        if (targets) targets.add(to);
        else into.to.set(from, new Set([to]));
      }
    };
    const n = Math.min(nd, ni, MAX_PER_HUNK);
    for (let k = 0; k < n; k++) compare(h.oldStart + k, h.newStart + k);
    if (nd !== ni) for (let k = 1; k <= n; k++) compare(h.oldEnd - k, h.newEnd - k);
  }
}

/** The identifier switches that turn line `a` into line `b`, or none when anything else differs too. */
function lineSwitches(a: string, b: string): [string, string][] {
  if (a === b) return [];
  const ta = a.match(TOKEN) ?? [];
  const tb = b.match(TOKEN) ?? [];
  if (ta.length !== tb.length || !ta.length) return [];
  const out = new Map<string, [string, string]>();
  for (let k = 0; k < ta.length; k++) {
    if (ta[k] === tb[k]) continue;
    if (!IDENT.test(ta[k]) || !IDENT.test(tb[k])) return [];
    out.set(switchKey(ta[k], tb[k]), [ta[k], tb[k]]);
    if (out.size > MAX_SWITCHES) return [];
  }
  return [...out.values()];
}
