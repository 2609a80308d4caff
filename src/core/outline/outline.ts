// The core entry: a file's bytes and its language in, its outline out. No IO.
import type { Node, Query, Tree } from "web-tree-sitter";
import { parseMasksOf, type LanguageSpec } from "../languages/registry.ts";
import { loadQuery, loadQueryFile, parse, parsePiece, parseTail } from "../parse/parser.ts";
import { collectReferences } from "./references.ts";
import { checkDefinitionDepth, namingFile } from "../parse/limits.ts";
import { countLines, decodeSourceChecked } from "../text/lines.ts";
import type { Diagnostic, FileOutline, LineRange } from "../types.ts";
import { scriptSource } from "./embedded.ts";
import { profileFor } from "../languages/profiles.ts";
import { extractDefinitions, type RawDefinition } from "./extract.ts";
import { buildSymbols } from "./build.ts";
import { strandedErrorFrom, swallowedFrom } from "./recovery.ts";
import { contentHash } from "../hash.ts";
import { releaseRows, rowAt } from "./rows.ts";
import { lineRanges, mergeRanges, onlyClosers, unreadSpans } from "./unparsed.ts";
import { pieces, startsTopLevel, type Piece } from "./pieces.ts";

const MAX_DIAGNOSTICS = 20;
/** At most this many parses after the first, of at most this many times the file's size in all. */
const MAX_REPARSES = 32;
const REPARSE_BUDGET = 4;

export interface OutlineInput {
  path: string;
  bytes: Uint8Array;
  language: LanguageSpec;
  /** Sees the parse tree before it is freed, so a caller needing more from it need not parse again. */
  inspectTree?: (tree: Tree) => void;
  /** An older version's tree, edited to match these bytes: parsing reuses it (see parse()). Not for embedded scripts, nor where the language masks its text (registry parseMasks). */
  oldTree?: Tree;
  /** False: no import patterns are compiled or matched, and `imports` is empty (`changed` needs definitions only). */
  imports?: boolean;
  /** True: `references` is filled too (what a cached object keeps for the ranked digest). */
  references?: boolean;
}

export async function outlineSource({ path, bytes, language, inspectTree, oldTree, imports: withImports = true, references = false }: OutlineInput): Promise<FileOutline> {
  const decoded = decodeSourceChecked(bytes);
  let text = decoded.text;
  const diagnostics: Diagnostic[] = [];
  if (language.partial) diagnostics.push({ severity: "warning", message: language.partial, line: 1 });
  if (!decoded.valid) diagnostics.push({ severity: "warning", message: "invalid UTF-8: bytes replaced by U+FFFD for parsing", line: firstInvalidLine(bytes) });

  const source = await scriptSource(language, text).catch((e) => {
    throw namingFile(path, e);
  });
  const spec = source.spec;
  text = source.text;
  if (!source.found) diagnostics.push({ severity: "warning", message: "no <script> block", line: 1 });

  const query = await loadQuery(spec, { imports: withImports, definitions: profileFor(spec, text)?.query });
  const refsQuery = references ? await loadQueryFile(spec, "references.scm") : undefined;
  // What the parser reads: the text, or a mask of it (parse-mask.ts) of the same length and lines.
  const masks = parseMasksOf(spec);
  let parseText = masks.filter((m) => m.reads === "always").reduce((t, m) => m.mask(t)?.text ?? t, text);
  // An older tree may come from a masked text (callers keep copies of it): where a language
  // masks, every parse starts afresh, so no tree of one text is the base of another's.
  const reuse = spec === language && !spec.parseMasks ? oldTree : undefined;
  // A text longer than the grammar reads at once is read in pieces (pieces.ts), each a segment.
  const split = spec.maxParseRows ? pieces(parseText, spec.maxParseRows) : [];
  const segments: Segment[] = [];
  try {
    if (split.length > 1) {
      for (const p of split) segments.push({ tree: await named(path, parsePiece(spec.grammar, parseText, p.from, p.to, p.row)), from: p.from });
    } else segments.push({ tree: await named(path, parse(spec.grammar, parseText, reuse)), from: 0 });
    let tree = segments[0].tree;
    let { defs, imports, hasError } = split.length > 1 ? extractPieces(segments, split, query, spec, text) : extractDefinitions(tree, query, spec, text);
    for (const p of split) if (p.forced) diagnostics.push({ severity: "warning", message: `read in pieces of at most ${spec.maxParseRows} lines (the ${spec.name} grammar reads no more at once): one starts here, inside an item, so the item's nested keys from here on are outlined as its members`, line: p.row + 1 });
    let leftOut: LineRange[] = [];
    const onError = masks.find((m) => m.reads === "on-error");
    if (hasError && onError) {
      // A file that does not parse as written may as masked (one configuration of an #if
      // splitting a declaration or a block); that parse is kept when it has fewer errors, and
      // what the mask left out that could hold definitions is reported as unparsed.
      const one = onError.mask(parseText);
      const other = one && (await named(path, parse(spec.grammar, one.text)));
      if (one && other && errorCount(other) < errorCount(tree)) {
        tree.delete();
        segments[0].tree = tree = other;
        parseText = one.text;
        leftOut = one.leftOut;
        ({ defs, imports, hasError } = extractDefinitions(tree, query, spec, text));
        if (leftOut.length && onError.warning) diagnostics.push({ severity: "warning", message: onError.warning, line: leftOut[0].startLine });
      } else other?.delete();
    }
    checkDefinitionDepth(path, defs);
    // (Pieces are parsed apart already: a resumed parse would run to the end of the text.)
    if (hasError && split.length <= 1) defs = await resumeAfterErrors(path, defs, segments, parseText, spec, query);
    const symbols = buildSymbols(defs, spec, parseText, text);
    // A tree of one piece is not the file's: the caller neither reuses it nor reads it whole.
    if (split.length <= 1) inspectTree?.(tree);
    const outline: FileOutline = {
      path,
      language: language.id,
      hash: contentHash(bytes),
      lineCount: countLines(bytes),
      imports,
      symbols,
      diagnostics,
    };
    if (refsQuery) outline.references = collectReferences(segments.map((s, i) => ({ tree: s.tree, from: s.from, to: segments[i + 1]?.from })), refsQuery, symbols, outline.lineCount);
    if (hasError) diagnostics.push(...syntaxDiagnostics(segments, parseText, spec));
    const unread = hasError
      ? segments.flatMap((s, i) => unreadSpans(s.tree.rootNode, parseText, s.from, segments[i + 1]?.from ?? parseText.length, spec.commentTypes ?? [], i > 0))
      : [];
    if (unread.length || leftOut.length) outline.unparsedRanges = mergeRanges([...lineRanges(unread, parseText), ...leftOut]);
    return outline;
  } finally {
    for (const s of segments) s.tree.delete();
    releaseRows();
  }
}

/**
 * The definitions and imports of every piece, each from the tree of its piece, in order. A
 * piece cut inside an item (`forced`) continues the item open where the piece before ended:
 * that item's definitions are extended to the piece's first top-level line, so what the piece
 * holds before it nests under them.
 */
function extractPieces(segments: Segment[], split: Piece[], query: Query, spec: LanguageSpec, text: string): { defs: RawDefinition[]; imports: string[]; hasError: boolean } {
  const defs: RawDefinition[] = [];
  const imports = new Set<string>();
  let hasError = false;
  segments.forEach((s, i) => {
    const piece = split[i];
    if (piece.forced) {
      const open = lastCodeEnd(text, split[i - 1].from, piece.from);
      const end = lastCodeEnd(text, piece.from, firstTopLevelLine(text, piece.from, piece.to));
      for (const d of defs) if (d.startIndex < open && d.endIndex >= open) Object.assign(d, { endIndex: end, spanEnd: { index: end, row: rowAt(text, end) } });
    }
    const one = extractDefinitions(s.tree, query, spec, text);
    defs.push(...one.defs);
    for (const name of one.imports) imports.add(name);
    hasError ||= one.hasError;
  });
  return { defs, imports: [...imports], hasError };
}

/** Where the last line of code (not blank, not a `#` comment) in [from, to) ends. */
function lastCodeEnd(text: string, from: number, to: number): number {
  for (let end = to; end > from; ) {
    const lineEnd = text[end - 1] === "\n" ? end - 1 : end;
    const start = text.lastIndexOf("\n", lineEnd - 1) + 1;
    const line = text.slice(Math.max(start, from), lineEnd).trim();
    if (line && !line.startsWith("#")) return lineEnd;
    end = Math.max(start, from);
  }
  return from;
}

/** The start of the first line after the first in [from, to) that begins at column 0 with code, else `to`. */
function firstTopLevelLine(text: string, from: number, to: number): number {
  for (let i = text.indexOf("\n", from); i >= 0 && i + 1 < to; i = text.indexOf("\n", i + 1)) if (startsTopLevel(text, i + 1)) return i + 1;
  return to;
}

/** Error regions and missing tokens in a tree from `from` on (a measure of which of two parses reads more). */
function errorCount(tree: Tree, from = 0): number {
  let n = 0;
  const stack: Node[] = [tree.rootNode];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.endIndex < from) continue;
    if ((node.isError || node.isMissing) && node.startIndex >= from) n++;
    for (const child of node.children) if (child && (child.hasError || child.isMissing)) stack.push(child);
  }
  return n;
}

/** The tree read for the text from `from` on (up to the next segment's `from`). */
interface Segment {
  tree: Tree;
  from: number;
}

/**
 * Error recovery can swallow the rest of a file into one broken definition, or leave the code
 * after an error as fragments of an error region. Parse again from where that code starts
 * (the text before it left out, so positions hold) and take the definitions found there;
 * again after the next such place, within a budget of rounds and bytes (what is left unread
 * then is reported as unparsed). A parse resumed in an error region is kept only when it reads
 * more of the rest of the file than the parse it would replace (resuming inside a construct
 * can read less). Appends a segment per parse kept; returns the definitions.
 */
async function resumeAfterErrors(path: string, defs: RawDefinition[], segments: Segment[], text: string, spec: LanguageSpec, query: Query): Promise<RawDefinition[]> {
  const budget = REPARSE_BUDGET * text.length;
  let reparsed = 0;
  let after = -1;
  for (let rounds = 0; rounds < MAX_REPARSES; rounds++) {
    const current = segments[segments.length - 1];
    const swallowed = swallowedFrom(defs, spec, text);
    const from = earliest(swallowed, strandedErrorFrom(current.tree.rootNode, defs, spec, text, after), after);
    if (from === undefined || reparsed + (text.length - from) > budget) break;
    const lineStart = text.lastIndexOf("\n", from - 1) + 1;
    const row = rowAt(text, from);
    // A resume point mid-line (after a token of the line) starts the parse there, as if the
    // line's text before it were blank.
    const start = text.slice(lineStart, from).trim() ? from : lineStart;
    const again = await named(path, parseTail(spec.grammar, text, start, { row, column: start - lineStart }));
    reparsed += text.length - start;
    after = from;
    if (from !== swallowed && !readsMore(again, current, from, text, spec)) {
      again.delete();
      continue;
    }
    segments.push({ tree: again, from });
    const more = extractDefinitions(again, query, spec).defs.filter((d) => d.startIndex >= from);
    defs = [...defs.filter((d) => d.startIndex < from), ...more];
    checkDefinitionDepth(path, defs);
  }
  return defs;
}

/** A parse stopped by a limit (parser.ts) names this file. */
function named(path: string, parsing: Promise<Tree>): Promise<Tree> {
  return parsing.catch((e) => {
    throw namingFile(path, e);
  });
}

/** Whether `tail` (a parse from `from` on) leaves less of the text after `from` unread than `current` did. */
function readsMore(tail: Tree, current: Segment, from: number, text: string, spec: LanguageSpec): boolean {
  const comments = spec.commentTypes ?? [];
  const unread = (root: Node, resumed: boolean) =>
    unreadSpans(root, text, from, text.length, comments, resumed).reduce((n, s) => n + s.end - s.start, 0);
  const mine = unread(tail.rootNode, true);
  const theirs = unread(current.tree.rootNode, current.from > 0);
  return mine < theirs || (mine === theirs && errorCount(tail, from) <= errorCount(current.tree, from));
}

/** The smaller of two resume points that lie after `after`. */
function earliest(a: number | undefined, b: number | undefined, after: number): number | undefined {
  const ok = [a, b].filter((x): x is number => x !== undefined && x > after);
  return ok.length ? Math.min(...ok) : undefined;
}

/**
 * Syntax errors, each from the tree read for the text it is in (the first MAX_DIAGNOSTICS). A
 * missing token the tree put at the end of the line where the next parse takes over (a missing
 * `end` before the comment that leads the next definition) is still this tree's.
 */
function syntaxDiagnostics(segments: Segment[], text: string, spec: LanguageSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  segments.forEach((s, i) => {
    const next = segments[i + 1]?.from;
    const to = next ?? text.length;
    const missingTo = next === undefined ? to : Math.max(to, lineEnd(text, next));
    if (!s.tree.rootNode.hasError) return;
    // Pre-order with an explicit stack: deeply nested code must not overflow the call stack.
    const stack: Node[] = [s.tree.rootNode];
    while (stack.length && out.length < MAX_DIAGNOSTICS) {
      const node = stack.pop()!;
      if (node.endIndex < s.from || node.startIndex > missingTo) continue;
      if (node.isMissing) {
        if (node.startIndex >= s.from) out.push({ severity: "warning", message: `syntax error: missing ${node.type}`, line: node.startPosition.row + 1, column: node.startPosition.column + 1 });
        continue;
      }
      // A root that is itself an error (Ruby after a missing `end`) says nothing about where:
      // report the errors inside it when there are any.
      if (node.isError && !(!node.parent && node.children.some((c) => c && (c.hasError || c.isMissing)))) {
        // A resumed parse's stray closers of the bodies it started in are no error of the file.
        if (node.startIndex >= s.from && node.startIndex < to && !(i > 0 && onlyClosers(node, spec.commentTypes ?? [], text))) out.push({ severity: "warning", message: "syntax error", line: node.startPosition.row + 1, column: node.startPosition.column + 1 });
        continue; // one report per error region
      }
      const children = node.children;
      for (let i = children.length - 1; i >= 0; i--) {
        const child = children[i];
        if (child && (child.hasError || child.isMissing)) stack.push(child);
      }
    }
  });
  return out;
}

/** Where the line holding `index` ends. */
function lineEnd(text: string, index: number): number {
  const end = text.indexOf("\n", index);
  return end < 0 ? text.length : end;
}

function firstInvalidLine(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let line = 1;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        decoder.decode(bytes.subarray(start, i));
      } catch {
        return line;
      }
      line++;
      start = i + 1;
    }
  }
  return 1;
}
