// Where an import leads for a name: to one of the given files (through re-exports: `export { f }
// from "./f"`, `export * from "./f"`, `from .f import f`), to another definition of the
// workspace, outside the workspace, or not known. `changed --impact` ties call sites with it;
// `tests` drops mentions it proves to mean another definition.
import { normalize, posix, relative, sep } from "node:path";
import { familyOf, moduleCandidates } from "../../core/calls/modules.ts";
import { REGISTRY, type LanguageSpec } from "../../core/languages/registry.ts";
import { parsedOrSkip, type RepoSymbols } from "../repo-symbols.ts";

/** How many re-exports an import is followed through. */
export const MAX_REEXPORTS = 4;

export type Lead = "ours" | "other" | "outside" | "unknown";

export interface LeadQuery {
  repo: RepoSymbols;
  /** The files (as the repository view names them) that count as ours. */
  ours: string[];
  /** A module candidate (relative to the view's base, or absolute under a root) as the view names it. */
  shown(candidate: string): string;
}

/** A module candidate (relative to the view's base, or absolute under a root) as relative to the base, with `/`. */
export function candidateShown(repo: RepoSymbols, candidate: string): string {
  const posixOf = (p: string) => (sep === "/" ? p : p.split(sep).join("/"));
  return candidate.startsWith("/") || /^[A-Za-z]:[\\/]/.test(candidate) ? posixOf(relative(repo.access.base, candidate)) : posix.normalize(posixOf(normalize(candidate)));
}

/** Where `module`, imported from `fromShown`, leads for `name`. */
export async function importLeadsTo(q: LeadQuery, fromShown: string, module: string, name: string, spec: LanguageSpec | undefined, depth = 0): Promise<Lead> {
  const { repo } = q;
  const roots = [...new Set([...repo.access.listRoots, ...repo.access.roots])];
  const candidates = moduleCandidates(fromShown, module, spec && familyOf(spec), roots).map(q.shown);
  if (candidates.some((c) => q.ours.includes(c))) return "ours";
  let found: string | undefined;
  for (const c of candidates) {
    if (repo.access.probe(c) === "file") {
      found = repo.access.locate(c);
      break;
    }
  }
  if (found === undefined) return "outside";
  if (depth >= MAX_REEXPORTS) return "unknown";
  const parsed = await parsedOrSkip(repo, found);
  if (!parsed) return "unknown";
  if (parsed.outline.symbols.some((s) => s.name === name)) return "other";
  let lead: Lead = "unknown";
  for (const i of parsed.scan?.imports ?? []) {
    if (i.bound !== name && i.bound !== "*") continue;
    const next = await importLeadsTo(q, found, i.module, i.name ?? name, REGISTRY.byId.get(parsed.outline.language), depth + 1);
    if (next === "ours") return "ours";
    if (next === "other" && i.bound === name) lead = "other";
  }
  return lead;
}
