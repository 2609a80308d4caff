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
    if (end > start) out.push({ start, end });
  };
  // Code after `node` that starts on the line where an unread stretch ends (error recovery
  // or a desync after an error split that line): unread too, sibling after sibling.
  const andSiblingsOnItsLine = (node: Node, end: number) => {
    let row = rowAt(text, end);
    for (let next = node.nextSibling; next && next.startIndex >= end && rowAt(text, next.startIndex) === row && !commentTypes.includes(next.type); next = next.nextSibling) {
      add(next.startIndex, next.endIndex);
      row = rowAt(text, next.endIndex);
    }
  };
  // Pre-order with an explicit stack: deeply nested code must not overflow the call stack.
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.endIndex <= from || node.startIndex >= to || !node.hasError) continue;
    if (node.isMissing) {
      // A quote recovery closed: the string ran from its opening quote over all that follows
      // (code read as text), up to here; from the start of the outermost construct it ends.
      if (QUOTES.has(node.type)) {
        let outer = node;
        for (let n = node.parent; n && n.parent && n.endIndex === node.endIndex; n = n.parent) outer = n;
        if (rowAt(text, outer.startIndex) < rowAt(text, node.startIndex)) add(outer.startIndex, node.endIndex);
      }
      // What recovery closed with it may go on, on this line, as code of another shape
      // (`TEST() {` read as a call, its `;` missing, and a block).
      for (let n = node.parent; n && n.endIndex === node.endIndex && n.parent; n = n.parent) andSiblingsOnItsLine(n, node.endIndex);
      continue;
    }
    if (!node.isError) {
      // Text after the root's last child (a Kotlin string recovery never closed ends the tree there).
      const last = node.parent ? null : node.lastChild;
      if (last && /\S/.test(text.slice(last.endIndex, node.endIndex))) add(last.endIndex, node.endIndex);
      // A construct that holds an error and runs on over lines that start left of it swallowed
      // them (the parse is out of step before the error shows: a quote read the other way round).
      const swallowed = node.parent ? outdentedAfter(node, node.startIndex, text) : undefined;
      if (swallowed !== undefined) {
        add(swallowed, node.endIndex);
        andSiblingsOnItsLine(node, node.endIndex);
      }
      pushChildren(node, stack);
      continue;
    }
    if (resumed && onlyClosers(node, commentTypes, text)) continue;
    let run: Span | undefined;
    const children = node.children;
    let gapFrom = node.startIndex;
    for (let i = 0; i <= children.length; i++) {
      const child = i < children.length ? children[i] : null;
      // Text of the region no child holds (the rest of a file a Kotlin `}` made one string).
      const gapTo = child ? child.startIndex : node.endIndex;
      if (gapTo > gapFrom && /\S/.test(text.slice(gapFrom, gapTo))) run = { start: run?.start ?? gapFrom, end: gapTo };
      if (child) gapFrom = Math.max(gapFrom, child.endIndex);
      if (child && (child.isMissing || commentTypes.includes(child.type) || child.type === ";" || child.type === ",")) continue;
      // (A token, such as a line of a string the error region split, is no statement.)
      const whole = child && child.childCount > 0 && onLinesOfItsOwn(child, text, commentTypes);
      if (child && !whole) {
        run = run ? { start: run.start, end: child.endIndex } : { start: child.startIndex, end: child.endIndex };
        continue;
      }
      if (run) add(run.start, run.end);
      run = undefined;
      if (!child) continue;
      // A whole statement that runs on over lines that start left of it was read only up to there.
      const swallowed = outdentedAfter(child, child.startIndex, text);
      if (swallowed !== undefined) add(swallowed, child.endIndex);
      // A whole statement with an error inside it (a definition closed by a MISSING token).
      if (child.hasError) stack.push(child);
    }
  }
  // In document order, those that touch or overlap merged (found in tree order, not text order).
  const merged: Span[] = [];
  for (const span of out.sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The closing quotes of strings (a MISSING one closes a string that swallowed code). */
const QUOTES = new Set(['"', "'", "`", '"""', "'''"]);

/**
 * Lines that may start left of a construct inside it: closers (`}`, `end`, `fi`, `done`), the
 * continuations of its own keywords (`else`, `elif`, `rescue`), comments, directives and labels
 * (`out:`, `public:`).
 */
const OUTDENT_ALLOWED = /^(?:[)\]}>]|(?:end|fi|done|esac|else|elif|elsif|elseif|then|do|until|rescue|ensure|except|finally|catch|when|case|default|in)\b|#|\/\/|\/\*|\*|--|;|[A-Za-z_]\w*:(?!:)|$)/;

/**
 * The start of the first line after `after` inside `node` whose code starts at or left of the
 * indentation of the node's first line (and is none of OUTDENT_ALLOWED): code the node swallowed, which error
 * recovery, or a parse out of step after an error (a quote read the other way round), ran it
 * over. Text-based: inside such a desync a definition can lie in what the tree calls a string.
 */
export function outdentedAfter(node: Node, after: number, text: string): number | undefined {
  const start = node.startIndex;
  // The indentation of its first line (a body's `{` stands after its header).
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  let column = 0;
  while (lineStart + column < start && (text[lineStart + column] === " " || text[lineStart + column] === "\t")) column++;
  const end = node.endIndex;
  for (let nl = text.indexOf("\n", Math.max(start, after)); nl >= 0 && nl + 1 < end; nl = text.indexOf("\n", nl + 1)) {
    let i = nl + 1;
    while (i < end && (text[i] === " " || text[i] === "\t")) i++;
    if (i >= end) break;
    if (i - nl - 1 > column || text[i] === "\n" || text[i] === "\r") continue;
    if (!OUTDENT_ALLOWED.test(text.slice(i, i + 32)) && !startsItem(node, i)) return nl + 1;
  }
  return undefined;
}

/**
 * An item of `node` starts at `index`: a node that starts there is a child of `node`, or of a
 * child of it opened on its first line (its body): the tree agrees the line is one of the
 * node's own, as in a namespace, `extern "C"` or `#ifdef` block written without indentation.
 * A line swallowed starts inside a string, or deeper in an item begun on an earlier line.
 */
function startsItem(node: Node, index: number): boolean {
  const row = node.startPosition.row;
  for (let n: Node | null = node.descendantForIndex(index); n && n.startIndex === index && n.id !== node.id; n = n.parent) {
    const parent = n.parent;
    if (!parent) return false;
    if (parent.id === node.id || (parent.parent?.id === node.id && parent.startPosition.row === row)) return true;
  }
  return false;
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

/** An error region holding only closing braces or `end`s (and comments), and no text outside its children. */
export function onlyClosers(node: Node, commentTypes: readonly string[], text: string): boolean {
  let at = node.startIndex;
  for (const c of node.children) {
    if (!c) continue;
    if (!(c.isMissing || c.type === "}" || c.type === "end" || commentTypes.includes(c.type)) || /\S/.test(text.slice(at, c.startIndex))) return false;
    at = Math.max(at, c.endIndex);
  }
  return !/\S/.test(text.slice(at, node.endIndex));
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
