// Names built from several nodes: Terraform's `resource "aws_vpc" "this"` is `aws_vpc.this`, a
// Kubernetes object is `Deployment/web` (its `kind:` and its `metadata.name:`). A pattern
// captures the parts as `@name` (the first), `@name.2`, `@name.3`, …, and joins them with its
// `name.separator` property: `(#set! name.separator "/")`, `.` when unset. A part missing from
// a match (an optional capture) is left out. Each part is unquoted (registry `quotedNames`);
// the joined name is then used as it is: never split on the scope separator, cut or trimmed.
// A pattern with `(#set! name.header)` names its definition by its header instead: the text
// before its `@body`, blanks folded (a CSS at-rule, `@media (max-width: 600px)`, whose prelude
// is several nodes or none).
import type { Node, Query } from "web-tree-sitter";

export interface NamePart {
  order: number;
  node: Node;
}

/** The part's order from its capture name: `name` 1, `name.2` 2; undefined for another capture. */
export function namePartOrder(capture: string): number | undefined {
  if (capture === "name") return 1;
  if (!capture.startsWith("name.")) return undefined;
  const n = Number(capture.slice(5));
  return Number.isInteger(n) && n >= 2 ? n : undefined;
}

/** Whether any pattern of the query builds its names from parts. */
export function hasNameParts(query: Query): boolean {
  return query.captureNames.some((c) => c !== "name" && namePartOrder(c) !== undefined);
}

/** The first part (the node a definition's name is said to start at) and the joined text. */
export function joinParts(parts: NamePart[], separator: string | null | undefined, quotes: string | undefined): { first: Node; text: string } {
  const sorted = [...parts].sort((a, b) => a.order - b.order || a.node.startIndex - b.node.startIndex);
  const text = sorted.map((p) => unquote(p.node.text.trim(), quotes)).join(separator ?? ".");
  return { first: sorted[0].node, text };
}

function unquote(text: string, quotes: string | undefined): string {
  if (!quotes || text.length < 2) return text;
  for (const q of quotes) if (text.startsWith(q) && text.endsWith(q)) return text.slice(1, -1);
  return text;
}

export const HEADER_NAME = "name.header";

/** The definition's text before its body, blanks folded to single spaces. */
export function headerName(def: Node, body: Node): string {
  return def.text.slice(0, Math.max(0, body.startIndex - def.startIndex)).replace(/\s+/g, " ").trim();
}
