// The code a parse could not read: what error regions hold, less the complete statements
// error recovery still found inside them. The outline names these lines (FileOutline
// `unparsedRanges`) so a reader knows definitions may be missing there and reads them with
// `region` or grep.
import type { Node } from "web-tree-sitter";
import type { LineRange } from "../types.ts";
import { rowAt } from "./rows.ts";
import { startsLine } from "./text-utils.ts";

/** A half-open span of text offsets. */
export interface Span {
  start: number;
  end: number;
}

/**
 * The unread spans of a tree between `from` and `to`, in document order. Inside an error
 * region, a child that is a whole statement (named, without error, on lines of its own) was
 * read; comments and `;`/`,` neither read nor break a run; everything else (tokens, fragments of
 * constructs, nested error regions) was not. A node with an error inside that is not itself
 * an error region (a definition recovery closed with a MISSING token) is looked into.
 */
export function unreadSpans(root: Node, text: string, from: number, to: number, commentTypes: readonly string[], resumed = false): Span[] {
  const out: Span[] = [];
  const add = (start: number, end: number) => {
    start = Math.max(start, from);
    end = trimmedEnd(root, text, start, Math.min(end, to), commentTypes);
    if (end <= start) return;
    const last = out[out.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else out.push({ start, end });
  };
  // Pre-order with an explicit stack: deeply nested code must not overflow the call stack.
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.endIndex <= from || node.startIndex >= to || !node.hasError) continue;
    if (!node.isError) {
      pushChildren(node, stack);
      continue;
    }
    if (resumed && onlyClosers(node, commentTypes)) continue;
    let run: Span | undefined;
    const children = node.children;
    for (let i = 0; i <= children.length; i++) {
      const child = i < children.length ? children[i] : null;
      if (child && (child.isMissing || commentTypes.includes(child.type) || child.type === ";" || child.type === ",")) continue;
      const whole = child && onLinesOfItsOwn(child, text, commentTypes);
      if (child && !whole) {
        run = run ? { start: run.start, end: child.endIndex } : { start: child.startIndex, end: child.endIndex };
        continue;
      }
      if (run) add(run.start, run.end);
      run = undefined;
      // A whole statement with an error inside it (a definition closed by a MISSING token).
      if (child?.hasError) stack.push(child);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** A named node, not an error region, that starts its line and ends one: a statement error recovery still read whole. */
export function onLinesOfItsOwn(node: Node, text: string, commentTypes: readonly string[]): boolean {
  return node.isNamed && !node.isError && startsLine(text, node.startIndex) && endsLine(text, node.endIndex, commentTypes, node);
}

/**
 * `end` moved back over blanks and over whole lines that hold only a comment (the banner
 * comment above the next definition is no part of the code that was not read).
 */
function trimmedEnd(root: Node, text: string, start: number, end: number, commentTypes: readonly string[]): number {
  for (;;) {
    while (end > start && /\s/.test(text[end - 1])) end--;
    if (end <= start) return end;
    const lineStart = Math.max(start, text.lastIndexOf("\n", end - 1) + 1);
    let first = lineStart;
    while (first < end && (text[first] === " " || text[first] === "\t")) first++;
    const comment = commentAt(root, first, commentTypes);
    if (!comment || comment.endIndex < end) return end;
    end = lineStart;
  }
}

/** An error region holding only closing braces or `end`s (and comments). */
export function onlyClosers(node: Node, commentTypes: readonly string[]): boolean {
  return node.children.every((c) => !c || c.isMissing || c.type === "}" || c.type === "end" || commentTypes.includes(c.type));
}

/** The comment that starts at `index` (the leaf there, or an ancestor starting there too), if any. */
export function commentAt(root: Node, index: number, commentTypes: readonly string[]): Node | undefined {
  for (let n: Node | null = root.descendantForIndex(index); n && n.startIndex === index; n = n.parent) {
    if (commentTypes.includes(n.type)) return n;
  }
  return undefined;
}

function pushChildren(node: Node, stack: Node[]): void {
  const children = node.children;
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i];
    if (child && child.hasError) stack.push(child);
  }
}

/** 1-based inclusive line ranges of spans, lines that touch or overlap merged. */
export function lineRanges(spans: Span[], text: string): LineRange[] {
  return mergeRanges(spans.map((s) => ({ startLine: rowAt(text, s.start) + 1, endLine: rowAt(text, Math.max(s.start, s.end - 1)) + 1 })));
}

/** Line ranges in order, those that touch or overlap merged. */
export function mergeRanges(ranges: LineRange[]): LineRange[] {
  const out: LineRange[] = [];
  for (const r of [...ranges].sort((a, b) => a.startLine - b.startLine)) {
    const last = out[out.length - 1];
    if (last && r.startLine <= last.endLine + 1) last.endLine = Math.max(last.endLine, r.endLine);
    else out.push({ ...r });
  }
  return out;
}

/** Nothing but blanks, `;` or `,` (or a trailing comment the tree put after the node) follows on the line. */
function endsLine(text: string, index: number, commentTypes: readonly string[], node: Node): boolean {
  for (let i = index; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") return true;
    if (ch === " " || ch === "\t" || ch === "\r" || ch === ";" || ch === ",") continue;
    const next = node.nextSibling;
    return !!next && next.startIndex === i && commentTypes.includes(next.type) && next.endPosition.row === next.startPosition.row;
  }
  return true;
}
