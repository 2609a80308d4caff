// Call sites of a name across the repository, grouped by the enclosing symbol and marked by how
// they relate to a definition of that name (same file, through an import, or the name alone).
import type { CallerGroup, Callers } from "../../core/calls/types.ts";
import { flatten } from "../../core/symbols/find.ts";
import type { OutlineSymbol } from "../../core/types.ts";
import { CALLABLE } from "./resolver.ts";
import { parsedOrSkip, type RepoSymbols } from "../repo-symbols.ts";

/** Call sites whose callee's last name is `name` (in files matching `glob`, if given), grouped by the enclosing symbol. */
export async function findCallers(repo: RepoSymbols, name: string, glob?: string): Promise<Callers> {
  const groups: CallerGroup[] = [];
  for (const path of repo.filesMentioning(name, glob)) {
    const file = await parsedOrSkip(repo, path);
    if (!file) continue;
    if (!file.scan) continue;
    const all = flatten(file.outline.symbols);
    const definesIt = all.some((s) => s.name === name && CALLABLE.has(s.kind));
    const imports = file.scan.imports;
    const byOwner = new Map<OutlineSymbol | undefined, CallerGroup>();
    for (const c of file.scan.calls) {
      if (c.name !== name) continue;
      const owner = innermost(all, c.line);
      let g = byOwner.get(owner);
      if (!g) {
        const receiver = c.callee.includes(".") ? c.callee.slice(0, c.callee.lastIndexOf(".")) : undefined;
        const first = receiver?.split(".")[0];
        const imported = imports.some((i) => (i.name ?? i.bound) === name || (receiver !== undefined && (i.bound === receiver || i.bound.split(".")[0] === first)));
        g = { path, symbol: owner, sites: [], resolution: definesIt && !receiver ? "same-file" : imported ? "import" : "name-match" };
        byOwner.set(owner, g);
        groups.push(g);
      }
      g.sites.push({ callee: c.callee, line: c.line });
    }
  }
  return { name, ...(glob !== undefined ? { within: glob } : {}), groups };
}

/**
 * The smallest symbol holding `line`. A symbol that lies inside a larger one it is not a member
 * of (a Python instance attribute inside the method that assigns it) leaves the line to that
 * one: a call there is the method's.
 */
export function innermost(symbols: OutlineSymbol[], line: number): OutlineSymbol | undefined {
  const size = (s: OutlineSymbol) => s.endLine - s.startLine;
  const holding = symbols.filter((s) => s.startLine <= line && line <= s.endLine);
  const within = (s: OutlineSymbol, t: OutlineSymbol) => t.startLine <= s.startLine && s.endLine <= t.endLine && size(t) > size(s);
  let best: OutlineSymbol | undefined;
  for (const s of holding) {
    if (holding.some((t) => within(s, t) && !s.qualifiedName.startsWith(`${t.qualifiedName}.`))) continue;
    if (!best || size(s) <= size(best)) best = s;
  }
  return best;
}
