// The README's language table, made from the registry.
import { REGISTRY } from "../core/languages/registry.ts";
import { assets } from "../core/parse/assets.ts";

export function languagesTable(): string {
  const version = (g: { package: string; file: string }) => assets().grammarVersion(g);
  const rows = REGISTRY.all.map((s) => {
    const grammar = s.embedded
      ? `${s.embedded.hostGrammar.package} ${version(s.embedded.hostGrammar)} (host) + the script's own grammar`
      : `${s.grammar.package} ${version(s.grammar)} (${s.grammar.file.replace(/^.*\//, "")})`;
    return `| ${s.id} | ${s.name} | ${s.extensions.concat(s.filenames ?? []).join(" ")} | ${grammar} |`;
  });
  return ["| id | language | files | grammar |", "|---|---|---|---|", ...rows].join("\n") + "\n";
}
