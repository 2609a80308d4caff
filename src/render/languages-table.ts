// The README's language table, made from the registry.
import { REGISTRY } from "../core/languages/registry.ts";

export function languagesTable(): string {
  const rows = REGISTRY.all.map((s) => {
    const grammar = s.embedded
      ? `${s.embedded.hostGrammar.package} (host) + the script's own grammar`
      : `${s.grammar.package} (${s.grammar.file.replace(/^.*\//, "")})`;
    return `| ${s.id} | ${s.name} | ${s.extensions.join(" ")} | ${grammar} |`;
  });
  return ["| id | language | extensions | grammar |", "|---|---|---|---|", ...rows].join("\n") + "\n";
}
