// The core entry: a file's bytes and its language in, its outline out. No IO.
import type { Node, Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { loadQuery, parse } from "../parse/parser.ts";
import { checkDefinitionDepth, OutlineLimitError, ParseLimitError } from "../parse/limits.ts";
import { countLines, decodeSourceChecked } from "../text/lines.ts";
import type { Diagnostic, FileOutline } from "../types.ts";
import { scriptSource } from "./embedded.ts";
import { profileFor } from "../languages/profiles.ts";
import { extractDefinitions } from "./extract.ts";
import { buildSymbols, strandedErrorFrom, swallowedFrom } from "./build.ts";
import { contentHash } from "../hash.ts";

const MAX_DIAGNOSTICS = 20;
const MAX_REPARSES = 4;

/** The text with everything before `from` turned to spaces, line breaks kept. */
function blankBefore(text: string, from: number): string {
  return text.slice(0, from).replace(/[^\n\r]/g, " ") + text.slice(from);
}


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
  if (language.partial) diagnostics.push({ severity: "warning", message: language.partial, line: 1 });
  if (!decoded.valid) diagnostics.push({ severity: "warning", message: "invalid UTF-8: bytes replaced by U+FFFD for parsing", line: firstInvalidLine(bytes) });

  const source = await scriptSource(language, text);
  const spec = source.spec;
  text = source.text;
  if (!source.found) diagnostics.push({ severity: "warning", message: "no <script> block", line: 1 });

  const query = await loadQuery(spec, { imports: withImports, definitions: profileFor(spec, text)?.query });
  // A parse stopped by a limit names this file.
  const parseHere = (source: string, old?: Tree) =>
    parse(spec.grammar, source, old).catch((e) => {
      throw e instanceof ParseLimitError ? new OutlineLimitError(path, e.reason, e.hint) : e;
    });
  const tree = await parseHere(text, spec === language ? oldTree : undefined);
  const extraTrees: Tree[] = [];
  try {
    let { defs, imports, hasError } = extractDefinitions(tree, query, spec);
    checkDefinitionDepth(path, defs);
    // Error recovery can swallow the rest of a file into one broken definition. Parse again
    // from where that starts (the text before it blanked, so positions hold) and take the
    // definitions found there.
    // The same where a top-level error region hides definitions.
    const resumeAt = (root: Node, after: number) =>
      earliest(swallowedFrom(defs, spec, text), strandedErrorFrom(root, defs, spec, text, after), after);
    // Both look for errors: in a tree without one (no node then has one) they find nothing.
    for (let from = hasError ? resumeAt(tree.rootNode, -1) : undefined, rounds = 0; from !== undefined && rounds < MAX_REPARSES; rounds++) {
      const again = await parseHere(blankBefore(text, from));
      extraTrees.push(again);
      const more = extractDefinitions(again, query, spec).defs.filter((d) => d.startIndex >= from!);
      defs = [...defs.filter((d) => d.startIndex < from!), ...more];
      checkDefinitionDepth(path, defs);
      from = resumeAt(again.rootNode, from);
    }
    const symbols = buildSymbols(defs, spec, text);
    inspectTree?.(tree);
    if (hasError) diagnostics.push(...syntaxDiagnostics(tree));
    return {
      path,
      language: language.id,
      hash: contentHash(bytes),
      lineCount: countLines(bytes),
      imports,
      symbols,
      diagnostics,
    };
  } finally {
    tree.delete();
    for (const t of extraTrees) t.delete();
  }
}

/** The smaller of two resume points that lie after `after`. */
function earliest(a: number | undefined, b: number | undefined, after: number): number | undefined {
  const ok = [a, b].filter((x): x is number => x !== undefined && x > after);
  return ok.length ? Math.min(...ok) : undefined;
}

function syntaxDiagnostics(tree: Tree): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!tree.rootNode.hasError) return out;
  // Pre-order with an explicit stack: deeply nested code must not overflow the call stack.
  const stack: Node[] = [tree.rootNode];
  while (stack.length && out.length < MAX_DIAGNOSTICS) {
    const node = stack.pop()!;
    if (node.isMissing) {
      out.push({ severity: "warning", message: `syntax error: missing ${node.type}`, line: node.startPosition.row + 1, column: node.startPosition.column + 1 });
      continue;
    }
    // A root that is itself an error (Ruby after a missing `end`) says nothing about where:
    // report the errors inside it when there are any.
    if (node.isError && !(!node.parent && node.children.some((c) => c && (c.hasError || c.isMissing)))) {
      out.push({ severity: "warning", message: "syntax error", line: node.startPosition.row + 1, column: node.startPosition.column + 1 });
      continue; // one report per error region
    }
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child && (child.hasError || child.isMissing)) stack.push(child);
    }
  }
  return out;
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
