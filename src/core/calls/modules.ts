// Where an import's module might live in the workspace: candidate file paths, tried in order.
// Generic over languages: relative paths (`./x`, `../y.js`), Python-style relative dots
// (`.models`, `..util`), and dotted or slashed module names under a root or beside the file.
// What differs by language comes from its registry row: its extensions, the names a folder's
// own module goes by (packageEntries), and extensions an import may write for its own
// (importExtensions), folders under a root that module names also start from (moduleRoots).
import { dirname, join, normalize } from "node:path";
import { REGISTRY, type LanguageSpec } from "../languages/registry.ts";

export function moduleCandidates(fromPath: string, module: string, language: Pick<LanguageSpec, "extensions" | "packageEntries" | "importExtensions" | "moduleRoots"> | undefined, roots: string[]): string[] {
  const extensions = language?.extensions ?? [];
  const entries = language?.packageEntries ?? [];
  const written = language?.importExtensions ? new RegExp(language.importExtensions) : undefined;
  const here = dirname(fromPath);
  const bases: string[] = [];
  if (module.startsWith("./") || module.startsWith("../") || module.startsWith("/")) {
    bases.push(module.startsWith("/") ? module : join(here, module));
  } else if (module.startsWith(".")) {
    const dots = /^\.+/.exec(module)![0].length;
    let dir = here;
    for (let i = 1; i < dots; i++) dir = dirname(dir);
    const rest = module.slice(dots);
    bases.push(rest ? join(dir, rest.replace(/\./g, "/")) : dir);
  } else {
    const rel = module.includes("/") ? module : module.replace(/\./g, "/");
    for (const root of roots) {
      bases.push(join(root, rel));
      for (const sub of language?.moduleRoots ?? []) bases.push(join(root, sub, rel));
    }
    bases.push(join(here, rel));
  }
  const out: string[] = [];
  for (const raw of bases) {
    const base = normalize(raw);
    const stem = written ? base.replace(written, "") : base;
    out.push(base);
    for (const ext of extensions) out.push(stem + ext);
    for (const entry of entries) for (const ext of extensions) out.push(join(base, entry + ext));
  }
  return [...new Set(out)];
}

/** A language with the extensions of every language sharing its query (a `.ts` file imports `.tsx` ones and back). */
export function familyOf(spec: LanguageSpec): LanguageSpec {
  const folder = spec.query ?? spec.id;
  const extensions = REGISTRY.all.filter((l) => (l.query ?? l.id) === folder).flatMap((l) => l.extensions);
  return { ...spec, extensions: [...new Set([...spec.extensions, ...extensions])] };
}
