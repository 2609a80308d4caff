// Child of bench/floor.ts: tree-sitter parsing alone of a list of files in one language, with
// the product's own grammar loading and nothing else (no query, no outline, no cache, one
// thread). Its CPU time, read by the parent from /usr/bin/time, is the floor under `index`.
//   bun bench/floor-parse.ts <language id> <file with one path per line>
import { readFileSync } from "node:fs";
import { Parser } from "web-tree-sitter";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { loadGrammar } from "../src/core/parse/parser.ts";

const [id, list] = process.argv.slice(2);
const spec = REGISTRY.byId.get(id);
if (!spec) throw new Error(`floor-parse: unknown language ${id}`);
const language = await loadGrammar(spec.grammar); // initialises the runtime first
const parser = new Parser();
parser.setLanguage(language);
const decoder = new TextDecoder("utf-8");
for (const file of readFileSync(list, "utf8").split("\n")) {
  if (file) parser.parse(decoder.decode(readFileSync(file)))?.delete();
}
