// The README's language table, made from the registry.
import { REGISTRY, type GrammarSource } from "../core/languages/registry.ts";
import { assets } from "../core/parse/assets.ts";
import { CONFORMANCE } from "../core/languages/conformance.ts";

export function languagesTable(): string {
  const version = (g: GrammarSource) => assets().grammarVersion(g);
  const rows = REGISTRY.all.map((s) => {
    const grammar = s.embedded
      ? `${s.embedded.hostGrammar.package} ${version(s.embedded.hostGrammar)} (host) + the script's own grammar`
      : `${s.grammar.package} ${version(s.grammar)} (${s.grammar.file.replace(/^.*\//, "")})`;
    const c = CONFORMANCE[s.id];
    const measured = c ? `${c.recall.toFixed(1)}% / ${c.exact === null ? "n/a" : `${c.exact.toFixed(1)}%`} / ${c.filesWithErrors.toFixed(1)}% (${c.oracle}, ${c.files} files)` : "not measured";
    return `| ${s.id} | ${s.name} | ${s.extensions.concat(s.filenames ?? []).join(" ")} | ${grammar} | ${measured} |`;
  });
  return ["| id | language | files | grammar | recall / exact ranges / files with errors |", "|---|---|---|---|---|", ...rows].join("\n") + "\n";
}
