// The names one symbol uses, with how often: what `context` looks up as the types it names. They
// come from the language's references query (grammars/<lang>/references.scm: calls, members,
// types, arguments), run over the symbol's lines; a language without one gives the identifiers
// of those lines, comments and strings included (a name counts only once a definition of a type
// by that name is found, so a stray word costs a lookup, never a wrong answer).
import type { LanguageSpec } from "../languages/registry.ts";
import { withScriptQuery } from "../skeleton/script-query.ts";

/** Names shorter than this are locals and loop variables far more often than types. */
const MIN_NAME = 2;
const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/** Name -> uses within lines startLine..endLine (1-based, inclusive) of `text`. */
export async function namesUsed(text: string, language: LanguageSpec, startLine: number, endLine: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const add = (name: string) => {
    if (name.length >= MIN_NAME && !/\s/.test(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  const queried = await withScriptQuery(language, text, "references.scm", (tree, query) => {
    const range = { startPosition: { row: startLine - 1, column: 0 }, endPosition: { row: endLine, column: 0 } };
    for (const cap of query.captures(tree.rootNode, range)) {
      const row = cap.node.startPosition.row + 1;
      if (row >= startLine && row <= endLine) add(cap.node.text);
    }
    return true;
  });
  if (!queried) {
    const lines = text.split("\n").slice(startLine - 1, endLine).join("\n");
    for (const m of lines.matchAll(IDENTIFIER)) add(m[0]);
  }
  return counts;
}
