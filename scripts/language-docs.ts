// The documents made from the language data, and the writer that puts them in place:
//   bun scripts/language-docs.ts   rewrites the README's language table and the field list of
//                                  docs/adding-a-language.md (test/readme.test.ts and
//                                  test/registry.test.ts fail when either is out of step)
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES, type LanguageSpec } from "../src/core/languages/registry.ts";
import { languagesTable } from "../src/render/languages-table.ts";

const ROOT = join(import.meta.dir, "..");

interface FieldSchema {
  description?: string;
  properties?: Record<string, FieldSchema>;
  $ref?: string;
}

/** More languages than this are counted, not named. */
const NAMED = 8;

/**
 * The fields of a language row, each with its description from grammars/language.schema.json
 * (the one place they are written) and the languages whose row has it, own or from the
 * language it extends.
 */
export function fieldList(specs: LanguageSpec[] = LANGUAGES): string {
  const schema = JSON.parse(readFileSync(join(ROOT, "grammars", "language.schema.json"), "utf8")) as { properties: Record<string, FieldSchema>; definitions: Record<string, FieldSchema> };
  const deref = (s: FieldSchema) => (s.$ref ? schema.definitions[s.$ref.replace("#/definitions/", "")] : s);
  const lines: string[] = [];
  for (const [field, s] of Object.entries(schema.properties)) {
    if (field === "$schema") continue;
    const users = specs.filter((spec) => field in spec).map((spec) => spec.id);
    const used = ["id", "name", "extensions", "notes", "extends"].includes(field) ? "" : ` (${usedBy(users, specs.length)})`;
    lines.push(`- \`${field}\`${used}: ${oneLine(s.description)}`);
    for (const [sub, d] of Object.entries(deref(s).properties ?? {})) if (d.description) lines.push(`  - \`${sub}\`: ${oneLine(d.description)}`);
  }
  return lines.join("\n") + "\n";
}

function usedBy(ids: string[], all: number): string {
  if (!ids.length) return "no language";
  if (ids.length === all) return "every language";
  if (ids.length > NAMED) return `${ids.length} languages`;
  return ids.join(", ");
}

function oneLine(text = ""): string {
  return text.replace(/\s+/g, " ").trim();
}

/** `text` with the part between `<!-- name:start -->` and `<!-- name:end -->` replaced by `body`. */
export function between(text: string, name: string, body: string): string {
  const re = new RegExp(`<!-- ${name}:start -->\\n[\\s\\S]*?<!-- ${name}:end -->`);
  if (!re.test(text)) throw new Error(`no <!-- ${name}:start --> … <!-- ${name}:end --> block`);
  return text.replace(re, () => `<!-- ${name}:start -->\n${body}<!-- ${name}:end -->`);
}

if (import.meta.main) {
  const write = (rel: string, name: string, body: string) => {
    const path = join(ROOT, rel);
    writeFileSync(path, between(readFileSync(path, "utf8"), name, body));
  };
  write("README.md", "languages", languagesTable());
  write("docs/adding-a-language.md", "fields", fieldList());
}
