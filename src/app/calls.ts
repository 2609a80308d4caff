// Call chains and callers over the repository. Each call is resolved, in this order, through
// the same file's definitions, the file's imports (module found in the workspace), then any
// definition of that name in the repo (name-match: not type-checked), else it is unresolved.
// Files are reached only through the RepoSymbols' FileAccess: a module that resolves outside
// the workspace (a `..` path, an absolute one, a symlink out) counts as not in the workspace.
import { flatten, resolveSymbol } from "../core/symbols/find.ts";
import { moduleCandidates } from "../core/calls/modules.ts";
import { REGISTRY } from "../core/languages/registry.ts";
import { OutlineError } from "../core/errors.ts";
import type { CallSite, ImportBinding } from "../core/skeleton/scan.ts";
import type { OutlineSymbol } from "../core/types.ts";
import type { ParsedFile, RepoSymbols } from "./repo-symbols.ts";

export type ResolutionKind = "same-file" | "import" | "name-match" | "unresolved";

export interface CallTarget {
  path: string;
  symbol: OutlineSymbol;
}

export interface Resolved {
  resolution: ResolutionKind;
  target?: CallTarget;
  /** For an import whose module is not in the workspace (stdlib, a package). */
  module?: string;
  /** name-match: how many definitions carry that name. */
  candidates?: number;
}

const CALLABLE = new Set(["function", "method", "constructor", "class", "struct", "macro"]);
const SELF = new Set(["self", "this", "cls", "Self", "super()"]);

export interface CallResolver {
  resolve(from: { path: string; file: ParsedFile; symbol?: OutlineSymbol }, call: CallSite): Promise<Resolved>;
}

export function callResolver(repo: RepoSymbols): CallResolver {
  const roots = [...new Set([...repo.access.listRoots, ...repo.access.roots])];
  const byName = new Map<string, Promise<(CallTarget & { language: string })[]>>();

  const definitionsNamed = (name: string): Promise<(CallTarget & { language: string })[]> => {
    let p = byName.get(name);
    if (!p) {
      p = (async () => {
        const out: (CallTarget & { language: string })[] = [];
        for (const path of repo.filesMentioning(name)) {
          const parsed = await parsedOrSkip(repo, path);
          if (!parsed) continue;
          for (const s of flatten(parsed.outline.symbols)) {
            if (s.name === name && CALLABLE.has(s.kind)) out.push({ path, symbol: s, language: parsed.outline.language });
          }
        }
        return out;
      })();
      byName.set(name, p);
    }
    return p;
  };

  /** `fromLanguage`: the language `fromPath` was outlined in (one decision per file). */
  const inModule = async (fromPath: string, fromLanguage: string, module: string, symbolName: string): Promise<CallTarget | undefined> => {
    const exts = REGISTRY.byId.get(fromLanguage)?.extensions ?? [];
    for (const candidate of moduleCandidates(fromPath, module, exts, roots)) {
      if (repo.access.probe(candidate) !== "file") continue; // missing, a folder, or outside: not this one
      try {
        const path = repo.access.locate(candidate);
        const parsed = await repo.parsed(path);
        const r = resolveSymbol(parsed.outline.symbols, symbolName);
        if (r.status === "found") return { path, symbol: r.symbols[0] };
      } catch (e) {
        if (!(e instanceof OutlineError)) throw e;
      }
      return undefined; // the module is this file; it does not define the name
    }
    return undefined;
  };

  return {
    async resolve(from, call) {
      const all = flatten(from.file.outline.symbols);
      const segments = call.callee.replace(/::|->|\?\./g, ".").split(".");
      const receiver = segments.length > 1 ? segments.slice(0, -1).join(".") : undefined;
      const name = call.name;

      // 1. Same file.
      const sameName = all.filter((s) => s.name === name && CALLABLE.has(s.kind));
      if (sameName.length) {
        if (!receiver) {
          const fn = sameName.find((s) => s.kind !== "method") ?? (from.symbol ? sameContainer(sameName, from.symbol) : undefined);
          if (fn) return { resolution: "same-file", target: { path: from.path, symbol: fn } };
        } else if (SELF.has(receiver)) {
          const m = (from.symbol && sameContainer(sameName, from.symbol)) ?? sameName.find((s) => s.kind === "method" || s.kind === "constructor");
          if (m) return { resolution: "same-file", target: { path: from.path, symbol: m } };
        } else {
          const q = sameName.find((s) => s.qualifiedName === `${receiver}.${name}`);
          if (q) return { resolution: "same-file", target: { path: from.path, symbol: q } };
        }
      }

      // 2. Imports.
      const imp = matchImport(from.file.scan?.imports ?? [], receiver, name);
      if (imp) {
        const fromLanguage = from.file.outline.language;
        const target = (await inModule(from.path, fromLanguage, imp.module, imp.symbol)) ??
          (imp.alsoModule ? await inModule(from.path, fromLanguage, imp.alsoModule, imp.symbol.split(".").pop()!) : undefined);
        if (target) return { resolution: "import", target };
        // A crate-local Rust path (`crate::util`) names a module of this workspace even when no
        // file path maps to it: fall through to a name-match rather than call it outside.
        if (!/^(crate|super|self)(::|$)/.test(imp.module)) return { resolution: "import", module: imp.module };
      }

      // 3. Any definition of that name in the repo (SELF receivers included: inherited methods).
      const lang = from.file.outline.language;
      const defs = (await definitionsNamed(name)).filter(
        (d) => !(d.path === from.path && d.symbol === from.symbol) && sameFamily(lang, d.language),
      );
      if (defs.length) return { resolution: "name-match", target: defs[0], candidates: defs.length };
      return { resolution: "unresolved" };
    },
  };
}

/** A name-match never crosses languages, except between languages sharing one query (ts, tsx, vue). */
function sameFamily(a: string, b: string): boolean {
  if (a === b) return true;
  const folder = (id: string) => {
    const spec = REGISTRY.byId.get(id);
    return spec ? spec.query ?? spec.id : id;
  };
  return folder(a) === folder(b);
}

function sameContainer(candidates: OutlineSymbol[], from: OutlineSymbol): OutlineSymbol | undefined {
  const container = from.qualifiedName.split(".").slice(0, -1).join(".");
  return candidates.find((s) => s.qualifiedName === `${container}.${s.name}`);
}

/** The import a callee goes through, the symbol to find in its module, and a fallback module. */
function matchImport(imports: ImportBinding[], receiver: string | undefined, name: string) {
  for (const i of imports) {
    if (!receiver && i.bound === name) {
      return { module: i.module, symbol: i.name ?? name, alsoModule: i.name ? `${i.module}.${i.name}` : undefined };
    }
    if (receiver && i.bound === receiver) {
      // `np.array` (module import) or `Store.save` (a class imported by name).
      if (i.name) return { module: i.module, symbol: `${i.name}.${name}`, alsoModule: `${joinModule(i.module, i.name)}` };
      return { module: i.module, symbol: name };
    }
  }
  if (receiver) {
    const first = receiver.split(".")[0];
    const i = imports.find((i) => i.bound === first && !i.name);
    if (i) return { module: [i.module, ...receiver.split(".").slice(1)].join("."), symbol: name };
  }
  return undefined;
}

function joinModule(module: string, name: string): string {
  return module.includes("/") ? `${module}/${name}` : /\.$/.test(module) ? module + name : `${module}.${name}`;
}

// ---------------------------------------------------------------- call chains

export interface CallStep {
  callee: string;
  lines: number[];
  resolved: Resolved;
  /** Already expanded higher up or elsewhere: not expanded again. */
  seen?: boolean;
  children?: CallStep[];
  /** Calls left out beyond the per-step limit. */
  elided?: number;
}

export interface CallChain {
  root: CallTarget;
  depth: number;
  steps: CallStep[];
  elided?: number;
}

export const MAX_CALL_CHILDREN = 40;

export async function callChain(repo: RepoSymbols, root: CallTarget, depth: number): Promise<CallChain> {
  const resolver = callResolver(repo);
  const visited = new Set<string>([key(root)]);

  const expand = async (at: CallTarget, level: number): Promise<{ steps: CallStep[]; elided?: number }> => {
    const file = await parsedOrSkip(repo, at.path);
    if (!file?.scan) return { steps: [] };
    const nested = at.symbol.children ?? [];
    const own = file.scan.calls.filter(
      (c) => c.line >= at.symbol.startLine && c.line <= at.symbol.endLine && !nested.some((n) => c.line >= n.startLine && c.line <= n.endLine),
    );
    // One step per callee expression, with every line it is called on.
    const grouped = new Map<string, { call: CallSite; lines: number[] }>();
    for (const c of own) {
      const g = grouped.get(c.callee);
      if (g) g.lines.push(c.line);
      else grouped.set(c.callee, { call: c, lines: [c.line] });
    }
    const groups = [...grouped.values()];
    const steps: CallStep[] = [];
    for (const { call, lines } of groups.slice(0, MAX_CALL_CHILDREN)) {
      const resolved = await resolver.resolve({ path: at.path, file, symbol: at.symbol }, call);
      const step: CallStep = { callee: call.callee, lines, resolved };
      if (resolved.target) {
        const k = key(resolved.target);
        if (visited.has(k)) step.seen = true;
        else if (level < depth) {
          visited.add(k);
          const sub = await expand(resolved.target, level + 1);
          step.children = sub.steps;
          if (sub.elided) step.elided = sub.elided;
        }
      }
      steps.push(step);
    }
    return { steps, elided: groups.length > MAX_CALL_CHILDREN ? groups.length - MAX_CALL_CHILDREN : undefined };
  };

  const top = await expand(root, 1);
  return { root, depth, steps: top.steps, elided: top.elided };
}

function key(t: CallTarget): string {
  return `${t.path}#${t.symbol.qualifiedName}@${t.symbol.startLine}`;
}

// ---------------------------------------------------------------- callers

export interface CallerGroup {
  path: string;
  /** The innermost symbol around the call sites; undefined at module level. */
  symbol?: OutlineSymbol;
  sites: { callee: string; line: number }[];
  resolution: ResolutionKind;
}

/** Call sites whose callee's last name is `name`, grouped by the enclosing symbol. */
export async function findCallers(repo: RepoSymbols, name: string, glob?: string): Promise<CallerGroup[]> {
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
  return groups;
}

function innermost(symbols: OutlineSymbol[], line: number): OutlineSymbol | undefined {
  let best: OutlineSymbol | undefined;
  for (const s of symbols) {
    if (line < s.startLine || line > s.endLine) continue;
    if (!best || s.endLine - s.startLine <= best.endLine - best.startLine) best = s;
  }
  return best;
}

/** A file's parse, or undefined for one that cannot be outlined (gone, binary, unsupported): skipped, not fatal. */
async function parsedOrSkip(repo: RepoSymbols, path: string): Promise<ParsedFile | undefined> {
  try {
    return await repo.parsed(path);
  } catch (e) {
    if (e instanceof OutlineError) return undefined;
    throw e;
  }
}
