// Where the comments are: tree-sitter comment nodes of a language (its registry `commentTypes`),
// as [start, end) offsets into the text. Used by `changed` to tell cosmetic edits apart; it
// only asks about the rows a diff touched, so the cost follows the diff, not the file.
// Found by a walk of the tree (Node.descendantsOfType), not a `(comment) @comment` query: a
// cold `changed` would pay to compile even that one-pattern query (tree-sitter analyses the
// grammar for every query). The two agree on every file of the multi-language corpus.
// Comments that are code are left out (they are never cosmetic): a `#!` line, the language's
// directive comments (registry `directiveComments`), and every comment of a file that declares
// an encoding other than UTF-8 (registry `encodingDeclaration`).
import type { Node, Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";

interface Directives {
  text?: RegExp;
  before?: RegExp;
  encoding?: RegExp;
}
const compiled = new WeakMap<LanguageSpec, Directives>();

function directivesOf(spec: LanguageSpec): Directives {
  let d = compiled.get(spec);
  if (!d) {
    const { text, before } = spec.directiveComments ?? {};
    d = {
      ...(text ? { text: new RegExp(text) } : {}),
      ...(before ? { before: new RegExp(before) } : {}),
      ...(spec.encodingDeclaration ? { encoding: new RegExp(spec.encodingDeclaration) } : {}),
    };
    compiled.set(spec, d);
  }
  return d;
}

/** Encodings a declaration may name and the file still reads as the UTF-8 it was decoded as. */
const UTF8_NAMES = /^(?:utf[-_]?8(?:[-_]sig)?|ascii|us[-_]ascii)$/i;

/** The encoding the file's first two lines declare, when it is not one the text was decoded as. */
export function foreignEncoding(spec: LanguageSpec, text: string): string | undefined {
  const re = directivesOf(spec).encoding;
  if (!re) return undefined;
  const firstTwo = text.split("\n", 2);
  for (const line of firstTwo) {
    const m = re.exec(line);
    if (m && !UTF8_NAMES.test(m[1])) return m[1];
  }
  return undefined;
}

/** A comment that is code: a `#!` line at the start, a directive of the language, or part of a run of comments before a node the language names. */
function isDirective(node: Node, d: Directives): boolean {
  const text = node.text;
  if (node.startIndex === 0 && text.startsWith("#!")) return true;
  if (d.text?.test(text)) return true;
  if (d.before) {
    let next = node.nextNamedSibling;
    while (next && next.type === node.type) next = next.nextNamedSibling;
    if (next && d.before.test(next.text)) return true;
  }
  return false;
}

/**
 * Comment spans in `tree`, in document order; with `rows` (0-based, inclusive [first, last]
 * pairs) only the comments that touch those rows.
 */
export function commentSpans(spec: LanguageSpec, tree: Tree, rows?: [number, number][], keep: (node: Node) => boolean = () => true): [number, number][] {
  const types = spec.commentTypes ?? [];
  if (!types.length || (rows && !rows.length)) return [];
  const ranges = rows ?? [[0, Number.MAX_SAFE_INTEGER >> 1]];
  const seen = new Set<number>();
  const out: [number, number][] = [];
  for (const [first, last] of ranges) {
    for (const node of tree.rootNode.descendantsOfType(types, { row: first, column: 0 }, { row: last + 1, column: 0 })) {
      if (!node || seen.has(node.startIndex)) continue;
      seen.add(node.startIndex);
      if (!keep(node)) continue;
      out.push([node.startIndex, node.endIndex]);
    }
  }
  return out;
}

/** 1-based line numbers -> 0-based [first, last] row runs. */
export function rowRuns(lines: Iterable<number>): [number, number][] {
  const out: [number, number][] = [];
  for (const l of [...lines].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last[1] === l - 2) last[1] = l - 1;
    else out.push([l - 1, l - 1]);
  }
  return out;
}

/**
 * A comment's span for `changed`: [start, end) offsets, with a third element 1 when the comment
 * is code (its edit is never cosmetic), absent when it is an ordinary comment.
 */
export type DiffCommentSpan = [number, number] | [number, number, 1];

/**
 * Every comment, the ones that are code marked (see the top of this file): ordinary comments
 * are blanked to tell cosmetic edits apart; all of them are left out of a header's signature.
 */
export function diffCommentSpans(spec: LanguageSpec, tree: Tree, rows?: [number, number][]): DiffCommentSpan[] {
  // A file in an encoding it was not decoded as: no comment is known to be only a comment.
  const foreign = foreignEncoding(spec, tree.rootNode.text.slice(0, 4096)) !== undefined;
  const directives = directivesOf(spec);
  const code = new Set<number>();
  const spans = commentSpans(spec, tree, rows, (node) => {
    if (foreign || isDirective(node, directives)) code.add(node.startIndex);
    return true;
  });
  return spans.map(([start, end]): DiffCommentSpan => (code.has(start) ? [start, end, 1] : [start, end]));
}
