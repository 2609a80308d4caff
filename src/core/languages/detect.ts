// Which language a file is in: explicit override, then a known shebang, then file name, then extension.
import { REGISTRY, type LanguageSpec, type Registry } from "./registry.ts";

export function detectLanguage(
  path: string,
  head: Uint8Array | string | undefined,
  override?: string,
  registry: Registry = REGISTRY,
): LanguageSpec | undefined {
  if (override) return registry.byId.get(override.toLowerCase()) ?? registry.byExtension.get(`.${override.toLowerCase()}`);
  const interp = shebangInterpreter(head);
  const byShebang = interp ? registry.byInterpreter.get(interp) : undefined;
  if (byShebang) return byShebang;
  // The last segment by either separator (a regex split per path was a visible part of a warm
  // run's 1,800 calls).
  const base = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
  const byName = registry.byFilename.get(base);
  if (byName) return byName;
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? base.slice(dot).toLowerCase() : undefined;
  const spec = ext ? registry.byExtension.get(ext) : undefined;
  return spec && ext ? refineShared(spec, ext, head, registry) : spec;
}

const SHARED_SCAN_BYTES = 64 * 1024;

/** `.h` is C unless its text reads like C++ (classes, namespaces, templates). */
function refineShared(spec: LanguageSpec, ext: string, head: Uint8Array | string | undefined, registry: Registry): LanguageSpec {
  const shared = spec.sharedExtension;
  if (!shared || !head || !shared.extensions.includes(ext)) return spec;
  const text = typeof head === "string" ? head.slice(0, SHARED_SCAN_BYTES) : new TextDecoder().decode(head.subarray(0, SHARED_SCAN_BYTES));
  return new RegExp(shared.pattern, "m").test(text) ? registry.byId.get(shared.language) ?? spec : spec;
}

/** `#!/usr/bin/env -S python3 -u` -> "python3"; `#!/usr/local/bin/node` -> "node". */
export function shebangInterpreter(head: Uint8Array | string | undefined): string | undefined {
  if (!head) return undefined;
  const text = typeof head === "string" ? head.slice(0, 256) : new TextDecoder().decode(head.subarray(0, 256));
  if (!text.startsWith("#!")) return undefined;
  const words = text.slice(2).split("\n")[0].trim().split(/\s+/);
  let prog = words.shift()?.split("/").pop();
  if (prog === "env") {
    while (words.length && (words[0].startsWith("-") || words[0].includes("="))) words.shift();
    prog = words.shift();
  }
  // python3.11 -> python3
  return prog?.replace(/(\d)\.\d+$/, "$1");
}
