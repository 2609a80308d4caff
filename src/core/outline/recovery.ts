// Error recovery's mistakes, undone: a definition that swallowed the code after it is cut back
// (or one closed early is extended to its brace), and the places where an error region hides
// declarations are found, for the caller to re-parse from there (see outline.ts).
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { leadingCommentLines } from "./doc-comments.ts";
import { braceCloseEnd } from "./extent.ts";
import type { RawDefinition } from "./extract.ts";
import { CONTAINER_KINDS, Nesting } from "./nesting.ts";
import { type Placed, indentationAt, place } from "./placed.ts";
import { rowAt } from "./rows.ts";
import { startsLine } from "./text-utils.ts";
import { onLinesOfItsOwn } from "./unparsed.ts";

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
 * An unparsed token in the header on the very line the body opens, with a body that parsed
 * cleanly: syntax the grammar lacks (TS `out`/`in` variance in `.d.ts` output that starts a
 * line), not code the definition swallowed.
 */
function isHeaderGlitch(err: Node, body: Node | undefined): boolean {
  return !!body && !body.hasError && err.endIndex <= body.startIndex && err.startPosition.row === body.startPosition.row;
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
export function fitExtents(placed: Placed[], text: string, spec: LanguageSpec): { placed: Placed[]; cuts: number[] } {
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

/** The word (or the one character) a line of code starts with at `index`: `def`, `public`, `@`. */
function firstWord(text: string, index: number): string {
  return /^[A-Za-z_$][\w$]*|^[\s\S]/.exec(text.slice(index, index + 64))?.[0] ?? "";
}
