// From flat definition records to the nested symbol tree: ranges (decorators, attributes and
// doc comments), nesting, qualified names, kinds, signatures, docs, and the cut-back of
// definitions that error recovery let swallow what follows them.
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import type { OutlineSymbol } from "../types.ts";
import type { RawDefinition } from "./extract.ts";
import { bareTypeName, firstLineSignature, firstSentence, foldSignature, isLicenseComment } from "./text-utils.ts";

interface Placed {
  raw: RawDefinition;
  /** Outermost node that belongs to the definition (wrappers, leading attributes). */
  startNode: Node;
  startIndex: number;
  endIndex: number;
  startRow: number;
  startColumn: number;
  endRow: number;
  truncated: boolean;
  docComments: Node[];
}

export function buildSymbols(defs: RawDefinition[], spec: LanguageSpec, text: string): OutlineSymbol[] {
  const placed = defs.map((raw) => place(raw, spec));
  cutBackSwallowed(placed, text);
  return nest(placed, spec, text);
}

/**
 * Where error recovery swallowed code that no definition claims: the first cut-back point
 * at which no definition starts. The caller re-parses from there (see outline.ts).
 */
export function swallowedFrom(defs: RawDefinition[], spec: LanguageSpec, text: string): number | undefined {
  const placed = defs.map((raw) => place(raw, spec));
  const starts = new Set(placed.map((p) => p.startIndex));
  let first: number | undefined;
  for (const cut of cutBackSwallowed(placed, text)) if (!starts.has(cut) && (first === undefined || cut < first)) first = cut;
  return first;
}

function place(raw: RawDefinition, spec: LanguageSpec): Placed {
  let outer = raw.node;
  const wrappers = spec.wrapperTypes ?? [];
  while (outer.parent && wrappers.includes(outer.parent.type)) outer = outer.parent;
  let first = outer;
  const leading = spec.leadingTypes ?? [];
  for (let prev = first.previousNamedSibling; prev && leading.includes(prev.type); prev = prev.previousNamedSibling) {
    if (prev.endPosition.row < first.startPosition.row - 1) break;
    first = prev;
  }
  return {
    raw,
    startNode: first,
    startIndex: first.startIndex,
    endIndex: outer.endIndex,
    startRow: first.startPosition.row,
    startColumn: first.startPosition.column,
    endRow: endRowOf(outer),
    truncated: false,
    docComments: leadingComments(first, spec),
  };
}

/** A node ending at column 0 ends on the line before (its last newline is the last byte). */
function endRowOf(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row - 1 : end.row;
}

/** Comments directly above a definition (no blank line between, not trailing code). */
function leadingComments(first: Node, spec: LanguageSpec): Node[] {
  const types = spec.commentTypes ?? [];
  const out: Node[] = [];
  let row = first.startPosition.row;
  for (let prev = first.previousNamedSibling; prev && types.includes(prev.type); prev = prev.previousNamedSibling) {
    if (endRowOf(prev) < row - 1) break;
    const before = prev.previousSibling;
    if (before && !types.includes(before.type) && endRowOf(before) === prev.startPosition.row) break; // trailing comment of code
    out.unshift(prev);
    row = prev.startPosition.row;
  }
  if (out.length && isLicenseComment(out.map((c) => c.text).join("\n"))) return [];
  return out;
}

/**
 * Error recovery can leave a definition spanning the rest of the file: a broken `def a():`
 * swallows `def b():` below it. A definition with an error inside that contains a definition
 * (or an error) starting at its own indentation or less on a later line is cut back to
 * the line before that point, and marked truncated.
 */
function cutBackSwallowed(placed: Placed[], text: string): number[] {
  const cuts: number[] = [];
  for (const p of placed) {
    if (!p.raw.node.hasError) continue;
    let cutIndex = Infinity;
    let cutRow = Infinity;
    for (const q of placed) {
      if (q === p || q.startIndex <= p.startIndex || q.startIndex >= p.endIndex) continue;
      if (q.startRow > p.startRow && q.startColumn <= p.startColumn && q.startIndex < cutIndex) {
        cutIndex = q.startIndex;
        cutRow = q.startRow;
      }
    }
    const err = firstOutdentedInError(p.raw.node, p.startRow, p.startColumn, false);
    if (err && err.startIndex < cutIndex) {
      cutIndex = err.startIndex;
      cutRow = err.startPosition.row;
    }
    if (cutIndex === Infinity) continue;
    cuts.push(cutIndex);
    // End on the last non-blank line before the cut.
    let end = cutIndex;
    while (end > p.startIndex && /\s/.test(text[end - 1])) end--;
    p.endIndex = end;
    p.endRow = Math.max(p.startRow, Math.min(rowAt(text, end), cutRow));
    p.truncated = true;
  }
  return cuts;
}

function rowAt(text: string, index: number): number {
  let row = 0;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) row++;
  return row;
}

/**
 * The first token inside an error region that starts a later line at the definition's own
 * indentation or less: code that is not part of the definition. Closing brackets are allowed
 * there (a brace language's `}` sits at the definition's column). Iterative (pre-order, with
 * an explicit stack): deeply nested code must not overflow the call stack.
 */
function firstOutdentedInError(root: Node, row: number, column: number, rootInError: boolean): Node | undefined {
  const stack: { node: Node; inError: boolean }[] = [{ node: root, inError: rootInError }];
  while (stack.length) {
    const { node, inError } = stack.pop()!;
    const here = inError || node.isError || node.isMissing;
    if (here && node.startPosition.row > row && node.startPosition.column <= column && !/^[)\]}]/.test(node.type)) return node;
    if (!here && !node.hasError) continue;
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push({ node: child, inError: here });
    }
  }
  return undefined;
}

/**
 * Where to parse again after a top-level error region that swallowed code no definition
 * claims (a broken `function f(a, {` turns the rest of a JS file into one ERROR): the first
 * token in it that starts a later line at the error's own column or less, past `floor`.
 */
export function errorRestartFrom(root: Node, floor: number): number | undefined {
  if (!root.hasError) return undefined;
  for (const child of root.children) {
    if (!child || !child.isError || child.startIndex < floor) continue;
    if (child.endPosition.row === child.startPosition.row) continue;
    const token = firstOutdentedInError(child, child.startPosition.row, child.startPosition.column, true);
    if (token && token.startIndex > floor) return token.startIndex;
  }
  return undefined;
}

function nest(placed: Placed[], spec: LanguageSpec, text: string): OutlineSymbol[] {
  const roots: OutlineSymbol[] = [];
  const stack: { p: Placed; sym: OutlineSymbol }[] = [];
  const containers = spec.methodContainers ?? [];
  const ordered = [...placed].sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  for (const p of ordered) {
    while (stack.length && stack[stack.length - 1].p.endIndex <= p.startIndex) stack.pop();
    // A definition that pokes out of its would-be parent (possible after a cut-back) is not its child.
    while (stack.length && stack[stack.length - 1].p.endIndex < p.endIndex) stack.pop();
    const parent = stack[stack.length - 1]?.sym;
    const sym = toSymbol(p, parent, containers, spec, text);
    if (parent) (parent.children ??= []).push(sym);
    else roots.push(sym);
    stack.push({ p, sym });
  }
  return roots;
}

function toSymbol(p: Placed, parent: OutlineSymbol | undefined, containers: string[], spec: LanguageSpec, text: string): OutlineSymbol {
  const raw = p.raw;
  let kind = raw.kind;
  if (kind === "function" && parent && containers.includes(parent.kind)) kind = "method";
  const name = kind === "impl" ? bareTypeName(raw.nameText) : raw.nameText;
  const owner = raw.qualifierText ? bareTypeName(raw.qualifierText.replace(/::/g, ".")) : undefined;
  const prefix = [parent?.qualifiedName, owner].filter(Boolean).join(".");
  const sym: OutlineSymbol = {
    kind,
    name,
    qualifiedName: prefix ? `${prefix}.${name}` : name,
    signature: signatureOf(raw, spec, text),
    startLine: p.startRow + 1,
    endLine: p.endRow + 1,
  };
  const doc = docOf(raw, p);
  if (doc) {
    sym.doc = doc.text;
    if (doc.startRow !== undefined) sym.docStartLine = doc.startRow + 1;
  }
  if (raw.declaration) sym.declaration = true;
  if (p.truncated) sym.truncated = true;
  return sym;
}

function signatureOf(raw: RawDefinition, spec: LanguageSpec, text: string): string {
  // Keep `export`, `export default`, `declare`, `template <...>` in the signature; leave
  // decorators out, whether they sit inside the node (TS `@dec class`) or its wrapper.
  const leading = spec.leadingTypes ?? [];
  let start = startAfterLeading(raw.node, leading);
  const wrappers = spec.wrapperTypes ?? [];
  for (let w = raw.node.parent; w && wrappers.includes(w.type); w = w.parent) {
    const from = startAfterLeading(w, leading);
    if (!text.slice(from, start).trimStart().startsWith("@")) start = from;
    else break;
  }
  if (raw.body && raw.body.startIndex > start) {
    let sig = foldSignature(text.slice(start, raw.body.startIndex));
    sig = sig.replace(/\s*[:{]$/, "").replace(/\s*=$/, "");
    return sig;
  }
  const whole = text.slice(start, raw.node.endIndex);
  const lines = whole.split("\n");
  if (lines.length <= 4 && whole.length <= 200) return foldSignature(whole);
  return firstLineSignature(whole);
}

/** Where a node starts once its leading children of `leading` types (decorators) are skipped. */
function startAfterLeading(node: Node, leading: string[]): number {
  if (!leading.length) return node.startIndex;
  for (const child of node.children) {
    if (child && !leading.includes(child.type) && child.type !== "comment") return child.startIndex;
  }
  return node.startIndex;
}

function docOf(raw: RawDefinition, p: Placed): { text: string; startRow?: number } | undefined {
  if (raw.doc) {
    const text = firstSentence(raw.doc.text);
    if (text) return { text };
  }
  if (p.docComments.length) {
    const text = firstSentence(p.docComments.map((c) => c.text).join("\n"));
    if (text) return { text, startRow: p.docComments[0].startPosition.row };
  }
  return undefined;
}
