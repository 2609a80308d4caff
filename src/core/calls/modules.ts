// Where an import's module might live in the workspace: candidate file paths, tried in order.
// Generic over languages: relative paths (`./x`, `../y.js`), Python-style relative dots
// (`.models`, `..util`), and dotted or slashed module names under a root or beside the file.
import { dirname, join, normalize } from "node:path";

/** Names a folder's own module file goes by (`pkg/__init__.py`, `dir/index.ts`, `mod.rs`). */
const PACKAGE_ENTRY = ["__init__", "index", "mod"];

export function moduleCandidates(fromPath: string, module: string, extensions: string[], roots: string[]): string[] {
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
    for (const root of roots) bases.push(join(root, rel));
    bases.push(join(here, rel));
  }
  const out: string[] = [];
  for (const raw of bases) {
    const base = normalize(raw);
    const stem = base.replace(/\.(m?js|cjs|jsx)$/, ""); // `./x.js` in TypeScript means ./x.ts
    out.push(base);
    for (const ext of extensions) out.push(stem + ext);
    for (const entry of PACKAGE_ENTRY) for (const ext of extensions) out.push(join(base, entry + ext));
  }
  return [...new Set(out)];
}
