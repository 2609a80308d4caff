// Comparing our outline with a reference parser's definitions (CPython `ast`, the TypeScript
// compiler): recall by qualified name, then exact line-range agreement of the matched pairs.
// Shared by the conformance tests (a fixed set of files) and bench/ (whole code bases).
import { flatten } from "../../src/core/symbols/find.ts";
import type { OutlineSymbol, SymbolKind } from "../../src/core/types.ts";

/** One definition as the reference parser sees it. */
export interface RefDef {
  name: string; // qualified name
  start: number;
  end: number;
  /** The reference parser's word for what it is (`ClassDeclaration`, `def`), for reports. */
  kind?: string;
}

export interface Miss {
  path: string;
  ref: RefDef;
  /** Our candidates with the same qualified name or the same start line, for the report. */
  near: string[];
}

export interface RangeDiff {
  path: string;
  ref: RefDef;
  ours: { start: number; end: number };
}

export interface Tally {
  files: number;
  total: number;
  found: number;
  exact: number;
  misses: Miss[];
  rangeDiffs: RangeDiff[];
  /** Ours compared (for precision: found / ours). */
  ours: number;
  /** Ours no reference definition was paired with. */
  extras: { path: string; ours: RefDef }[];
}

export function emptyTally(): Tally {
  return { files: 0, total: 0, found: 0, exact: 0, misses: [], rangeDiffs: [], ours: 0, extras: [] };
}

/** Our symbols of the given kinds, flattened, as reference-shaped records. */
export function ourDefs(symbols: OutlineSymbol[], kinds: readonly SymbolKind[]): RefDef[] {
  return flatten(symbols)
    .filter((s) => kinds.includes(s.kind))
    .map((s) => ({ name: s.qualifiedName, start: s.startLine, end: s.endLine, kind: s.kind }));
}

/**
 * Pair each reference definition with one of ours of the same qualified name: first those that
 * agree exactly, then those that start on the same line, then the nearest (a name can repeat:
 * overloads, property getter/setter, a def redefined under `if`).
 */
export function compareFile(path: string, refs: RefDef[], ours: RefDef[], into: Tally): void {
  into.files++;
  into.total += refs.length;
  into.ours += ours.length;
  const byName = new Map<string, RefDef[]>();
  for (const d of ours) {
    const list = byName.get(d.name) ?? [];
    list.push(d);
    byName.set(d.name, list);
  }
  const pending = new Set(refs);
  const take = (ref: RefDef, pick: (c: RefDef) => boolean) => {
    const list = byName.get(ref.name);
    const i = list?.findIndex(pick) ?? -1;
    if (i < 0) return undefined;
    pending.delete(ref);
    return list!.splice(i, 1)[0];
  };
  for (const ref of refs) {
    if (take(ref, (c) => c.start === ref.start && c.end === ref.end)) {
      into.found++;
      into.exact++;
    }
  }
  const passes: ((ref: RefDef) => (c: RefDef) => boolean)[] = [
    (ref) => (c) => c.start === ref.start,
    (ref) => (c) => c.end === ref.end,
    () => () => true,
  ];
  for (const pass of passes) {
    for (const ref of [...pending]) {
      const got = take(ref, pass(ref));
      if (!got) continue;
      into.found++;
      into.rangeDiffs.push({ path, ref, ours: { start: got.start, end: got.end } });
    }
  }
  for (const list of byName.values()) for (const d of list) into.extras.push({ path, ours: d });
  for (const ref of pending) {
    const near = ours.filter((d) => d.start === ref.start || d.name.endsWith(`.${ref.name.split(".").pop()}`) || d.name === ref.name);
    into.misses.push({ path, ref, near: near.slice(0, 3).map((d) => `${d.name} ${d.start}-${d.end}`) });
  }
}

export function recall(t: Tally): number {
  return t.total ? t.found / t.total : 1;
}

/** Exact ranges among the definitions found. */
export function exactRate(t: Tally): number {
  return t.found ? t.exact / t.found : 1;
}

/** Ours that a reference definition was paired with. */
export function precision(t: Tally): number {
  return t.ours ? t.found / t.ours : 1;
}

export function pct(x: number): string {
  return `${(x * 100).toFixed(2)}%`;
}

export function summary(t: Tally): string {
  return `${t.files} files, ${t.total} definitions: recall ${pct(recall(t))} (${t.found}), exact ranges ${pct(exactRate(t))} (${t.exact}/${t.found})`;
}

/** With precision too, and our definitions no reference has. */
export function summaryWithPrecision(t: Tally): string {
  return `${summary(t)}, precision ${pct(precision(t))} (${t.found}/${t.ours})`;
}

/** The first `limit` misses and range disagreements, one a line (and extras, when `extras`). */
export function report(t: Tally, limit = 40, extras = false): string {
  const lines = [extras ? summaryWithPrecision(t) : summary(t)];
  for (const m of t.misses.slice(0, limit)) lines.push(`  miss  ${m.path}:${m.ref.start}-${m.ref.end} ${m.ref.name}${m.ref.kind ? ` (${m.ref.kind})` : ""}${m.near.length ? `  (ours: ${m.near.join(", ")})` : ""}`);
  if (t.misses.length > limit) lines.push(`  ... ${t.misses.length - limit} more misses`);
  for (const d of t.rangeDiffs.slice(0, limit)) lines.push(`  range ${d.path} ${d.ref.name}: reference ${d.ref.start}-${d.ref.end}, ours ${d.ours.start}-${d.ours.end}`);
  if (t.rangeDiffs.length > limit) lines.push(`  ... ${t.rangeDiffs.length - limit} more range disagreements`);
  if (extras) {
    for (const e of t.extras.slice(0, limit)) lines.push(`  extra ${e.path}:${e.ours.start}-${e.ours.end} ${e.ours.name}`);
    if (t.extras.length > limit) lines.push(`  ... ${t.extras.length - limit} more extras`);
  }
  return lines.join("\n");
}
