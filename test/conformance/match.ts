// Matching one file's definitions from a second opinion (an "oracle": CPython `ast`, the
// TypeScript compiler, Universal Ctags, a line oracle) with the outline's, for the per-language
// conformance bench (bench/conformance.ts).
//
// A definition is found when one of ours has the same simple name (the last segment of a
// qualified name) and the oracle's line lies in our [startLine, name line] span: our startLine
// includes decorators, annotations and attributes, ctags and the line oracles give the name's
// line, `ast` and the TS compiler give the start. Each of ours matches one oracle definition.
// Its range is exact when the oracle has an end line and ours equals it (and, where the oracle
// has a start line too, the start equals ours).
import { flatten } from "../../src/core/symbols/find.ts";
import type { OutlineSymbol } from "../../src/core/types.ts";

export interface OracleDef {
  name: string;
  /** The oracle's own word for the kind (ctags' long kind name, `class`, `function`, ...). */
  kind: string;
  /** The line the oracle places the definition on (1-based): its name line, or its start. */
  line: number;
  /** The first line of the whole definition (decorators included), when the oracle knows it. */
  start?: number;
  /** The last line, when the oracle knows it. */
  end?: number;
}

export interface OurDef {
  name: string;
  kind: string;
  start: number;
  end: number;
  /** The first line in [start, end] that holds the name: the end of the window a match may lie in. */
  nameLine: number;
}

export interface FileMiss {
  def: OracleDef;
  /** The file's tree has an error at or before the definition's line. */
  afterError: boolean;
  /** The file's tree has an error somewhere (maybe later, inside the definition). */
  fileHasError: boolean;
  /** Ours with the same simple name, or on the same line, to help read the miss. */
  near: string[];
}

export interface FileScore {
  total: number;
  found: number;
  /** Found only because one of ours with the name holds the oracle's line (not in the name window). */
  loose: number;
  /** Found definitions whose oracle gives an end line. */
  ranged: number;
  exact: number;
  misses: FileMiss[];
  rangeDiffs: { def: OracleDef; ours: OurDef }[];
  /** The pairs the last pass made (`loose` of them). */
  looseMatches: { def: OracleDef; ours: OurDef }[];
}

/**
 * The last segment of a qualified name: `Foo::bar`, `a.b.c`, `Ns\Cls`, `M:fn`, `self.x` -> the
 * last part; a quoted last part is its text (`create."Program:exit"` -> `Program:exit`); C++
 * operators keep their symbol (`Foo::operator ==` -> `operator==`); a name of symbols only
 * (`==`, `..<`) is kept whole.
 */
export function simpleName(name: string): string {
  const n = name.trim();
  const quoted = /(["'])((?:(?!\1).)*)\1$/.exec(n);
  if (quoted) return quoted[2];
  const op = /(?:^|::|\.|\s)(operator(?![\w$])[^.]*)$/.exec(n);
  if (op) return op[1].replace(/\s+/g, "");
  if (!/[\w$]/.test(n)) return n;
  const parts = n.split(/::|[.\\:]/).filter(Boolean);
  return parts.length ? parts[parts.length - 1] : n;
}

/** Our symbols, flattened, each with its name line looked up in the file's lines (index 0 = line 1). */
export function ourDefsOf(symbols: OutlineSymbol[], lines: string[]): OurDef[] {
  return flatten(symbols).map((s) => ({
    name: s.name,
    kind: s.kind,
    start: s.startLine,
    end: s.endLine,
    nameLine: nameLine(lines, simpleName(s.name), s.startLine, s.endLine, s.signature),
  }));
}

const squash = (s: string) => s.replace(/\s+/g, "");

/**
 * The first line in [start, end] holding `name` (as a word when it is one), looked for from the
 * line the signature starts on (after annotations, which can name the definition too);
 * `start` when none does.
 */
export function nameLine(lines: string[], name: string, start: number, end: number, signature = ""): number {
  const last = Math.min(end, lines.length);
  const head = squash(signature.split("\n")[0]).slice(0, 24);
  let from = start;
  if (head) {
    for (let l = start; l <= last; l++) {
      if (squash(lines[l - 1]).includes(head)) {
        from = l;
        break;
      }
    }
  }
  return firstLineWith(lines, name, from, last) ?? firstLineWith(lines, name, start, last) ?? start;
}

function firstLineWith(lines: string[], name: string, start: number, end: number): number | undefined {
  const word = /^[\w$]+$/.test(name) ? new RegExp(`(^|[^\\w$])${name.replace(/\$/g, "\\$")}($|[^\\w$])`) : undefined;
  for (let l = start; l <= end; l++) {
    const text = lines[l - 1];
    if (word ? word.test(text) : text.includes(name)) return l;
  }
  return undefined;
}

function inWindow(def: OracleDef, ours: OurDef): boolean {
  if (def.start !== undefined && def.start === ours.start) return true;
  return def.line >= ours.start && def.line <= Math.max(ours.nameLine, ours.start);
}

function isExact(def: OracleDef, ours: OurDef): boolean {
  return def.end === ours.end && (def.start === undefined || def.start === ours.start);
}

/**
 * Score one file. `firstErrorLine` is the first line of an ERROR or MISSING node in our tree
 * (undefined when it parsed clean): a miss at or after it is counted as lost after an error.
 */
export function matchFile(oracle: OracleDef[], ours: OurDef[], firstErrorLine?: number): FileScore {
  const score: FileScore = { total: oracle.length, found: 0, loose: 0, ranged: 0, exact: 0, misses: [], rangeDiffs: [], looseMatches: [] };
  const byName = new Map<string, OurDef[]>();
  for (const d of ours) {
    const key = simpleName(d.name);
    byName.set(key, [...(byName.get(key) ?? []), d]);
  }
  const taken = new Set<OurDef>();
  const free = (def: OracleDef) => (byName.get(simpleName(def.name)) ?? []).filter((o) => !taken.has(o));
  const found = (def: OracleDef, hit: OurDef) => {
    taken.add(hit);
    score.found++;
    if (def.end === undefined) return;
    score.ranged++;
    if (isExact(def, hit)) score.exact++;
    else score.rangeDiffs.push({ def, ours: hit });
  };
  // Three passes, each over what the one before left: exact pairs first, so a repeated name
  // (overloads, getter/setter) pairs with its own range; then any in the name window; last, the
  // innermost of ours whose range holds the oracle's line (its name line was not where expected:
  // a comment between annotations and the declaration, the name repeated in an attribute).
  let left = oracle.filter((def) => {
    const hit = def.end !== undefined ? free(def).find((o) => inWindow(def, o) && isExact(def, o)) : undefined;
    if (hit) found(def, hit);
    return !hit;
  });
  left = left.filter((def) => {
    const hit = free(def).find((o) => inWindow(def, o));
    if (hit) found(def, hit);
    return !hit;
  });
  for (const def of left) {
    const hit = free(def)
      .filter((o) => o.start <= def.line && def.line <= o.end)
      .sort((a, b) => a.end - a.start - (b.end - b.start))[0];
    if (hit) {
      score.loose++;
      score.looseMatches.push({ def, ours: hit });
      found(def, hit);
      continue;
    }
    const near = ours.filter((o) => simpleName(o.name) === simpleName(def.name) || (def.line >= o.start && def.line <= o.nameLine));
    score.misses.push({
      def,
      afterError: firstErrorLine !== undefined && firstErrorLine <= def.line,
      fileHasError: firstErrorLine !== undefined,
      near: near.slice(0, 3).map((o) => `${o.kind} ${o.name} ${o.start}-${o.end}`),
    });
  }
  return score;
}
