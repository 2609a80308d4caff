// Child of bench/startup.ts: where one cold outline's time goes inside a process, phase by
// phase, with the product's own loaders (the same wasm engine as the compiled binary, run from
// source under bun). Prints one JSON line of milliseconds (wall, performance.now):
//   import (the outline modules), runtime (tree-sitter's wasm compiled and instantiated),
//   grammar (the language's wasm), query (the outline query compiled), parse, outline (the
//   whole outlineSource again on the warm engine: parse + query matching + building), text.
//   bun bench/startup-phases.ts <file>
import { readFileSync } from "node:fs";
const file = process.argv[2];
const t = [performance.now()];
const mark = () => {
  t.push(performance.now());
  return t[t.length - 1] - t[t.length - 2];
};
const { detectLanguage } = await import("../src/core/languages/detect.ts");
const { initRuntime, loadGrammar, loadQuery, parse } = await import("../src/core/parse/parser.ts");
const { outlineSource } = await import("../src/core/outline/outline.ts");
const { renderOutlineText } = await import("../src/render/outline/text.ts");
const ms: Record<string, number> = { import: mark() };
const bytes = readFileSync(file);
const language = detectLanguage(file, bytes);
if (!language) throw new Error(`startup-phases: no language for ${file}`);
await initRuntime();
ms.runtime = mark();
await loadGrammar(language.grammar);
ms.grammar = mark();
await loadQuery(language);
ms.query = mark();
(await parse(language.grammar, bytes.toString("utf8"))).delete();
ms.parse = mark();
const outline = await outlineSource({ path: file, bytes, language });
ms.outline = mark();
renderOutlineText({ ...outline, path: file }, { maxChildren: 40 });
ms.text = mark();
console.log(JSON.stringify(ms));
