// Doc comments: the comments directly above a definition, and the first sentence of its doc.
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import type { CommentIndex } from "./comment-index.ts";
import type { RawDefinition } from "./extract.ts";
import type { Placed } from "./placed.ts";
import { endRowOf, lineStartAt } from "./rows.ts";
import { firstSentence } from "./doc-text.ts";
import { isLicenseComment } from "./text-utils.ts";
import { commentAt } from "./unparsed.ts";

/**
 * Nothing but blanks before `index` on its line, and the line above blank or absent: no
 * comment can touch the definition, so leadingComments() need not walk the tree (sibling and
 * parent steps cross into WASM; this spares most of them, ~5% of an outline's time).
 */
function detachedAbove(text: string, index: number): boolean {
  const blank = (c: string) => c === " " || c === "\t" || c === "\r" || c === "\f" || c === "\v";
  let i = index - 1;
  while (i >= 0 && blank(text[i])) i--;
  if (i < 0) return true;
  if (text[i] !== "\n") return false;
  i--;
  while (i >= 0 && blank(text[i])) i--;
  return i < 0 || text[i] === "\n";
}

/**
 * Whether leadingComments() can find anything for a definition starting at `index`: every
 * comment it looks at starts before the definition, and the first must end on the line above
 * or on this one. Told from the text and the comment index, so that most definitions never
 * walk the tree there (and that walk, rarely run, stays cheap to compile).
 */
export function commentCanLead(text: string, index: number, comments: CommentIndex | undefined): boolean {
  if (detachedAbove(text, index)) return false;
  return !comments || comments.furthestEndBefore(index) >= lineAboveStart(text, index);
}

/** Where the line above the one holding `index` starts (0 on the first line: no end is before it). */
function lineAboveStart(text: string, index: number): number {
  return lineStartAt(text, index, 1);
}

/** Comments directly above a definition (no blank line between, not trailing code). */
export function leadingComments(first: Node, spec: LanguageSpec, text: string): Node[] {
  const types = spec.commentTypes ?? [];
  if (!types.length) return [];
  const out: Node[] = [];
  let row = first.startPosition.row;
  // A comment above a container's first member can sit outside the body node, before it
  // (Ruby `class A\n  # doc\n  def f`): then it is the previous sibling of the body that
  // starts with this member.
  let start = first.previousNamedSibling;
  if (!start) {
    const body = first.parent;
    const beforeBody = body && body.startIndex === first.startIndex ? body.previousNamedSibling : null;
    if (beforeBody && types.includes(beforeBody.type)) start = beforeBody;
  }
  // Some grammars (tree-sitter-wasms Kotlin) attach a comment after the last import to that
  // import: a comment that ends the previous sibling, in the definition's column, counts too.
  if (start && !types.includes(start.type)) start = trailingComment(start, types, first.startPosition.column, text) ?? start;
  for (let prev = start; prev && types.includes(prev.type); prev = prev.previousNamedSibling) {
    if (endRowOf(prev) < row - 1) break;
    if (prev.startIndex === 0 && prev.text.startsWith("#!")) break; // a shebang line is no doc
    const before = prev.previousSibling;
    if (before && !types.includes(before.type) && endRowOf(before) === prev.startPosition.row) break; // trailing comment of code
    out.unshift(prev);
    row = prev.startPosition.row;
  }
  if (out.length && isLicenseComment(out.map((c) => c.text).join("\n"))) return [];
  return out;
}

/**
 * The comment at the very end of `node` (its last descendant, or followed by blanks only: an
 * indentation-based body runs on to the next token), when it starts at `column`.
 */
function trailingComment(node: Node, types: string[], column: number, text: string): Node | undefined {
  for (let n = node.lastChild; n && (n.endIndex === node.endIndex || !text.slice(n.endIndex, node.endIndex).trim()); n = n.lastChild) {
    if (types.includes(n.type)) return n.startPosition.column === column ? n : undefined;
  }
  return undefined;
}

/**
 * Where the run of comment-only lines directly above `index` starts (no blank line between,
 * each comment starting its line at `column` or less); `index` when there is none.
 */
export function leadingCommentLines(root: Node, text: string, index: number, column: number, spec: LanguageSpec, floor: number): number {
  const types = spec.commentTypes ?? [];
  if (!types.length) return index;
  let cut = index;
  for (;;) {
    const lineStart = text.lastIndexOf("\n", cut - 1) + 1;
    if (lineStart === 0) return cut;
    const prevStart = text.lastIndexOf("\n", lineStart - 2) + 1;
    let first = prevStart;
    while (first < lineStart && (text[first] === " " || text[first] === "\t")) first++;
    if (first >= lineStart - 1 || first <= floor || first - prevStart > column) return cut;
    if (!commentAt(root, first, types)) return cut;
    cut = first;
  }
}

export function docOf(raw: RawDefinition, p: Placed, spec: LanguageSpec, source: string): { text: string; startRow?: number } | undefined {
  if (raw.doc) {
    const text = firstSentence(source.slice(raw.doc.startIndex, raw.doc.endIndex), spec);
    if (text) return { text };
  }
  if (p.leadingDoc) {
    const text = firstSentence(source.slice(p.leadingDoc.start, p.leadingDoc.end), spec);
    if (text) return { text, startRow: p.leadingDoc.row };
  }
  if (p.docComments.length) {
    const text = firstSentence(p.docComments.map((c) => source.slice(c.startIndex, c.endIndex)).join("\n"), spec);
    if (text) return { text, startRow: p.docComments[0].startPosition.row };
  }
  return undefined;
}
