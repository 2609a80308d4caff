// Where a definition lies: its outermost node (wrappers, leading attributes and decorators),
// its byte and row range, its indentation and the doc comments above it. Read from the tree
// once per definition record.
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import type { RawDefinition } from "./extract.ts";
import { commentCanLead, leadingComments } from "./doc-comments.ts";
import { endRowOf } from "./rows.ts";

export interface Placed {
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
  /** The wrapper nodes (registry `wrapperTypes`) the definition sits in, innermost first. */
  wrappers: Node[];
}

/**
 * Placing reads the tree (wrappers, siblings, comments), which crosses into WASM at every
 * step; the outline places the same definitions up to three times (swallowedFrom,
 * strandedErrorFrom, buildSymbols), so each is placed once (the cut-back makes new records).
 */
const placedOnce = new WeakMap<RawDefinition, Placed>();

export function place(raw: RawDefinition, spec: LanguageSpec, text: string): Placed {
  let p = placedOnce.get(raw);
  if (!p) placedOnce.set(raw, (p = placeNew(raw, spec, text)));
  return p;
}

function placeNew(raw: RawDefinition, spec: LanguageSpec, text: string): Placed {
  let outer = raw.node;
  const wrappers: Node[] = [];
  // The parent as read last, when it was: undefined means not read.
  let outerParent: Node | null | undefined;
  if (raw.maybeWrapped) {
    const wrapperTypes = spec.wrapperTypes ?? [];
    for (;;) {
      const up = outer.parent;
      if (!up || !wrapperTypes.includes(up.type)) {
        outerParent = up;
        break;
      }
      wrappers.push((outer = up));
    }
  }
  let first = outer;
  const leading = spec.leadingTypes ?? [];
  // (A sibling step crosses into WASM: not taken when the language has no leading types.)
  for (let prev = leading.length ? first.previousNamedSibling : null; prev && leading.includes(prev.type); prev = prev.previousNamedSibling) {
    if (prev.endPosition.row < first.startPosition.row - 1) break;
    first = prev;
  }
  let last = outer;
  if (!raw.body && spec.spanToParentEnd?.includes(outer.type)) {
    const parent = outerParent === undefined ? outer.parent : outerParent;
    if (parent) last = parent;
  }
  const endIndex = last === raw.node ? raw.endIndex : last.endIndex;
  return {
    raw,
    startNode: first,
    startIndex: first.startIndex,
    endIndex,
    startRow: first.startPosition.row,
    startColumn: indentationAt(text, first.startIndex),
    endRow: endRowOf(lastCodeNode(last, text, spec.commentTypes ?? [])),
    truncated: false,
    docComments: commentCanLead(text, first.startIndex, raw.comments) ? leadingComments(first, spec, text) : [],
    wrappers,
  };
}

/**
 * Leading whitespace of the line holding `index`. A definition that starts mid-line after a
 * keyword the query does not include (`declare module "m" {`) is as indented as its line:
 * its members are not outdented code.
 */
export function indentationAt(text: string, index: number): number {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  let i = lineStart;
  while (i < index && (text[i] === " " || text[i] === "\t")) i++;
  return i - lineStart;
}

/**
 * The node whose end is a definition's last line. An indentation-based body (tree-sitter-
 * scala's indented blocks) ends where the next token starts: past the blank lines after it and
 * the comments above that token (the next definition's doc). Such a node ends in blanks, and
 * its last line is that of its last child that is code. Any other node ends in its own text.
 */
function lastCodeNode(node: Node, text: string, commentTypes: string[]): Node {
  const blank = (c: string | undefined) => c === " " || c === "\t" || c === "\r" || c === "\n";
  let n = node;
  while (blank(text[n.endIndex - 1])) {
    let c = n.lastChild;
    while (c && (c.startIndex === c.endIndex || commentTypes.includes(c.type))) c = c.previousSibling;
    if (!c) break;
    n = c;
  }
  return n;
}
