// Where a definition lies: its outermost node (wrappers, leading attributes and decorators),
// its byte and row range, its indentation and the doc comments above it. Read from the tree
// once per definition record.
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { commentCanLead, leadingComments } from "./doc-comments.ts";
import type { RawDefinition } from "./extract.ts";

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
  /** A leading node that is the doc (registry `leadingDoc`): its doc text and first row. */
  leadingDoc?: { text: string; row: number };
}

/** Registry regexes, compiled once per language. */
const leadingRegexes = new WeakMap<LanguageSpec, { text?: RegExp; doc?: RegExp }>();

function leadingRegexesOf(spec: LanguageSpec): { text?: RegExp; doc?: RegExp } {
  let r = leadingRegexes.get(spec);
  if (!r) {
    r = { text: spec.leadingText ? new RegExp(spec.leadingText) : undefined, doc: spec.leadingDoc ? new RegExp(spec.leadingDoc) : undefined };
    leadingRegexes.set(spec, r);
  }
  return r;
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
  const { text: leadingText, doc: leadingDocRe } = leadingRegexesOf(spec);
  let leadingDoc: Placed["leadingDoc"];
  // (A sibling step crosses into WASM: not taken when the language has no leading types.)
  for (let prev = leading.length ? first.previousNamedSibling : null; prev && leading.includes(prev.type); prev = prev.previousNamedSibling) {
    if (prev.endPosition.row < first.startPosition.row - 1) break;
    if (leadingText || leadingDocRe) {
      const t = prev.text;
      const doc = leadingDocRe?.exec(t);
      if (doc) leadingDoc = { text: doc[1] ?? t, row: prev.startPosition.row };
      else if (leadingText && !leadingText.test(t)) break;
    }
    first = prev;
  }
  let last = outer;
  if (!raw.body && spec.spanToParentEnd?.includes(outer.type)) {
    const parent = outerParent === undefined ? outer.parent : outerParent;
    if (parent) last = parent;
    // Up to the next one of its kind (Perl `package A; … package B; …`), when there is one.
    for (let next = outer.nextNamedSibling; next; next = next.nextNamedSibling) {
      if (next.type !== outer.type) continue;
      const before = next.previousNamedSibling;
      if (before) last = before;
      break;
    }
  }
  let endIndex = last === raw.node ? raw.endIndex : last.endIndex;
  let endRow = last.endPosition.row;
  if (raw.spanEnd && last === raw.node) ({ index: endIndex, row: endRow } = raw.spanEnd);
  if (spec.trimTrailingComments) ({ index: endIndex, row: endRow } = beforeTrailingComments(raw.node, first.startIndex, endIndex, endRow, spec, text));
  // A node ending where its definition ends may end in blanks (lastCodeNode): its last line is its last code's.
  const code = endIndex === last.endIndex ? lastCodeNode(last, text, spec.commentTypes ?? []) : last;
  const textEnd = code === last ? { index: endIndex, row: endRow } : { index: code.endIndex, row: code.endPosition.row };
  return {
    raw,
    startNode: first,
    startIndex: first.startIndex,
    endIndex,
    startRow: first.startPosition.row,
    startColumn: indentationAt(text, first.startIndex),
    endRow: lastTextRow(text, first.startPosition.row, first.startIndex, textEnd.index, textEnd.row),
    truncated: false,
    docComments: commentCanLead(text, first.startIndex, raw.comments) ? leadingComments(first, spec, text) : [],
    wrappers,
    leadingDoc,
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
 * The end of a definition without the comments it ends with (registry `trimTrailingComments`:
 * YAML and TOML put the comment lines above the next key inside the key before). Each step
 * asks the tree for the node holding the last non-blank character.
 */
function beforeTrailingComments(node: Node, startIndex: number, endIndex: number, endRow: number, spec: LanguageSpec, text: string): { index: number; row: number } {
  const types = spec.commentTypes ?? [];
  let index = endIndex;
  let row = endRow;
  for (;;) {
    let i = index;
    while (i > startIndex && /\s/.test(text[i - 1])) i--;
    const at = i > startIndex ? node.tree.rootNode.descendantForIndex(i - 1) : null;
    if (!at || !types.includes(at.type) || at.startIndex <= startIndex) return { index, row };
    index = at.startIndex;
    row = at.startPosition.row;
  }
}

/**
 * The row of the last non-blank character before `endIndex` (at `endRow`): a definition never
 * ends on a blank line, whether its node takes the line break before the next definition (a
 * node ending at column 0), the blank lines after it (TOML tables) or runs to the next heading.
 */
function lastTextRow(text: string, startRow: number, startIndex: number, endIndex: number, endRow: number): number {
  let row = endRow;
  for (let i = endIndex - 1; i > startIndex; i--) {
    const ch = text.charCodeAt(i);
    if (ch === 10) row--;
    else if (ch !== 32 && ch !== 9 && ch !== 13 && ch !== 12 && ch !== 11) break;
  }
  return Math.max(startRow, row);
}

/**
 * The node whose end is a definition's last line. An indentation-based body (tree-sitter-
 * scala's indented blocks) ends where the next token starts: past the blank lines after it and
 * the comments above that token (the next definition's doc). Such a node ends in blanks, and
 * its last line is that of its last child that is code, when only blanks and comments follow
 * that child. Any other node ends in its own text, a text of its own that ends in blanks too (a
 * YAML block scalar, `run: |` and its lines, whose only child is the `|`).
 */
function lastCodeNode(node: Node, text: string, commentTypes: string[]): Node {
  const blank = (c: string | undefined) => c === " " || c === "\t" || c === "\r" || c === "\n";
  const blankBetween = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (!blank(text[i])) return false;
    return true;
  };
  let n = node;
  while (blank(text[n.endIndex - 1])) {
    let c = n.lastChild;
    // The text after `c` up to n's end: blanks around the comments skipped.
    let end = n.endIndex;
    while (c && (c.startIndex === c.endIndex || commentTypes.includes(c.type))) {
      if (!blankBetween(c.endIndex, end)) return n;
      end = c.startIndex;
      c = c.previousSibling;
    }
    if (!c || !blankBetween(c.endIndex, end)) break;
    n = c;
  }
  return n;
}
