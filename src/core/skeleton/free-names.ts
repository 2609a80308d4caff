// For a nested function: the names it uses that its enclosing functions bind, with the line
// of each binding, so an agent can read the inner function alone. Bindings and references
// come from grammars/<lang>/scope.scm; the rule itself is language-neutral.
import type { Node } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { withScriptQuery } from "./script-query.ts";
import type { OutlineSymbol } from "../types.ts";

export interface NameSite {
  name: string;
  line: number;
}

export interface ScopeScan {
  bindings: NameSite[];
  references: NameSite[];
}

export interface OuterName {
  name: string;
  /** Where the enclosing function first binds it (parameter, assignment, import, loop variable). */
  line: number;
  /** The enclosing symbol that binds it. */
  in: string;
}

export async function scanScope(text: string, language: LanguageSpec): Promise<ScopeScan | undefined> {
  return withScriptQuery(language, text, "scope.scm", (tree, query) => {
    const bindings: NameSite[] = [];
    const refs = new Map<number, Node>();
    const skip = new Set<number>();
    for (const cap of query.captures(tree.rootNode)) {
      if (cap.name === "binding") bindings.push(site(cap.node));
      else if (cap.name === "skip") skip.add(cap.node.id);
      else if (cap.name === "reference") refs.set(cap.node.id, cap.node);
    }
    const references = [...refs].filter(([id]) => !skip.has(id)).map(([, n]) => site(n));
    return { bindings, references };
  });
}

function site(n: Node): NameSite {
  return { name: n.text, line: n.startPosition.row + 1 };
}

const FUNCTION_LIKE = new Set(["function", "method", "constructor"]);

/**
 * `chain` runs from the outermost symbol down to the nested one (as found in the outline).
 * Only enclosing functions count: a class body is not a scope its methods' functions see.
 */
export function outerNames(chain: OutlineSymbol[], scope: ScopeScan): OuterName[] {
  const inner = chain[chain.length - 1];
  const enclosing = chain.slice(0, -1).filter((s) => FUNCTION_LIKE.has(s.kind));
  if (!enclosing.length || !FUNCTION_LIKE.has(inner.kind)) return [];
  const inside = (line: number, s: OutlineSymbol) => line >= s.startLine && line <= s.endLine;
  // The inner function's own signature line binds its parameters (and its name).
  const boundInside = new Set(scope.bindings.filter((b) => inside(b.line, inner)).map((b) => b.name));
  const used = new Set<string>();
  for (const r of scope.references) if (inside(r.line, inner) && !boundInside.has(r.name)) used.add(r.name);

  const out: OuterName[] = [];
  for (const name of used) {
    // The nearest enclosing function that binds it wins (inner shadows outer).
    for (const fn of [...enclosing].reverse()) {
      const sites = scope.bindings.filter((b) => b.name === name && inside(b.line, fn) && !inside(b.line, inner));
      if (!sites.length) continue;
      const at = sites[0].line;
      out.push({ name, line: at, in: fn.qualifiedName });
      break;
    }
  }
  return out.sort((a, b) => a.line - b.line || a.name.localeCompare(b.name));
}
