// Token evidence for pairing a removed symbol with an added one: its code as tokens with its own
// name abstracted (a rename leaves the rest of the text as it was, recursion included), compared
// as multisets of token bigrams. Pure.

/** Identifiers, numbers, one-line string literals, and every other non-space character alone. */
export const TOKEN = /[A-Za-z_$\u00c0-\uffff][\w$\u00c0-\uffff]*|\d[\w.]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`|\S/g;
/** What the symbol's own name becomes. */
export const SELF = "\u0001";

export function tokenize(lines: string[], ownName: string): string[] {
  const out: string[] = [];
  // The own name quoted is the name too (HCL `module "vpc"`, a quoted key or property).
  const quoted = new Set([`"${ownName}"`, `'${ownName}'`, `\`${ownName}\``]);
  for (const line of lines) for (const m of line.matchAll(TOKEN)) out.push(m[0] === ownName || quoted.has(m[0]) ? SELF : m[0]);
  return out;
}

/** A multiset of token bigrams (a lone token counts as one). */
export interface Shingles {
  counts: Map<string, number>;
  size: number;
}

export function shingles(tokens: string[]): Shingles {
  const counts = new Map<string, number>();
  if (tokens.length === 1) counts.set(tokens[0], 1);
  for (let i = 1; i < tokens.length; i++) {
    const k = tokens[i - 1] + " " + tokens[i];
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return { counts, size: Math.max(0, tokens.length - 1) || tokens.length };
}

/** Dice coefficient of two multisets. */
export function dice(a: Shingles, b: Shingles): number {
  if (!a.size && !b.size) return 1;
  const [small, large] = a.counts.size <= b.counts.size ? [a, b] : [b, a];
  let common = 0;
  for (const [k, c] of small.counts) {
    const d = large.counts.get(k);
    if (d) common += Math.min(c, d);
  }
  return (2 * common) / (a.size + b.size);
}

/** The words of an identifier: camelCase, snake_case, digits split, lower-cased. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+|(?<=\D)(?=\d)|(?<=\d)(?=\D)/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** How alike two names are: 1 when equal, else the Dice coefficient of their words. */
export function nameSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const wa = words(a);
  const wb = words(b);
  if (!wa.length || !wb.length) return 0;
  const left = [...wb];
  let common = 0;
  for (const w of wa) {
    const i = left.indexOf(w);
    if (i >= 0) {
      common++;
      left.splice(i, 1);
    }
  }
  return (2 * common) / (wa.length + wb.length);
}
