// The core entry: a file's bytes and its language in, its outline out. No IO.
import type { Node, Query, Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { loadQuery, parse, parseTail } from "../parse/parser.ts";
import { countLines, decodeSourceChecked } from "../text/lines.ts";
import type { Diagnostic, FileOutline } from "../types.ts";
import { scriptSource } from "./embedded.ts";
import { extractDefinitions, type RawDefinition } from "./extract.ts";
import { buildSymbols, strandedErrorFrom, swallowedFrom } from "./build.ts";
import { contentHash } from "../hash.ts";
import { releaseRows, rowAt } from "./rows.ts";
import { lineRanges, onlyClosers, unreadSpans } from "./unparsed.ts";

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
  /** An older version's tree, edited to match these bytes: parsing reuses it (see parse()). Not for embedded scripts. */
  oldTree?: Tree;
  /** False: no import patterns are compiled or matched, and `imports` is empty (`changed` needs definitions only). */
  imports?: boolean;
}

export async function outlineSource({ path, bytes, language, inspectTree, oldTree, imports: withImports = true }: OutlineInput): Promise<FileOutline> {
  const decoded = decodeSourceChecked(bytes);
  let text = decoded.text;
  const diagnostics: Diagnostic[] = [];
  if (!decoded.valid) diagnostics.push({ severity: "warning", message: "invalid UTF-8: bytes replaced by U+FFFD for parsing", line: firstInvalidLine(bytes) });

  const source = await scriptSource(language, text);
  const spec = source.spec;
  text = source.text;
  if (!source.found) diagnostics.push({ severity: "warning", message: "no <script> block", line: 1 });

  const query = await loadQuery(spec, { imports: withImports });
  const tree = await parse(spec.grammar, text, spec === language ? oldTree : undefined);
  const segments: Segment[] = [{ tree, from: 0 }];
  try {
    let { defs, imports, hasError } = extractDefinitions(tree, query, spec);
    if (hasError) defs = await resumeAfterErrors(defs, segments, text, spec, query);
    const symbols = buildSymbols(defs, spec, text);
    inspectTree?.(tree);
    const outline: FileOutline = {
      path,
      language: language.id,
      hash: contentHash(bytes),
      lineCount: countLines(bytes),
      imports,
      symbols,
      diagnostics,
    };
    if (hasError) {
      diagnostics.push(...syntaxDiagnostics(segments, text, spec));
      const unread = segments.flatMap((s, i) => unreadSpans(s.tree.rootNode, text, s.from, segments[i + 1]?.from ?? text.length, spec.commentTypes ?? [], i > 0));
      if (unread.length) outline.unparsedRanges = lineRanges(unread, text);
    }
    return outline;
  } finally {
    for (const s of segments) s.tree.delete();
    releaseRows();
  }
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
 * then is reported as unparsed). Appends a segment per parse; returns the definitions.
 */
async function resumeAfterErrors(defs: RawDefinition[], segments: Segment[], text: string, spec: LanguageSpec, query: Query): Promise<RawDefinition[]> {
  const resumeAt = (root: Node, after: number) =>
    earliest(swallowedFrom(defs, spec, text), strandedErrorFrom(root, defs, spec, text, after), after);
  const budget = REPARSE_BUDGET * text.length;
  let reparsed = 0;
  for (let from = resumeAt(segments[0].tree.rootNode, -1); from !== undefined; ) {
    if (segments.length > MAX_REPARSES || reparsed + (text.length - from) > budget) break;
    const lineStart = text.lastIndexOf("\n", from - 1) + 1;
    const row = rowAt(text, from);
    // A resume point mid-line (after a token of the line) starts the parse there, as if the
    // line's text before it were blank.
    const start = text.slice(lineStart, from).trim() ? from : lineStart;
    const again = await parseTail(spec.grammar, text, start, { row, column: start - lineStart });
    segments.push({ tree: again, from });
    reparsed += text.length - start;
    const at = from;
    const more = extractDefinitions(again, query, spec).defs.filter((d) => d.startIndex >= at);
    defs = [...defs.filter((d) => d.startIndex < at), ...more];
    from = resumeAt(again.rootNode, at);
  }
  return defs;
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
        if (node.startIndex >= s.from && node.startIndex < to && !(i > 0 && onlyClosers(node, spec.commentTypes ?? []))) out.push({ severity: "warning", message: "syntax error", line: node.startPosition.row + 1, column: node.startPosition.column + 1 });
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
