// A definition's signature: its header sliced from the file (decorators left out, macros the
// parser skipped kept), folded to one line; the body and what follows it left out.
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import type { RawDefinition } from "./extract.ts";
import type { Placed } from "./placed.ts";
import { firstLineSignature, foldSignature } from "./text-utils.ts";

const MAX_SIGNATURE_SOURCE = 600;
const CALLABLE_KINDS = new Set(["function", "method", "constructor"]);
const MAX_BROKEN_HEADER_LINES = 8;

export function signatureOf(raw: RawDefinition, p: Placed, spec: LanguageSpec, parsed: string, text: string): string {
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
