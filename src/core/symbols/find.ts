// Resolving a user's name to symbols: exact qualified name, then exact name, then a unique
// suffix of the qualified name (`send` or `Notifier.send` for `Outer.Notifier.send`).
import type { OutlineSymbol } from "../types.ts";

export function flatten(symbols: OutlineSymbol[], out: OutlineSymbol[] = []): OutlineSymbol[] {
  for (const s of symbols) {
    out.push(s);
    if (s.children) flatten(s.children, out);
  }
  return out;
}

export type Resolution =
  /** Several only when they share one qualified name (overloads, property getter/setter). */
  | { status: "found"; symbols: OutlineSymbol[] }
  | { status: "ambiguous"; candidates: OutlineSymbol[] }
  | { status: "missing"; suggestions: OutlineSymbol[] };

/**
 * `Foo::bar`, `Foo#bar`, `Foo->bar` are accepted for `Foo.bar`; a `#` that starts a name
 * (`#dispatch`, `Hono.#dispatch`: a JavaScript private member) is part of the name.
 */
export function normalizeQuery(query: string): string {
  // A part quoted as in the source (`my test`) is the name inside the quotes (quoted-names.ts).
  return query.trim().replace(/::|(?<=[^.\s])#|->/g, ".").replace(/\(\)$/, "").replace(/(^|\.)`([^`]+)`(?=\.|$)/g, "$1$2");
}

export function resolveSymbol(symbols: OutlineSymbol[], rawQuery: string): Resolution {
  const all = flatten(symbols);
  const query = normalizeQuery(rawQuery);
  const tiers: ((s: OutlineSymbol) => boolean)[] = [
    (s) => s.qualifiedName === query,
    (s) => s.name === query,
    (s) => s.qualifiedName.endsWith(`.${query}`),
  ];
  for (const test of tiers) {
    const hits = all.filter(test);
    if (!hits.length) continue;
    if (hits.every((h) => h.qualifiedName === hits[0].qualifiedName)) return { status: "found", symbols: hits };
    return { status: "ambiguous", candidates: hits };
  }
  const lower = query.toLowerCase();
  const suggestions = all.filter((s) => s.qualifiedName.toLowerCase().includes(lower)).slice(0, 10);
  return { status: "missing", suggestions };
}

/** The symbols from the top level down to `target`, by identity. */
export function symbolChain(symbols: OutlineSymbol[], target: OutlineSymbol): OutlineSymbol[] | undefined {
  for (const s of symbols) {
    if (s === target) return [s];
    const sub = s.children && symbolChain(s.children, target);
    if (sub) return [s, ...sub];
  }
  return undefined;
}
