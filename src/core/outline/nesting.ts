// The nested symbol tree from placed definitions: parents by range, kinds (a function in a
// class is a method), qualified names, signatures and docs.
import type { LanguageSpec } from "../languages/registry.ts";
import type { OutlineSymbol } from "../types.ts";
import { columnsOf, setColumns } from "./columns.ts";
import { docOf } from "./doc-comments.ts";
import type { Placed } from "./placed.ts";
import { lineStartAt, rowAt } from "./rows.ts";
import { signatureOf } from "./signature.ts";
import { bareTypeName, implName } from "./text-utils.ts";

/**
 * Registry `mergeClauses`: adjacent siblings of one name and one of those kinds (a declaration
 * followed by its definitions counts) become one symbol from the first's start to the last's end, with
 * the first's signature, the first doc and all their children.
 */
export function mergeClauses(symbols: OutlineSymbol[], kinds: string[]): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const sym of symbols) {
    if (sym.children) sym.children = mergeClauses(sym.children, kinds);
    const last = out[out.length - 1];
    if (!last || last.name !== sym.name || last.kind !== sym.kind || last.qualifiedName !== sym.qualifiedName || !kinds.includes(sym.kind)) {
      out.push(sym);
      continue;
    }
    if (sym.endLine >= last.endLine) {
      const first = columnsOf(last);
      if (first) setColumns(last, { start: first.start, end: columnsOf(sym)?.end });
    }
    last.endLine = Math.max(last.endLine, sym.endLine);
    if (!last.doc && sym.doc) {
      last.doc = sym.doc;
      if (sym.docStartLine !== undefined) last.docStartLine = sym.docStartLine;
    }
    if (!sym.declaration) delete last.declaration;
    if (sym.truncated) last.truncated = true;
    if (sym.children) last.children = [...(last.children ?? []), ...sym.children];
  }
  return out;
}

/** Kinds whose bodies hold declarations (members), not statements or values (an enum's). */
export const CONTAINER_KINDS = new Set(["class", "interface", "struct", "trait", "impl", "module", "namespace"]);

/** Which placed definitions lie inside which: by ranges, as nest() nests them. */
export class Nesting {
  private readonly sorted: Placed[];
  private readonly parent = new Map<Placed, Placed | undefined>();
  private readonly members = new Map<Placed | undefined, Placed[]>();

  constructor(placed: Placed[]) {
    this.sorted = [...placed].sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
    const stack: Placed[] = [];
    for (const p of this.sorted) {
      while (stack.length && stack[stack.length - 1].endIndex <= p.startIndex) stack.pop();
      const up = stack[stack.length - 1];
      this.parent.set(p, up);
      const list = this.members.get(up) ?? [];
      list.push(p);
      this.members.set(up, list);
      stack.push(p);
    }
  }

  /** The innermost definition `index` lies inside (after its start, before its end). */
  innermost(index: number): Placed | undefined {
    let lo = 0;
    let hi = this.sorted.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid].startIndex < index) {
        last = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    for (let p: Placed | undefined = this.sorted[last]; p; p = this.parent.get(p)) if (index < p.endIndex) return p;
    return undefined;
  }

  membersOf(owner: Placed): Placed[] {
    return this.members.get(owner) ?? [];
  }
}

export function nest(placed: Placed[], spec: LanguageSpec, text: string, source: string): OutlineSymbol[] {
  const roots: OutlineSymbol[] = [];
  const stack: { p: Placed; sym: OutlineSymbol }[] = [];
  const containers = spec.methodContainers ?? [];
  const assigned = new Set<OutlineSymbol>();
  const ordered = [...placed].sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  for (const p of ordered) {
    while (stack.length && stack[stack.length - 1].p.endIndex <= p.startIndex) stack.pop();
    // A definition that pokes out of its would-be parent (possible after a cut-back) is not its child.
    while (stack.length && stack[stack.length - 1].p.endIndex < p.endIndex) stack.pop();
    if (p.raw.assigned) {
      // A member its class's method assigns (`self.x = …`) belongs to the class around the
      // method, not to the method it lies in; it holds nothing, so it is not stacked.
      let owner: OutlineSymbol | undefined;
      for (let i = stack.length - 1; i >= 0 && !owner; i--) if (CONTAINER_KINDS.has(stack[i].sym.kind)) owner = stack[i].sym;
      if (!owner) continue;
      const sym = toSymbol(p, owner, containers, spec, text, source);
      (owner.children ??= []).push(sym);
      assigned.add(sym);
      continue;
    }
    // Another name of the declaration on top (`const { a, b } = o`), or another definition in
    // its wrapper (OCaml `let f … and g …`): a sibling; what nests inside the declaration
    // stays with its first name.
    const top = stack[stack.length - 1]?.p;
    const another = top !== undefined && (top.raw.node.id === p.raw.node.id || (top.wrappers.length > 0 && top.startNode.id === p.startNode.id));
    const parent = stack[stack.length - (another ? 2 : 1)]?.sym;
    const sym = toSymbol(p, parent, containers, spec, text, source);
    if (parent) (parent.children ??= []).push(sym);
    else roots.push(sym);
    if (!another) stack.push({ p, sym });
  }
  if (assigned.size) onceEach(roots, assigned);
  return roots;
}

/**
 * Assigned members (an instance attribute, `self.x = …` in a method) are listed once per name,
 * at the first assignment, and not where the container declares a member of that name itself
 * (a class-level `x: int`, a property or method `x`): the declaration is the member.
 */
function onceEach(symbols: OutlineSymbol[], assigned: ReadonlySet<OutlineSymbol>): void {
  for (const s of symbols) {
    if (!s.children) continue;
    onceEach(s.children, assigned);
    if (!s.children.some((c) => assigned.has(c))) continue;
    const named = new Set(s.children.filter((c) => !assigned.has(c)).map((c) => c.name));
    s.children = s.children.filter((c) => {
      if (!assigned.has(c)) return true;
      if (named.has(c.name)) return false;
      named.add(c.name);
      return true;
    });
  }
}

function toSymbol(p: Placed, parent: OutlineSymbol | undefined, containers: string[], spec: LanguageSpec, text: string, source: string): OutlineSymbol {
  const raw = p.raw;
  let kind = raw.kind;
  if (kind === "function" && parent && containers.includes(parent.kind)) kind = "method";
  const name = kind === "impl" ? implName(raw.nameText) : raw.nameText;
  const owner = raw.qualifierText ? bareTypeName(raw.qualifierText.replace(/::/g, ".")) : undefined;
  const scope = parent?.qualifiedName;
  // An owner the scope already ends with (Perl `sub My::Cart::total` in `package My::Cart`) is not repeated.
  const prefix = scope && owner ? (scope === owner || scope.endsWith(`.${owner}`) ? scope : `${scope}.${owner}`) : scope || owner || "";
  const sym: OutlineSymbol = {
    kind,
    name,
    qualifiedName: prefix ? `${prefix}.${name}` : name,
    signature: signatureOf(raw, p, spec, text, source),
    startLine: p.startRow + 1,
    endLine: p.endRow + 1,
  };
  const doc = docOf(raw, p, spec, source);
  if (doc) {
    sym.doc = doc.text;
    if (doc.startRow !== undefined) sym.docStartLine = doc.startRow + 1;
  }
  if (raw.declaration) sym.declaration = true;
  if (p.truncated) sym.truncated = true;
  setColumns(sym, columnsFor(p, text));
  return sym;
}

/** Its start column, and its end column when its last code character is on its end row (not past it, as error recovery may leave it). */
function columnsFor(p: Placed, text: string): { start: number; end?: number } {
  const start = p.startIndex - lineStartAt(text, p.startIndex);
  let last = Math.min(p.endIndex, text.length) - 1;
  while (last > p.startIndex && /\s/.test(text[last])) last--;
  if (last < p.startIndex || rowAt(text, last) !== p.endRow) return { start };
  return { start, end: last + 1 - lineStartAt(text, last) };
}
