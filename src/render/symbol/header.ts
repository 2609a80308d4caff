// The one header line of every symbol view (full text, skeleton, drill), CLI and MCP alike:
//
//   # src/orders.py:10-24 Orders.process (method, sha256:4cedf6ffe0fc)
//   # src/orders.py:12-120 Orders.process (method, 109 lines, skeleton, sha256:4cedf6ffe0fc)
//   # src/orders.py:14-18 Orders.process if@14 (sha256:4cedf6ffe0fc)
//
// path and lines of what follows, the qualified name, what kind of text it is, and the first
// digits of the file's content hash (for `region --hash` / read_region: the lines are those of
// that version of the file).
import { quotePath } from "../../core/text/quote.ts";
import { HASH_PREFIX } from "../../core/hash.ts";

/** The header line of every symbol view (see the top), with its newline. */
export function symbolHeader(path: string, startLine: number, endLine: number, name: string, parts: string[], hash: string): string {
  return `# ${quotePath(path)}:${startLine}-${endLine} ${name} (${[...parts, `sha256:${hash.slice(0, HASH_PREFIX)}`].join(", ")})\n`;
}
