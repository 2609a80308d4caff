// A language is data (grammars/<id>/): no code in src/ picks behaviour by a language's id. The
// source is read for string literals naming a language: an id that is no common word may not be
// written at all, and one that is (`json` and `markdown` are output formats too, `c`, `r`, `go`,
// `make`, `css` ordinary strings) may not be compared with or looked up as a language.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { LANGUAGES } from "../src/core/languages/registry.ts";
import { ROOT } from "./helpers/cli.ts";

/** Ids that are also words the code writes for other things. */
const WORDS = new Set(["json", "markdown", "c", "r", "go", "make", "css"]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** Each string literal naming a language in `code` (comments aside) that the rules above refuse. */
export function languageIdsIn(code: string, ids: Set<string>): string[] {
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const found: string[] = [];
  for (const m of bare.matchAll(/(["'`])([a-z_]+)\1/g)) {
    const id = m[2];
    if (!ids.has(id)) continue;
    if (!WORDS.has(id)) {
      found.push(m[0]);
      continue;
    }
    const around = bare.slice(Math.max(0, m.index! - 60), m.index! + m[0].length + 60);
    const asLanguage = new RegExp(`(language|lang|languageId|\\.id)\\s*[!=]==?\\s*${m[1]}${id}${m[1]}|${m[1]}${id}${m[1]}\\s*[!=]==?\\s*\\w*(language|lang|\\.id)\\b|case\\s+${m[1]}${id}${m[1]}|byId\\.get\\(\\s*${m[1]}${id}${m[1]}`);
    if (asLanguage.test(around)) found.push(m[0]);
  }
  // An object keyed by languages: `{ swift: maskSwift, julia: maskJulia }`.
  for (const m of bare.matchAll(/[{,]\s*([a-z_]+)\s*:(?!:)/g)) if (ids.has(m[1]) && !WORDS.has(m[1])) found.push(`${m[1]}:`);
  return found;
}

const IDS = new Set(LANGUAGES.map((l) => l.id));

/**
 * The justified exceptions, each with why. The test runners' table names the languages each
 * runner reads (it is data, kept beside the registry until runners are folders of their own),
 * `go` is also the id of the `go test` runner, which the command writer switches on, and the
 * shell completions are written for the shells bash and zsh.
 */
const ALLOWED: Record<string, string> = {
  "src/core/languages/test-conventions.ts": "the test runners' table: which languages each runner reads",
  "src/core/tests/command.ts": "`go` is the id of the `go test` runner there, not the language",
  "src/render/completions.ts": "`bash` and `zsh` there are the shells a completion script is written for, not languages",
};

test("src/ names no language: what a language does is in its folder under grammars/", () => {
  const found = sources(join(ROOT, "src"))
    .filter((f) => !ALLOWED[relative(ROOT, f)])
    .flatMap((f) => languageIdsIn(readFileSync(f, "utf8"), IDS).map((lit) => `${relative(ROOT, f)}: ${lit}`));
  expect(found).toEqual([]);
});

test("the check sees a switch on an id, and lets a format or a comment pass", () => {
  const code = [
    'if (language === "go") return x;',
    'if (spec.id === "python") f();',
    'const k = lang === "rust" ? 1 : 2;',
    'if (format === "json") out();',
    "// python is read by …",
    'const open = openSync(path, "r");',
    'switch (language) { case "make": break; }',
    "const MASKS = { macros: maskMacros, swift: maskSwift };",
    "const t = cond ? { a: 1 } : b;",
  ].join("\n");
  expect(languageIdsIn(code, IDS)).toEqual(['"go"', '"python"', '"rust"', '"make"', "swift:"]);
});
