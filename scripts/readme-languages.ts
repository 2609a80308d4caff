// Rewrites the README's language table from the registry (test/readme.test.ts keeps them in step).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { languagesTable } from "../src/render/languages-table.ts";

const path = join(import.meta.dir, "..", "README.md");
const text = readFileSync(path, "utf8");
const next = text.replace(/<!-- languages:start -->[\s\S]*?<!-- languages:end -->/, `<!-- languages:start -->\n${languagesTable()}<!-- languages:end -->`);
writeFileSync(path, next);
