// A definition's signature: its header sliced from the file (decorators left out, macros the
// parser skipped kept), folded to one line; the body and what follows it left out.
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import type { RawDefinition } from "./extract.ts";
import type { Placed } from "./placed.ts";
import { firstLineSignature, foldSignature } from "./text-utils.ts";

const MAX_SIGNATURE_SOURCE = 600;
const MAX_BROKEN_HEADER_LINES = 8;

export function signatureOf(raw: RawDefinition, p: Placed, spec: LanguageSpec, parsed: string, text: string): string {
  // Keep `export`, `export default`, `declare`, `template <...>` in the signature; leave
  // decorators out, whether they sit inside the node (TS `@dec class`) or its wrapper.
  const leading = spec.leadingTypes ?? [];
  let start = startAfterLeading(raw.node, leading);
  for (const w of p.wrappers) {
    const from = startAfterLeading(w, leading);
    if (!text.slice(from, start).trimStart().startsWith("@")) start = from;
    else break;
  }
  const skipped = spec.signatureSkipTypes?.length ? leadingSkippedEnd(raw.node, spec.signatureSkipTypes) : undefined;
  if (skipped !== undefined && skipped > start) {
    start = skipped;
    while (start < raw.endIndex && /\s/.test(text[start])) start++;
  }
  // Macros the parser did not read (`FMT_API void f()`) still head the signature.
  if (parsed !== text) start = maskedLead(parsed, text, start);
  if (raw.body && raw.body.startIndex > start) {
    const end = headerEnd(raw, raw.body, spec.commentTypes ?? []);
    const head = text.slice(start, end > start ? end : raw.body.startIndex);
    // Error recovery can put a whole class before a "body", or start the body far below the
    // header: the text between is not a signature, so only its first line.
    if (head.length > MAX_SIGNATURE_SOURCE) return firstLineSignature(head);
    if (raw.hasError && head.split("\n").length > MAX_BROKEN_HEADER_LINES) return firstLineSignature(head);
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
  const lines = whole.split("\n");
  if (lines.length <= 4 && whole.length <= 200) return foldSignature(whole);
  const first = firstLineSignature(whole);
  // A name on the last line (C `typedef struct list {\n ...\n} list_t;`) is kept after it.
  const last = lines[lines.length - 1].trim();
  if (!first.includes(raw.nameText) && last.includes(raw.nameText) && last.length <= 120) return `${first.replace(/ …$/, "")} … ${last}`;
  return first;
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
