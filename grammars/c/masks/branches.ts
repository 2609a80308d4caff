// The "c/branches" parse mask (core/outline/parse-mask.ts) for C/C++, read when the file as
// written does not parse: conditionals the grammar cannot read across, read as their first branch (what a compiler sees in one configuration), with the other branches and
// the directives blanked character for character:
//   inside a function body      #ifdef X / if(a) { / #else / if(b) { / #endif
//   a branch that opens or closes a block it does not close or open
//                               #ifdef __cplusplus / extern "C" { / #endif
// Conditionals at file, namespace or class scope whose branches are balanced are kept whole,
// so definitions in any branch are still outlined. A function body holds no definition the
// outline lists, so its left-out branches are not reported; branches left out elsewhere are
// (`leftOut`).
import type { LineRange } from "../../../src/core/types.ts";
import type { MaskedText, ParseMask } from "../../../src/core/outline/parse-mask.ts";
import { tokenize, type Token } from "./tokens.ts";
import { blankOf, STATEMENT_WORDS } from "./code.ts";

export const plugin: ParseMask = {
  reads: "on-error",
  mask: (text) => maskBranches(text),
  warning: "read as one configuration: the first branch of each #if that splits a block (the others are unparsed)",
};

const CONDITIONAL = /^#\s*(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b(.*)$/s;
const NEVER = /^\s*(0|false)\s*(\/[/*].*)?$/s;
/** What may stand between a parameter list and its body: `) const noexcept {`. */
const AFTER_PARAMETERS = new Set(["const", "override", "final", "noexcept", "volatile", "&", "&&", "mutable"]);

type Item = number | Conditional;
interface Conditional {
  directives: number[];
  /** Per branch: its items, and whether it is never taken (`#if 0`). */
  branches: { items: Item[]; never: boolean }[];
}

/** Brace and parenthesis state of a walk through one configuration. */
interface State {
  /** Per open `{`: whether it is (inside) a function body. */
  braces: boolean[];
  /** Per open `(`: the word before it. */
  parens: string[];
  /** The word before the `(` of the last `)` closed, and the code tokens since it. */
  closedAfter: string | undefined;
  since: string[];
}

export function maskBranches(text: string): MaskedText | undefined {
  if (!/^[ \t]*#[ \t]*(if|el)/m.test(text)) return undefined;
  const toks = tokenize(text);
  const str = (i: number) => text.slice(toks[i].start, toks[i].end);
  const items = structure(toks, (i) => CONDITIONAL.exec(str(i).trimStart()));
  if (!items) return undefined;
  const blanked = new Set<number>();
  const leftOut = new Set<number>();
  const blankAll = (list: Item[]) => {
    for (const it of list) {
      if (typeof it === "number") blanked.add(it);
      else {
        for (const d of it.directives) blanked.add(d);
        for (const b of it.branches) blankAll(b.items);
      }
    }
  };
  const walk = (list: Item[], state: State, report: boolean): State => {
    for (const it of list) {
      if (typeof it === "number") {
        step(state, toks[it], str(it));
        continue;
      }
      const taken = it.branches.findIndex((b) => !b.never);
      const inBody = state.braces.some((b) => b);
      if (!inBody) {
        // Balanced branches are kept whole: each is walked from the same state.
        const ends = it.branches.map((b) => walk(b.items, clone(state), report));
        const first = ends[taken >= 0 ? taken : 0];
        if (ends.every((e) => sameBlocks(e, state))) continue;
        state = taken >= 0 ? first : state;
      }
      for (const d of it.directives) blanked.add(d);
      it.branches.forEach((b, k) => {
        if (k === taken) return;
        blankAll(b.items);
        if (report && !inBody) for (const line of linesOf(b.items, toks)) leftOut.add(line);
      });
      if (inBody && taken >= 0) state = walk(it.branches[taken].items, state, false);
    }
    return state;
  };
  walk(items, { braces: [], parens: [], closedAfter: undefined, since: [] }, true);
  if (!blanked.size) return undefined;
  let out = "";
  let at = 0;
  for (const k of [...blanked].sort((a, b) => a - b)) {
    const t = toks[k];
    out += text.slice(at, t.start) + blankOf(text.slice(t.start, t.end));
    at = t.end;
  }
  return { text: out + text.slice(at), leftOut: toRanges(leftOut) };
}

/** The tokens as a tree of conditionals (undefined when the directives do not nest). */
function structure(toks: Token[], conditional: (i: number) => RegExpExecArray | null): Item[] | undefined {
  const root: Item[] = [];
  const open: { cond: Conditional; items: Item[] }[] = [];
  let items = root;
  for (let i = 0; i < toks.length; i++) {
    const m = toks[i].kind === "directive" ? conditional(i) : null;
    if (!m) {
      if (toks[i].kind !== "comment") items.push(i);
      continue;
    }
    const word = m[1];
    if (word.startsWith("if")) {
      const cond: Conditional = { directives: [i], branches: [{ items: [], never: NEVER.test(m[2]) }] };
      items.push(cond);
      open.push({ cond, items });
      items = cond.branches[0].items;
    } else {
      const top = open[open.length - 1];
      if (!top) return undefined;
      top.cond.directives.push(i);
      if (word === "endif") {
        open.pop();
        items = top.items;
      } else {
        const branch = { items: [] as Item[], never: word !== "else" && NEVER.test(m[2]) };
        top.cond.branches.push(branch);
        items = branch.items;
      }
    }
  }
  return open.length ? undefined : root;
}

function step(s: State, t: Token, word: string): void {
  if (t.kind === "directive") return;
  if (word === "(") {
    s.parens.push(s.since[s.since.length - 1] ?? "");
  } else if (word === ")") {
    s.closedAfter = s.parens.pop() ?? "";
    s.since = [];
    return;
  } else if (word === "{") {
    s.braces.push(s.braces.some((b) => b) || opensBody(s));
  } else if (word === "}") {
    s.braces.pop();
  }
  s.since.push(t.kind === "ident" || t.kind === "punct" ? word : "");
  if (s.since.length > 8) s.since.shift();
}

/** The `{` just read follows a parameter list: `f(int x) {`, `g() const noexcept {`, `A() : b(1) {`. */
function opensBody(s: State): boolean {
  if (!s.since.every((w) => AFTER_PARAMETERS.has(w))) return false;
  const word = s.closedAfter;
  return !!word && /^[A-Za-z_]\w*$/.test(word) && !STATEMENT_WORDS.has(word);
}

function clone(s: State): State {
  return { braces: [...s.braces], parens: [...s.parens], closedAfter: s.closedAfter, since: [...s.since] };
}

function sameBlocks(a: State, b: State): boolean {
  return a.braces.length === b.braces.length;
}

function linesOf(items: Item[], toks: Token[]): number[] {
  const out: number[] = [];
  for (const it of items) {
    if (typeof it === "number") for (let l = toks[it].line; l <= toks[it].endLine; l++) out.push(l + 1);
    else {
      for (const d of it.directives) out.push(toks[d].line + 1);
      for (const b of it.branches) out.push(...linesOf(b.items, toks));
    }
  }
  return out;
}

function toRanges(lines: Set<number>): LineRange[] {
  const out: LineRange[] = [];
  for (const line of [...lines].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && line === last.endLine + 1) last.endLine = line;
    else out.push({ startLine: line, endLine: line });
  }
  return out;
}
