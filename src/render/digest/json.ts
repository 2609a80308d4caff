// `digest --format json`: the map the text is made from, as data. Flat (every file with its
// symbols, when they fit the budget), or ranked: every file best first with its score, and the
// definitions the budget reaches, best first, each with its file's path.
import type { DigestAnswer } from "../../app/digest/index.ts";
import { toJson } from "../../core/text/quote.ts";

export function renderDigestJson(answer: DigestAnswer, maxTokens: number): string {
  const map = answer.map;
  if (!map) return toJson({ map: "flat", maxTokens, files: answer.files }, 2) + "\n";
  return toJson({
    map: "ranked",
    maxTokens,
    totalLines: map.totalLines,
    focus: map.focus,
    files: map.files,
    definitions: map.definitions.map(({ file, ...d }) => ({ path: map.files[file].path, ...d })),
  }, 2) + "\n";
}
