// The symbol diff: both sides of every changed file in, symbol changes out (the rule of docs/contract.md).
// Pure: no git, no disk; the app layer reads the sides and hands them over.
//
// The rule, as implemented:
// - a symbol's own text is its lines (leading doc comment included) minus its members' lines,
//   blank lines dropped; any other difference makes it `modified` (so a container is modified
//   only for lines outside its members, and shifted symbols compare equal);
// - `docChanged`: the leading doc comment (or a docstring opening the body) differs;
// - `cosmetic`: the own texts still differ, but are equal once comments (tree-sitter comment
//   nodes that are not directives) and all whitespace are removed, and the doc is the same;
// - `signatureChanged` / `bodyChanged`: that comment-free text split after the declaration
//   (decorators + the outline's signature) differs before / after the split, the doc left out;
// - `valueChanged`: for a variable, constant, field or property with an initializer, the split
//   is at the assignment instead: what precedes it is the declaration, what follows the value;
//   a data key (JSON, YAML, TOML) splits at its `:` or `=` the same way;
// - what is outside every symbol belongs to the pseudo-symbol kind "module", name "<module>".
import { diffLines, type LineDiff } from "./lines.ts";
import { matchAcross, memberOverlap, type Evidence, type Link } from "./across.ts";
import { pairSiblings } from "./match.ts";
import { addSwitches, noSwitches, switchKey, type Switches } from "./switched.ts";
import { classify, SideText, type DiffSide, type SymNode } from "./source.ts";
import type { SkipReason } from "../skip-reason.ts";
import type { Anchor, FileChange, FileStatus, SymbolChange } from "./types.ts";

export interface FileInput {
  path: string;
  oldPath?: string;
  status: FileStatus;
  language?: string;
  skipped?: SkipReason;
  old?: DiffSide;
  new?: DiffSide;
  /** The line diff of old and new, when the caller has it already (else computed here). */
  lines?: LineDiff;
}

type How = "modified" | "renamed" | "moved";

interface PairWork {
  old: SymNode;
  new: SymNode;
  how: How;
  /** The file the old side is in. */
  from: FileWork;
  evidence?: Evidence;
  similarity?: number;
}

interface FileWork {
  input: FileInput;
  oldText?: SideText;
  newText?: SideText;
  lines: LineDiff;
  /** Pairs whose new side is in this file. */
  pairs: PairWork[];
}

/** Kinds that move with their file when it is renamed (reported `moved`, their members follow). */
const MOVE_WITH_FILE = new Set(["class", "interface", "struct", "enum", "trait"]);

/** Which old node is paired with which new one, across the whole change; and each node's file. */
class Pairing {
  readonly partner = new Map<SymNode, SymNode>();
  readonly fileOf = new Map<SymNode, FileWork>();

  constructor(readonly work: FileWork[]) {
    for (const w of work) {
      for (const t of [w.oldText, w.newText]) if (t) for (const n of [t.root, ...t.all()]) this.fileOf.set(n, w);
    }
  }

  /** Same-named containers whose members mostly differ: paired by name only if the matcher finds neither a better partner. */
  private deferred: { old: SymNode; new: SymNode; how: How; link?: Omit<Link, "old" | "new"> }[] = [];

  /** Pair two nodes and, below them, their members by name (then clear renames among siblings). */
  pair(o: SymNode, n: SymNode, how: How, link?: Omit<Link, "old" | "new">): void {
    const from = this.fileOf.get(o)!;
    const to = this.fileOf.get(n)!;
    this.partner.set(o, n);
    this.partner.set(n, o);
    to.pairs.push({ old: o, new: n, how, from, ...(link ? { evidence: link.evidence, similarity: link.similarity } : {}) });
    const { same, renamed } = pairSiblings(o.children, n.children, (k) => !CODE_KINDS.has(k));
    const renamedFile = !o.parent && to.input.oldPath !== undefined && to.input.oldPath !== to.input.path;
    for (const p of same) {
      const moved = renamedFile && MOVE_WITH_FILE.has(p.new.kind);
      const [childHow, childLink] = moved ? (["moved", { evidence: "file-rename", similarity: 1 }] as const) : (["modified", undefined] as const);
      if (membersDiffer(p.old, p.new)) this.deferred.push({ old: p.old, new: p.new, how: childHow, link: childLink });
      else this.pair(p.old, p.new, childHow, childLink);
    }
    for (const p of renamed) this.pair(p.old, p.new, "renamed", { evidence: "body", similarity: 1 });
  }

  /** The deferred name pairs whose two sides the matcher left alone. */
  settle(): void {
    const left = this.deferred.filter((d) => !this.partner.has(d.old) && !this.partner.has(d.new));
    this.deferred = [];
    for (const d of left) this.pair(d.old, d.new, d.how, d.link);
  }

  unpaired(): { olds: SymNode[]; news: SymNode[] } {
    const olds: SymNode[] = [];
    const news: SymNode[] = [];
    for (const w of this.work) {
      if (w.oldText) for (const n of w.oldText.all()) if (!this.partner.has(n)) olds.push(n);
      if (w.newText) for (const n of w.newText.all()) if (!this.partner.has(n)) news.push(n);
    }
    return { olds, news };
  }
}

/**
 * A same-named container that kept under half of its members' names (at least three members on
 * one side): perhaps another class took its name (`Distribution` became `ScalarDistribution`
 * and `JointDistribution` became `Distribution`), so the matcher looks first. Not when most
 * members of one side are among the other's: the class shrank (its other members moved, or were
 * pulled up into a new base class) or grew, and is still itself.
 */
function membersDiffer(o: SymNode, n: SymNode): boolean {
  if (!CONTAINER_KINDS.has(o.kind) || !o.children.length || !n.children.length || Math.max(o.children.length, n.children.length) < 3) return false;
  const [a, b] = [o.children.map((c) => c.sym.name), n.children.map((c) => c.sym.name)];
  return memberOverlap(a, b) < 0.5 && containment(a, b) < KEPT && containment(b, a) < KEPT;
}

/** Share of a side's members whose names the other side has too, for `membersDiffer`. */
const KEPT = 0.6;

/** The share of `a`'s names (as a multiset) that `b` has too. */
function containment(a: string[], b: string[]): number {
  const left = new Map<string, number>();
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1);
  let hit = 0;
  for (const x of a) {
    const c = left.get(x) ?? 0;
    if (c) (hit++, left.set(x, c - 1));
  }
  return a.length ? hit / a.length : 1;
}

const CONTAINER_KINDS = new Set(["class", "interface", "struct", "enum", "trait", "namespace", "module"]);

/** Kinds the change-wide matcher pairs (across.ts); the others (data files' keys, sections) pair among siblings only. */
const CODE_KINDS = new Set(["class", "interface", "struct", "enum", "trait", "type", "namespace", "module", "function", "method", "constructor", "field", "property", "variable", "constant"]);

export function diffFiles(inputs: FileInput[]): FileChange[] {
  const work = inputs.map(prepare);
  const pairing = new Pairing(work);
  for (const w of work) if (w.oldText && w.newText) pairing.pair(w.oldText.root, w.newText.root, "modified");
  let found: Switches | undefined;
  const switches = () => {
    if (!found) {
      found = noSwitches();
      for (const w of work) if (w.oldText && w.newText) addSwitches(found, w.oldText.side.path, w.oldText.lines, w.newText.lines, w.lines);
    }
    return found;
  };
  let names: { old: Map<string, number>; new: Map<string, number> } | undefined;
  matchAcross({
    partner: (n) => pairing.partner.get(n),
    named: (name, side) => {
      if (!names) {
        names = { old: new Map(), new: new Map() };
        for (const w of work) {
          for (const [text, m] of [[w.oldText, names.old], [w.newText, names.new]] as const) if (text) for (const n of text.all()) m.set(n.sym.name, (m.get(n.sym.name) ?? 0) + 1);
        }
      }
      return names[side].get(name) ?? 0;
    },
    switched: (a, b) => switches().at.get(switchKey(a, b)) ?? [],
    switchedTo: (a) => [...(switches().to.get(a) ?? [])],
    unpaired: () => pairing.unpaired(),
    settle: () => pairing.settle(),
    // Under the partner of its old parent it is renamed (its file renamed around it or not); under another parent, moved.
    accept: (l) => pairing.pair(l.old, l.new, l.old.parent && pairing.partner.get(l.old.parent) === l.new.parent ? "renamed" : "moved", l),
  });
  return work.map((w) => materialize(w, pairing));
}

function prepare(input: FileInput): FileWork {
  const oldText = !input.skipped && input.old ? new SideText(input.old) : undefined;
  const newText = !input.skipped && input.new ? new SideText(input.new) : undefined;
  const lines = (oldText && newText && input.lines) || diffLines(oldText?.lines ?? [], newText?.lines ?? []);
  return { input, oldText, newText, lines, pairs: [] };
}

function materialize(w: FileWork, pairing: Pairing): FileChange {
  const { input } = w;
  const file: FileChange = {
    path: input.path,
    ...(input.oldPath !== undefined && input.oldPath !== input.path ? { oldPath: input.oldPath } : {}),
    status: input.status,
    ...(input.language ? { language: input.language } : {}),
    ...(input.skipped ? { skipped: input.skipped } : {}),
    symbols: [],
  };
  const changes: SymbolChange[] = [];
  for (const p of w.pairs) {
    const c = pairChange(p.old, p.new, p.how, w.lines, p.from.lines);
    if (c) {
      // Moved or renamed out of another file (a rename inside a class that moved with its file too).
      const oldPath = p.from.input.oldPath ?? p.from.input.path;
      if (p.how !== "modified" && oldPath !== input.path) c.oldPath = oldPath;
      if (p.evidence && p.how !== "modified") {
        c.evidence = p.evidence;
        c.similarity = p.similarity;
      }
      changes.push(c);
    }
  }
  if (w.newText) for (const n of w.newText.all()) if (!pairing.partner.has(n)) changes.push(oneSided(n, "added", w.lines.inserted));
  if (w.oldText) for (const n of w.oldText.all()) if (!pairing.partner.has(n)) changes.push(oneSided(n, "removed", w.lines.deleted));
  changes.sort((a, b) => (a.startLine ?? a.oldStartLine ?? 0) - (b.startLine ?? b.oldStartLine ?? 0) || (a.endLine ?? a.oldEndLine ?? 0) - (b.endLine ?? b.oldEndLine ?? 0));
  file.symbols = changes;
  return file;
}

function pairChange(o: SymNode, n: SymNode, how: "modified" | "renamed" | "moved", lines: LineDiff, oldLines: LineDiff): SymbolChange | undefined {
  const differ = o.raw !== n.raw;
  if (how === "modified" && !differ) return undefined;
  const isModule = !n.parent;
  const parts = classify(o, n);
  const anchors = [...runs(o.ownLines, oldLines.deleted, "LEFT"), ...runs(n.ownLines, lines.inserted, "RIGHT")];
  const c: SymbolChange = {
    change: how,
    kind: n.kind,
    name: n.sym.name,
    qualifiedName: n.sym.qualifiedName,
    ...(o.sym.qualifiedName !== n.sym.qualifiedName ? { oldQualifiedName: o.sym.qualifiedName } : {}),
    ...range(n, anchors, "RIGHT", isModule, "startLine", "endLine"),
    ...range(o, anchors, "LEFT", isModule, "oldStartLine", "oldEndLine"),
    ...(isModule ? {} : { signature: n.sym.signature }),
    ...parts,
    anchors,
  };
  // The outline's signature holds a variable's value too (up to a length): what a reader compares.
  if ((c.signatureChanged || c.valueChanged) && o.sym.signature !== n.sym.signature) c.oldSignature = o.sym.signature;
  return c;
}

/** A symbol's range; for the module, the span of its changed lines. */
function range<S extends string, E extends string>(n: SymNode, anchors: Anchor[], side: Anchor["side"], isModule: boolean, s: S, e: E): Partial<Record<S | E, number>> {
  if (!isModule) return { [s]: n.sym.startLine, [e]: n.sym.endLine } as Record<S | E, number>;
  const mine = anchors.filter((a) => a.side === side);
  if (!mine.length) return {};
  return { [s]: mine[0].startLine, [e]: mine[mine.length - 1].endLine } as Record<S | E, number>;
}

function oneSided(n: SymNode, change: "added" | "removed", changed: Set<number>): SymbolChange {
  const side = change === "added" ? "RIGHT" : "LEFT";
  return {
    change,
    kind: n.kind,
    name: n.sym.name,
    qualifiedName: n.sym.qualifiedName,
    ...(change === "added" ? { startLine: n.sym.startLine, endLine: n.sym.endLine } : { oldStartLine: n.sym.startLine, oldEndLine: n.sym.endLine }),
    signature: n.sym.signature,
    signatureChanged: false,
    valueChanged: false,
    docChanged: false,
    bodyChanged: false,
    cosmetic: false,
    anchors: runs(n.ownLines, changed, side),
  };
}

/** Contiguous runs of `lines` that are in `changed`. */
function runs(lines: number[], changed: Set<number>, side: Anchor["side"]): Anchor[] {
  const out: Anchor[] = [];
  for (const l of lines) {
    if (!changed.has(l)) continue;
    const last = out[out.length - 1];
    if (last && last.endLine === l - 1) last.endLine = l;
    else out.push({ side, startLine: l, endLine: l });
  }
  return out;
}
