// The node types a query's patterns start at, read from the query source: with them the
// outline can run the query only at those nodes (see outline/matches.ts), not over every node.
import type { Language, Query } from "web-tree-sitter";

/**
 * The root node types of all the patterns of `query`, or undefined when some pattern's root is
 * not one plain named node type: a wildcard `(_)`, an anonymous `"node"`, a supertype, a
 * `(super/sub)` type, `MISSING`, or several sibling roots (a pattern that is not rooted).
 * `ERROR` counts as a type. `source` is the text the query was compiled from.
 */
export function patternRootTypes(query: Query, source: string, language: Language): string[] | undefined {
  const bytes = new TextEncoder().encode(source);
  const decoder = new TextDecoder();
  const supertypes = new Set(language.supertypes.map((id) => language.types[id]));
  const roots = new Set<string>();
  for (let i = 0, n = query.patternCount(); i < n; i++) {
    if (!query.isPatternRooted(i)) return undefined;
    // Pattern offsets are UTF-8 byte offsets into the source.
    const text = decoder.decode(bytes.subarray(query.startIndexForPattern(i), query.endIndexForPattern(i)));
    const types = rootsOf(text, 0);
    if (!types) return undefined;
    for (const type of types.types) {
      if (type !== "ERROR") {
        // A supertype is a hidden node: the query matches its subtypes, which no walk over
        // visible nodes finds by that name. (Older grammars list no supertypes: hence both tests.)
        const id = language.idForNodeType(type, true);
        if (id === null || supertypes.has(type) || !language.nodeTypeIsVisible(id)) return undefined;
      }
      roots.add(type);
    }
  }
  return [...roots];
}

/** The root types of the pattern element at `at` in `text`; undefined when it has no plain root. */
function rootsOf(text: string, at: number): { types: string[] } | undefined {
  let i = skipBlank(text, at);
  if (text[i] === "[") {
    // Alternation: every alternative is a root.
    const types: string[] = [];
    for (i = skipBlank(text, i + 1); i < text.length && text[i] !== "]"; i = skipBlank(text, skipElement(text, i))) {
      if (text[i] === "@" || "?*+".includes(text[i])) continue; // a capture or quantifier after an alternative
      const alt = rootsOf(text, i);
      if (!alt) return undefined;
      types.push(...alt.types);
    }
    return text[i] === "]" ? { types } : undefined;
  }
  if (text[i] !== "(") return undefined;
  const inner = skipBlank(text, i + 1);
  // A group: `((node ...) @capture (#predicate ...))`. The pattern is rooted, so it holds one node.
  if (text[inner] === "(" || text[inner] === "[") return text[skipBlank(text, inner + 1)] === "#" ? undefined : rootsOf(text, inner);
  const m = /^[A-Za-z][\w.-]*/.exec(text.slice(inner, inner + 200));
  if (!m || m[0] === "MISSING" || text[inner + m[0].length] === "/") return undefined;
  return { types: [m[0]] };
}

function skipBlank(text: string, i: number): number {
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text[i] !== ";") return i;
    while (i < text.length && text[i] !== "\n") i++;
  }
}

/** Past one element at `i`: a bracketed `(...)` or `[...]` (strings and comments inside skipped), a string, or a word. */
function skipElement(text: string, i: number): number {
  let depth = 0;
  do {
    const ch = text[i];
    if (ch === "(" || ch === "[") depth++;
    else if (ch === ")" || ch === "]") depth--;
    else if (ch === ";") {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    } else if (ch === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (depth === 0) {
      while (i + 1 < text.length && !/[\s()\[\]";]/.test(text[i + 1])) i++;
    }
    i++;
  } while (depth > 0 && i < text.length);
  return i;
}
