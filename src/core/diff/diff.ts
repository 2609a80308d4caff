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
// - what is outside every symbol belongs to the pseudo-symbol kind "module", name "<module>".
import { diffLines, type LineDiff } from "./lines.ts";
import { matchSimilar, matchUnique, pairSiblings } from "./match.ts";
import { classify, SideText, type DiffSide, type SymNode } from "./source.ts";
import type { Anchor, FileChange, FileStatus, SymbolChange } from "./types.ts";

export interface FileInput {
  path: string;
  oldPath?: string;
  status: FileStatus;
  language?: string;
  skipped?: string;
  old?: DiffSide;
  new?: DiffSide;
  /** The line diff of old and new, when the caller has it already (else computed here). */
  lines?: LineDiff;
}

interface FileWork {
  input: FileInput;
  oldText?: SideText;
  newText?: SideText;
  lines: LineDiff;
  pairs: { old: SymNode; new: SymNode; how: "modified" | "renamed" | "moved"; from?: FileWork }[];
  removed: SymNode[];
  added: SymNode[];
}

export function diffFiles(inputs: FileInput[]): FileChange[] {
  const work = inputs.map(prepare);
  for (const w of work) pairFile(w);
  detectMoves(work);
  return work.map(materialize);
}

function prepare(input: FileInput): FileWork {
  const oldText = !input.skipped && input.old ? new SideText(input.old) : undefined;
  const newText = !input.skipped && input.new ? new SideText(input.new) : undefined;
  const lines = (oldText && newText && input.lines) || diffLines(oldText?.lines ?? [], newText?.lines ?? []);
  return { input, oldText, newText, lines, pairs: [], removed: [], added: [] };
}

function pairFile(w: FileWork): void {
  if (w.oldText && w.newText) {
    pairNodes(w, w.oldText.root, w.newText.root, "modified");
  } else if (w.newText) {
    w.added.push(...w.newText.root.children);
  } else if (w.oldText) {
    w.removed.push(...w.oldText.root.children);
  }
}

function pairNodes(w: FileWork, o: SymNode, n: SymNode, how: "modified" | "renamed" | "moved", from?: FileWork): void {
  w.pairs.push({ old: o, new: n, how, from });
  const { same, renamed, removed, added } = pairSiblings(o.children, n.children);
  for (const p of same) pairNodes(w, p.old, p.new, "modified", from);
  for (const p of renamed) pairNodes(w, p.old, p.new, "renamed", from);
  // Members of a moved symbol that did not pair stay with the file they are in.
  (from ?? w).removed.push(...removed);
  w.added.push(...added);
}

/** A removed symbol in one file and an added one in another, same name and same (or clearly similar) text. */
function detectMoves(work: FileWork[]): void {
  const removed = work.flatMap((w) => w.removed.map((node) => ({ w, node })));
  const added = work.flatMap((w) => w.added.map((node) => ({ w, node })));
  if (!removed.length || !added.length) return;
  const olds = removed.map((r) => r.node);
  const news = added.map((a) => a.node);
  const fileOf = new Map<SymNode, FileWork>([...removed.map((r) => [r.node, r.w] as const), ...added.map((a) => [a.node, a.w] as const)]);
  const otherFile = (o: SymNode, n: SymNode) => fileOf.get(o) !== fileOf.get(n) && o.sym.name === n.sym.name;
  const exact = matchUnique(olds, news, (o, n) => otherFile(o, n) && o.fullCode !== "" && o.fullCode === n.fullCode);
  const similar = matchSimilar(
    olds.filter((o) => !exact.some((p) => p.old === o)),
    news.filter((n) => !exact.some((p) => p.new === n)),
    otherFile,
  );
  for (const p of [...exact, ...similar]) {
    const from = fileOf.get(p.old)!;
    const to = fileOf.get(p.new)!;
    from.removed = from.removed.filter((x) => x !== p.old);
    to.added = to.added.filter((x) => x !== p.new);
    pairNodes(to, p.old, p.new, "moved", from);
  }
}

function materialize(w: FileWork): FileChange {
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
    const c = pairChange(p.old, p.new, p.how, w.lines, (p.from ?? w).lines);
    if (c) {
      if (p.how === "moved") c.oldPath = p.from!.input.oldPath ?? p.from!.input.path;
      changes.push(c);
    }
  }
  for (const root of w.added) for (const n of subtree(root)) changes.push(oneSided(n, "added", w.lines.inserted));
  for (const root of w.removed) for (const n of subtree(root)) changes.push(oneSided(n, "removed", w.lines.deleted));
  changes.sort((a, b) => (a.startLine ?? a.oldStartLine ?? 0) - (b.startLine ?? b.oldStartLine ?? 0) || (a.endLine ?? a.oldEndLine ?? 0) - (b.endLine ?? b.oldEndLine ?? 0));
  file.symbols = changes;
  return file;
}

function subtree(n: SymNode): SymNode[] {
  return [n, ...n.children.flatMap(subtree)];
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
  if (c.signatureChanged && o.sym.signature !== n.sym.signature) c.oldSignature = o.sym.signature;
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
