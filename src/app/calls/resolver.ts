// Resolving one call site to a definition. Each call is resolved, in this order, through
// the same file's definitions, the file's imports (module found in the workspace), then any
// definition of that name in the repo (name-match: not type-checked), else it is unresolved.
// Files are reached only through the RepoSymbols' FileAccess: a module that resolves outside
// the workspace (a `..` path, an absolute one, a symlink out) counts as not in the workspace.
import { flatten, resolveSymbol } from "../../core/symbols/find.ts";
import { moduleCandidates } from "../../core/calls/modules.ts";
import { REGISTRY, type LanguageSpec } from "../../core/languages/registry.ts";
import type { CallSite, ImportBinding } from "../../core/skeleton/scan.ts";
import type { OutlineSymbol } from "../../core/types.ts";
import type { CallTarget, Resolved } from "../../core/calls/types.ts";
import { OutlineError } from "../../core/errors.ts";
import { parsedOrSkip, type ParsedFile, type RepoSymbols } from "../repo-symbols.ts";

/** Kinds a call can land on. */
export const CALLABLE = new Set(["function", "method", "constructor", "class", "struct", "macro"]);

export interface CallResolver {
  resolve(from: { path: string; file: ParsedFile; symbol?: OutlineSymbol }, call: CallSite): Promise<Resolved>;
}

/** Kinds a type name can land on (`context`: the types a symbol names). */
export const TYPE_KINDS = new Set(["class", "interface", "struct", "enum", "trait", "type"]);

/** `kinds`: what a name may resolve to (calls by default; TYPE_KINDS for the types a symbol names). */
export function callResolver(repo: RepoSymbols, kinds: ReadonlySet<string> = CALLABLE): CallResolver {
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
            if (s.name === name && kinds.has(s.kind)) out.push({ path, symbol: s, language: parsed.outline.language });
          }
        }
        return out;
      })();
      byName.set(name, p);
    }
    return p;
  };

  /** `fromLanguage`: the language `fromPath` was outlined in (one decision per file). */
  const inModule = async (fromPath: string, fromLanguage: LanguageSpec | undefined, module: string, symbolName: string): Promise<CallTarget | undefined> => {
    for (const candidate of moduleCandidates(fromPath, module, fromLanguage, roots)) {
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
      const spec = REGISTRY.byId.get(from.file.outline.language);
      const segments = call.callee.replace(/::|->|\?\./g, ".").split(".");
      const receiver = segments.length > 1 ? segments.slice(0, -1).join(".") : undefined;
      const name = call.name;

      // 1. Same file.
      const sameName = all.filter((s) => s.name === name && kinds.has(s.kind));
      if (sameName.length) {
        if (!receiver) {
          const fn = sameName.find((s) => s.kind !== "method") ?? (from.symbol ? sameContainer(sameName, from.symbol) : undefined);
          if (fn) return { resolution: "same-file", target: { path: from.path, symbol: fn } };
        } else if (spec?.selfNames?.includes(receiver)) {
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
        const target = (await inModule(from.path, spec, imp.module, imp.symbol)) ??
          (imp.alsoModule ? await inModule(from.path, spec, imp.alsoModule, imp.symbol.split(".").pop()!) : undefined);
        if (target) return { resolution: "import", target };
        // A module path of this workspace that no file maps to (the registry's localModules):
        // fall through to a name-match rather than call it outside.
        if (!(spec?.localModules && new RegExp(spec.localModules).test(imp.module))) return { resolution: "import", module: imp.module };
      }

      // 3. Any definition of that name in the repo (self receivers included: inherited methods).
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
export function sameFamily(a: string, b: string): boolean {
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
export function matchImport(imports: ImportBinding[], receiver: string | undefined, name: string) {
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
