import { REGISTRY } from "../../core/languages/registry.ts";
import { assets } from "../../core/parse/assets.ts";
import { toJson } from "../../core/text/quote.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseFormat } from "../options.ts";

export function languageRows() {
  return REGISTRY.all.map((spec) => {
    const grammar = spec.embedded ? spec.embedded.hostGrammar : spec.grammar;
    return {
      id: spec.id,
      name: spec.name,
      extensions: spec.extensions,
      filenames: spec.filenames ?? [],
      interpreters: spec.interpreters ?? [],
      grammar: `${grammar.package}@${assets().grammarVersion(grammar)}`,
      ...(spec.embedded ? { script: `${spec.grammar.package}@${assets().grammarVersion(spec.grammar)}` } : {}),
      ...(spec.partial ? { partial: spec.partial } : {}),
    };
  });
}

export function languagesCommand(options: { format?: string }, io: CliIO): number {
  const format = parseFormat(options.format, ["text", "json"]);
  const rows = languageRows();
  if (format === "json") {
    io.out(toJson(rows, 2) + "\n");
    return EXIT_OK;
  }
  const w = Math.max(...rows.map((r) => r.id.length));
  for (const r of rows) {
    const grammar = r.script ? `${r.grammar} + ${r.script}` : r.grammar;
    io.out(`${r.id.padEnd(w)}  ${r.extensions.join(" ")}  ${grammar}${r.partial ? `  (partly supported: ${r.partial})` : ""}\n`);
  }
  return EXIT_OK;
}
