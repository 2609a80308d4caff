// From flat definition records to the nested symbol tree: ranges (decorators, attributes and
// doc comments), nesting, qualified names, kinds, signatures, docs, and the cut-back of
// definitions that error recovery let swallow what follows them.
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import type { OutlineSymbol } from "../types.ts";
import type { RawDefinition } from "./extract.ts";
import { bareTypeName, firstLineSignature, implName, firstSentence, foldSignature, isLicenseComment } from "./text-utils.ts";
import type { CommentIndex } from "./comment-index.ts";
import { braceCloseEnd } from "./extent.ts";
import { rowAt } from "./rows.ts";
import { commentAt, onLinesOfItsOwn } from "./unparsed.ts";

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
  /** The wrapper nodes (registry `wrapperTypes`) the definition sits in, innermost first. */
  wrappers: Node[];
  /** A leading node that is the doc (registry `leadingDoc`): its doc text and first row. */
  leadingDoc?: { text: string; row: number };
}

/**
 * `text` is what the parser read; `source` the file's text, the same unless the parser read a
 * mask of it (masks.ts): signatures are sliced from `source`.
 */
export function buildSymbols(defs: RawDefinition[], spec: LanguageSpec, text: string, source = text): OutlineSymbol[] {
  let placed = defs.map((raw) => place(raw, spec, text));
  if (defs.some((d) => d.hasError)) placed = fitExtents(placed, text, spec).placed;
  const symbols = nest(placed, spec, text, source);
  return spec.mergeClauses ? mergeClauses(symbols, spec.mergeClauses) : symbols;
}

/**
 * Registry `mergeClauses`: adjacent siblings of one name and one of those kinds (a declaration
 * followed by its definitions counts) become one symbol from the first's start to the last's end, with
 * the first's signature, the first doc and all their children.
 */
function mergeClauses(symbols: OutlineSymbol[], kinds: string[]): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const sym of symbols) {
    if (sym.children) sym.children = mergeClauses(sym.children, kinds);
    const last = out[out.length - 1];
    if (!last || last.name !== sym.name || last.kind !== sym.kind || last.qualifiedName !== sym.qualifiedName || !kinds.includes(sym.kind)) {
      out.push(sym);
      continue;
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
 * Where error recovery swallowed code that no definition claims: the first cut-back point
 * at which no definition starts. The caller re-parses from there (see outline.ts).
 */
export function swallowedFrom(defs: RawDefinition[], spec: LanguageSpec, text: string): number | undefined {
  const placed = defs.map((raw) => place(raw, spec, text));
  const starts = new Set(placed.map((p) => p.startIndex));
  let first: number | undefined;
  for (const cut of fitExtents(placed, text, spec).cuts) if (!starts.has(cut) && (first === undefined || cut < first)) first = cut;
  return first;
}

/**
 * Placing reads the tree (wrappers, siblings, comments), which crosses into WASM at every
 * step; the outline places the same definitions up to three times (swallowedFrom,
 * strandedErrorFrom, buildSymbols), so each is placed once (the cut-back makes new records).
 */
const placedOnce = new WeakMap<RawDefinition, Placed>();

function place(raw: RawDefinition, spec: LanguageSpec, text: string): Placed {
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
function indentationAt(text: string, index: number): number {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  let i = lineStart;
  while (i < index && (text[i] === " " || text[i] === "\t")) i++;
  return i - lineStart;
}

/**
 * An unparsed token in the header on the very line the body opens, with a body that parsed
 * cleanly: syntax the grammar lacks (TS `out`/`in` variance in `.d.ts` output that starts a
 * line), not code the definition swallowed.
 */
function isHeaderGlitch(err: Node, body: Node | undefined): boolean {
  return !!body && !body.hasError && err.endIndex <= body.startIndex && err.startPosition.row === body.startPosition.row;
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

/** A node ending at column 0 ends on the line before (its last newline is the last byte). */
function endRowOf(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row - 1 : end.row;
}

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
function commentCanLead(text: string, index: number, comments: CommentIndex | undefined): boolean {
  if (detachedAbove(text, index)) return false;
  return !comments || comments.furthestEndBefore(index) >= lineAboveStart(text, index);
}

/** Where the line above the one holding `index` starts (0 on the first line: no end is before it). */
function lineAboveStart(text: string, index: number): number {
  const lineStart = index > 0 ? text.lastIndexOf("\n", index - 1) + 1 : 0;
  return lineStart >= 2 ? text.lastIndexOf("\n", lineStart - 2) + 1 : 0;
}

/** Comments directly above a definition (no blank line between, not trailing code). */
function leadingComments(first: Node, spec: LanguageSpec, text: string): Node[] {
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
 * Error recovery can leave a definition ending in the wrong place; its range is made its real
 * extent. A body in braces ends at the `}` that closes it (extent.ts): a definition that ran on
 * past it is cut back there (the code after it was swallowed), one that recovery closed early
 * (a MISSING `}`, the rest of the body left in an error region) is extended to it, so an error
 * inside a body never shrinks its definition. Otherwise (no braces, or braces that never
 * balance) a definition with an error inside that contains a definition (or an error) starting
 * at its own indentation or less on a later line is cut back to the line before that point.
 * Cut-back definitions are marked truncated; `cuts` are where the swallowed code starts.
 */
function fitExtents(placed: Placed[], text: string, spec: LanguageSpec): { placed: Placed[]; cuts: number[] } {
  const cuts: number[] = [];
  const out: Placed[] = [];
  for (const p of placed) {
    out.push(p);
    if (!p.raw.hasError) continue;
    const close = closeOf(p.raw);
    if (close !== undefined) {
      const closeRow = rowAt(text, close - 1);
      if (closeRow > p.endRow) out[out.length - 1] = { ...p, endIndex: close, endRow: closeRow };
      else if (closeRow < p.endRow) {
        const next = nextLineContent(text, close);
        if (next < p.endIndex) cuts.push(next);
        out[out.length - 1] = { ...p, endIndex: close, endRow: closeRow, truncated: true };
      }
      continue;
    }
    let cutIndex = Infinity;
    let cutRow = Infinity;
    for (const q of placed) {
      if (q === p || q.startIndex <= p.startIndex || q.startIndex >= p.endIndex) continue;
      if (q.startRow > p.startRow && q.startColumn <= p.startColumn && q.startIndex < cutIndex) {
        cutIndex = q.startIndex;
        cutRow = q.startRow;
      }
    }
    const err = firstOutdented(p.raw.node, p.startRow, p.startColumn, text, spec);
    if (err && err.startIndex < cutIndex && !isHeaderGlitch(err, p.raw.body)) {
      cutIndex = err.startIndex;
      cutRow = err.startPosition.row;
    }
    if (cutIndex === Infinity) continue;
    // Comment lines right above the cut lead what follows (its doc), not the broken definition.
    cutIndex = leadingCommentLines(p.raw.node.tree.rootNode, text, cutIndex, p.startColumn, spec, p.startIndex);
    cuts.push(cutIndex);
    // End on the last non-blank line before the cut.
    let end = cutIndex;
    while (end > p.startIndex && /\s/.test(text[end - 1])) end--;
    out[out.length - 1] = { ...p, endIndex: end, endRow: Math.max(p.startRow, Math.min(rowAt(text, end), cutRow)), truncated: true };
  }
  return { placed: out, cuts };
}

/**
 * Where the run of comment-only lines directly above `index` starts (no blank line between,
 * each comment starting its line at `column` or less); `index` when there is none.
 */
function leadingCommentLines(root: Node, text: string, index: number, column: number, spec: LanguageSpec, floor: number): number {
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

/** The closing brace of each definition's body, found once (the walk crosses into WASM). */
const closes = new WeakMap<RawDefinition, number | undefined>();

function closeOf(raw: RawDefinition): number | undefined {
  if (!raw.body) return undefined;
  if (!closes.has(raw)) closes.set(raw, braceCloseEnd(raw.body));
  return closes.get(raw);
}

/** The first non-blank character on a line after the one holding `index`, or the text's end. */
function nextLineContent(text: string, index: number): number {
  const lineEnd = text.indexOf("\n", index);
  if (lineEnd < 0) return text.length;
  let i = lineEnd + 1;
  while (i < text.length && /\s/.test(text[i])) i++;
  return i;
}

/**
 * The first code inside an errored definition that starts a later line at the definition's
 * own indentation or less: code that is not part of the definition. That is any token inside
 * an error region, or a node nested below the definition's members (depth >= 3, so a C label
 * or a C++ `public:` at column 0 in a body does not count) that starts its line. Closing
 * brackets (a brace language's `}` sits at the definition's column), comments and `#`
 * directives are allowed there.
 */
function firstOutdented(node: Node, row: number, column: number, text: string, spec: LanguageSpec, depth = 0, inError = false): Node | undefined {
  const here = inError || node.isError || node.isMissing;
  const start = node.startPosition;
  if (start.row > row && start.column <= column && !/^[)\]}]/.test(node.type)) {
    if (here && !inLiteral(node)) return node;
    if (depth >= 3 && startsLine(text, node.startIndex) && !isAllowedOutdent(node, spec)) return node;
  }
  for (const child of node.children) {
    if (!child) continue;
    const found = firstOutdented(child, row, column, text, spec, depth + 1, here);
    if (found) return found;
  }
  return undefined;
}

function startsLine(text: string, index: number): boolean {
  for (let i = index - 1; i >= 0; i--) {
    const ch = text[i];
    if (ch === "\n") return true;
    if (ch !== " " && ch !== "\t" && ch !== "\r") return false;
  }
  return true;
}

function isAllowedOutdent(node: Node, spec: LanguageSpec): boolean {
  return (spec.commentTypes ?? []).includes(node.type) || node.text.startsWith("#") || inLiteral(node);
}

/** A line that starts inside a multi-line string or comment (its closing `"""`) is not code. */
function inLiteral(node: Node): boolean {
  const type = node.parent?.type ?? "";
  return LITERAL.test(type) && !type.startsWith("concatenated_");
}

const LITERAL = /(^|_)(string|string_literal|heredoc_body|heredoc|comment)$/;

/**
 * Where an error region hides code: error recovery can fold the rest of a file into one
 * top-level error (a broken `fn` in Rust, a broken Go signature), or the members of a class
 * after a broken one into the error of that member. The first line in an error region, after
 * `after`, that starts at the error line's indentation or less and where no definition starts
 * already. Inside a container (class, namespace, ...) only a line that starts the way one of
 * its members before the error starts (`def`, `void`, `public`) counts: the rest of a broken
 * body is statements, and a line of them is no place to parse declarations from. The caller
 * re-parses from there (see outline.ts).
 */
export function strandedErrorFrom(root: Node, defs: RawDefinition[], spec: LanguageSpec, text: string, after: number): number | undefined {
  if (!root.hasError) return undefined;
  const placed = fitExtents(defs.map((raw) => place(raw, spec, text)), text, spec).placed;
  const starts = new Set(placed.map((p) => p.startIndex));
  let best: number | undefined;
  const comments = spec.commentTypes ?? [];
  const nesting = new Nesting(placed);
  // The first words of each container's members read before `before` (the error).
  const leadsOf = (owner: Placed, before: number) =>
    new Set(nesting.membersOf(owner).filter((p) => p.startIndex < before).map((p) => firstWord(text, p.startIndex)));
  const consider = (error: Node) => {
    const row = error.startPosition.row;
    const indent = indentationAt(text, error.startIndex);
    const leads = new Map<Placed, Set<string>>();
    // Outside every definition any line may resume; inside one, only a line in a container
    // that starts like a member of it (inside a function, or a definition read from the
    // error region, the lines are read already or are statements).
    const mayResume = (i: number) => {
      const owner = nesting.innermost(i);
      if (!owner) return true;
      if (!CONTAINER_KINDS.has(owner.raw.kind)) return false;
      if (!leads.has(owner)) leads.set(owner, leadsOf(owner, error.startIndex));
      return leads.get(owner)!.has(firstWord(text, i));
    };
    const scan = (node: Node): boolean => {
      if (best !== undefined && node.startIndex >= best) return true;
      if (node.endIndex <= after) return false;
      const start = node.startPosition;
      if (start.row > row && node.startIndex > after && start.column <= indent && startsLine(text, node.startIndex) &&
          !/^[)\]}]/.test(node.type) && !isAllowedOutdent(node, spec) && !starts.has(node.startIndex) && mayResume(node.startIndex)) {
        best = node.startIndex;
        return true;
      }
      for (const child of node.children) if (child && scan(child)) return true;
      return false;
    };
    // Statements recovery read whole (imports, definitions before the broken code) hide nothing.
    for (const child of error.children) {
      if (!child || child.endIndex <= after || (!child.hasError && onLinesOfItsOwn(child, text, comments))) continue;
      if (scan(child)) return;
    }
  };
  const visit = (node: Node) => {
    if (node.endIndex <= after || (best !== undefined && node.startIndex >= best)) return;
    if (node.isError) return consider(node);
    for (const child of node.children) if (child && child.hasError) visit(child);
  };
  visit(root);
  return best;
}

/** Kinds whose bodies hold declarations (members), not statements or values (an enum's). */
const CONTAINER_KINDS = new Set(["class", "interface", "struct", "trait", "impl", "module", "namespace"]);

/** Which placed definitions lie inside which: by ranges, as nest() nests them. */
class Nesting {
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

/** The word (or the one character) a line of code starts with at `index`: `def`, `public`, `@`. */
function firstWord(text: string, index: number): string {
  return /^[A-Za-z_$][\w$]*|^[\s\S]/.exec(text.slice(index, index + 64))?.[0] ?? "";
}

function nest(placed: Placed[], spec: LanguageSpec, text: string, source: string): OutlineSymbol[] {
  const roots: OutlineSymbol[] = [];
  const stack: { p: Placed; sym: OutlineSymbol }[] = [];
  const containers = spec.methodContainers ?? [];
  const ordered = [...placed].sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  for (const p of ordered) {
    while (stack.length && stack[stack.length - 1].p.endIndex <= p.startIndex) stack.pop();
    // A definition that pokes out of its would-be parent (possible after a cut-back) is not its child.
    while (stack.length && stack[stack.length - 1].p.endIndex < p.endIndex) stack.pop();
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
  return roots;
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
  const doc = docOf(raw, p);
  if (doc) {
    sym.doc = doc.text;
    if (doc.startRow !== undefined) sym.docStartLine = doc.startRow + 1;
  }
  if (raw.declaration) sym.declaration = true;
  if (p.truncated) sym.truncated = true;
  return sym;
}

const MAX_SIGNATURE_SOURCE = 600;
const CALLABLE_KINDS = new Set(["function", "method", "constructor"]);
const MAX_BROKEN_HEADER_LINES = 8;

function signatureOf(raw: RawDefinition, p: Placed, spec: LanguageSpec, parsed: string, text: string): string {
  // Keep `export`, `export default`, `declare`, `template <...>` in the signature; leave
  // decorators out, whether they sit inside the node (TS `@dec class`) or its wrapper.
  const leading = spec.leadingTypes ?? [];
  let start = startAfterLeading(raw.node, leading);
  for (const w of p.wrappers) {
    // A wrapper holding several definitions (OCaml `let f … and g …`) lends its text to the first.
    if (w === p.wrappers[0] && followsItsKind(raw.node)) break;
    const from = startAfterLeading(w, leading);
    if (!text.slice(from, start).trimStart().startsWith("@")) start = from;
    else break;
  }
  const skipped = spec.signatureSkipTypes?.length ? leadingSkippedEnd(raw.node, spec.signatureSkipTypes) : undefined;
  if (skipped !== undefined && skipped > start) {
    start = skipped;
    // Blanks, and what a mask blanked after the skipped run (Swift `@Option()`'s `()`).
    while (start < raw.endIndex && /\s/.test(parsed[start])) start++;
  }
  // Macros the parser did not read (`FMT_API void f()`) still head the signature.
  if (parsed !== text) start = maskedLead(parsed, text, start);
  if (raw.body && raw.body.startIndex > start) {
    const end = headerEnd(raw, raw.body, spec.commentTypes ?? []);
    const head = withoutComments(text, start, end > start ? end : raw.body.startIndex, raw, spec.commentTypes ?? []);
    // Error recovery can put a whole class before a "body", or start the body far below the
    // header: the text between is not a signature, so only its first line. A header that
    // parsed is kept whole, however long: its parameters are what a reader needs.
    if (raw.hasError && (head.length > MAX_SIGNATURE_SOURCE || head.split("\n").length > MAX_BROKEN_HEADER_LINES)) return firstLineSignature(head);
    let sig = foldSignature(head);
    sig = withoutLast(withoutLast(sig, ":{"), "=");
    // A name that follows the body (C `typedef struct { ... } point_t;`) is kept after it.
    if (!sig.includes(raw.nameText)) {
      const after = text.slice(raw.body.endIndex, raw.endIndex);
      if (after.includes(raw.nameText)) sig += ` {…} ${foldSignature(after)}`;
    }
    return sig;
  }
  const whole = text.slice(start, raw.endIndex);
  if (spec.signatureFirstLine) return firstLineSignature(whole.trimEnd().split("\n", 1)[0]);
  const lines = whole.split("\n");
  if (lines.length <= 4 && whole.length <= 200) return foldSignature(whole);
  // A callable without a body (an overload, an abstract or interface method, a prototype) is
  // all header: kept whole, as a header with a body is.
  if (CALLABLE_KINDS.has(raw.kind) && !raw.hasError) return foldSignature(whole);
  const first = firstLineSignature(whole);
  // A name on the last line (C `typedef struct list {\n ...\n} list_t;`) is kept after it.
  const last = lines[lines.length - 1].trim();
  if (!first.includes(raw.nameText) && last.includes(raw.nameText) && last.length <= 120) return `${first.replace(/ …$/, "")} … ${last}`;
  return first;
}

/** Whether a named sibling before `node` has its type. */
function followsItsKind(node: Node): boolean {
  for (let c = node.previousNamedSibling; c; c = c.previousNamedSibling) if (c.type === node.type) return true;
  return false;
}

/**
 * Where the line holding `index` starts its code, when everything between there and `index`
 * is code the parser read as blanks (a mask); else `index`.
 */
function maskedLead(parsed: string, text: string, index: number): number {
  const lineStart = text.lastIndexOf("\n", index - 1) + 1;
  let first = lineStart;
  while (first < index && (text[first] === " " || text[first] === "\t")) first++;
  if (first === index || parsed.slice(first, index).trim()) return index;
  return first;
}

/**
 * The header's text from `start` to `end`, each comment inside it (`def get(  # type: ignore`)
 * replaced by a blank: folded onto one line, a line comment would swallow what follows it.
 */
function withoutComments(text: string, start: number, end: number, raw: RawDefinition, commentTypes: string[]): string {
  const head = text.slice(start, end);
  // Only a header over several lines is folded; a comment needs a marker the fold would keep.
  if (!commentTypes.length || !head.includes("\n") || !/#|\/\/|\/\*|--|;/.test(head)) return head;
  const ranges = raw.comments
    ? raw.comments.rangesWithin(start, end)
    : raw.node.descendantsOfType(commentTypes).flatMap((c) => (c && c.startIndex >= start && c.startIndex < end ? [{ start: c.startIndex, end: c.endIndex }] : []));
  if (!ranges.length) return head;
  let out = "";
  let at = start;
  for (const c of ranges) {
    if (c.start < at) continue;
    out += text.slice(at, c.start) + " ";
    at = Math.min(c.end, end);
  }
  return out + text.slice(at, end);
}

/** `text` without its last character when that is one of `chars`, and without the blanks before it. */
function withoutLast(text: string, chars: string): string {
  return text && chars.includes(text[text.length - 1]) ? text.slice(0, -1).trimEnd() : text;
}

/**
 * Where the header before `body` ends: comments between the two (Python `def f(): # note`,
 * a comment line above the first statement) belong to neither and stay out of the signature.
 */
function headerEnd(raw: RawDefinition, body: Node, commentTypes: string[]): number {
  let end = body.startIndex;
  // When the body starts after the definition does, so does the body's previous sibling (in
  // the definition it shares the body's parent; outside, it lies between the two): with no
  // comment starting in between, the tree need not be asked.
  if (!commentTypes.length || (raw.comments && end > raw.startIndex && !raw.comments.startsWithin(raw.startIndex, end))) return end;
  for (let prev = body.previousSibling; prev && commentTypes.includes(prev.type); prev = prev.previousSibling) end = prev.startIndex;
  return end;
}

/** End of the run of `skip`-typed nodes a definition starts with, looking into its first child too. */
function leadingSkippedEnd(node: Node, skip: string[]): number | undefined {
  let end: number | undefined;
  for (const [i, child] of node.children.entries()) {
    if (!child) break;
    if (skip.includes(child.type)) end = child.endIndex;
    else if (i === 0 && child.childCount > 0) {
      const inner = leadingSkippedEnd(child, skip);
      if (inner === undefined) return undefined;
      end = inner;
      if (inner < child.endIndex) return end; // the first child goes on after the skipped run
    } else break;
  }
  return end;
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
  if (p.leadingDoc) {
    const text = firstSentence(p.leadingDoc.text);
    if (text) return { text, startRow: p.leadingDoc.row };
  }
  if (p.docComments.length) {
    const text = firstSentence(p.docComments.map((c) => c.text).join("\n"));
    if (text) return { text, startRow: p.docComments[0].startPosition.row };
  }
  return undefined;
}
