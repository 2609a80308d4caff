// Which language a file is in: the one decision every command takes (outline, symbol, search and
// index, changed, calls, MCP), from the file's name and the first HEAD_BYTES of its content only,
// so that no command can call a file C that another calls C++.
//   1. an explicit override (`--language`);
//   2. the file name, then the extension. A `#!` line naming a language parsed by the same
//      grammar (a dialect: zsh in a `.sh` file) takes its place; an extension shared by two
//      languages (`.h`: C or C++) is decided by the text;
//   3. a file whose name gives no language: the `#!` line.
import { REGISTRY, type LanguageSpec, type Registry } from "./registry.ts";

/** How much of a file's content the decision reads: callers pass what they have, this much counts. */
export const HEAD_BYTES = 64 * 1024;

export function detectLanguage(
  path: string,
  content: Uint8Array,
  override?: string,
  registry: Registry = REGISTRY,
): LanguageSpec | undefined {
  if (override) return registry.byId.get(override.toLowerCase()) ?? registry.byExtension.get(`.${override.toLowerCase()}`);
  const head = content.subarray(0, HEAD_BYTES);
  const interp = shebangInterpreter(head);
  const byShebang = interp ? registry.byInterpreter.get(interp) : undefined;
  const byName = languageByName(path, registry);
  if (!byName) return byShebang;
  if (byShebang && sameGrammar(byShebang, byName)) return byShebang;
  const ext = extensionOf(path);
  return ext ? refineShared(byName, ext, head, registry) : byName;
}

/**
 * The language a file's name alone points to, to pick the files worth reading (folder walks, git
 * listings, the pre-commit hook). Not the decision: the content can still make a `.h` C++ or a
 * `.sh` zsh, and a file without a known name may have a `#!` line.
 */
export function languageByName(path: string, registry: Registry = REGISTRY): LanguageSpec | undefined {
  const byName = registry.byFilename.get(baseName(path));
  if (byName) return byName;
  const ext = extensionOf(path);
  return ext ? registry.byExtension.get(ext) : undefined;
}

/**
 * Whether a file of this name can be decided as `languageId` (a `.h` as C or C++, a `.sh` as bash
 * or zsh): the cache trusts a record of unchanged content only for such a language.
 */
export function nameAllows(path: string, languageId: string, registry: Registry = REGISTRY): boolean {
  const spec = languageByName(path, registry);
  if (!spec) return false;
  if (spec.id === languageId) return true;
  const shared = spec.sharedExtension;
  const ext = extensionOf(path);
  if (shared?.language === languageId && ext && shared.extensions.includes(ext)) return true;
  const dialect = registry.byId.get(languageId);
  return !!dialect?.interpreters?.length && sameGrammar(dialect, spec);
}

/** The last segment by either separator (a regex split per path was a visible part of a warm run's 1,800 calls). */
function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
}

function extensionOf(path: string): string | undefined {
  const base = baseName(path);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : undefined;
}

function sameGrammar(a: LanguageSpec, b: LanguageSpec): boolean {
  return a.grammar.package === b.grammar.package && a.grammar.file === b.grammar.file;
}

/** `.h` is C unless its text reads like C++ (classes, namespaces, templates). */
function refineShared(spec: LanguageSpec, ext: string, head: Uint8Array, registry: Registry): LanguageSpec {
  const shared = spec.sharedExtension;
  if (!shared || !shared.extensions.includes(ext)) return spec;
  return new RegExp(shared.pattern, "m").test(new TextDecoder().decode(head)) ? registry.byId.get(shared.language) ?? spec : spec;
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
