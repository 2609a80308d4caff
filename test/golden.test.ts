// Golden outlines: fixtures/<lang>/<case>.<ext> beside <case>.<ext>.outline.txt and
// <case>.<ext>.outline.json. UPDATE_GOLDEN=1 rewrites them; a failure shows the whole diff.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { outlineFile } from "../src/app/outline-file.ts";
import { renderOutlineText } from "../src/render/outline/text.ts";
import { renderOutlineJson } from "../src/render/outline/json.ts";
import { ROOT, testEnv } from "./helpers/cli.ts";

const UPDATE = process.env.UPDATE_GOLDEN === "1";
const GOLDEN_SUFFIXES = [".outline.txt", ".outline.json"];

export function fixtureCases(): { lang: string; file: string }[] {
  const dir = join(ROOT, "fixtures");
  const out: { lang: string; file: string }[] = [];
  for (const lang of readdirSync(dir)) {
    if (lang === "changed" || lang === "misc" || lang === "skeleton") continue;
    const langDir = join(dir, lang);
    for (const name of readdirSync(langDir).sort()) {
      // A .md file beside the fixtures is a note about them, except where Markdown is the language.
      if (GOLDEN_SUFFIXES.some((s) => name.endsWith(s)) || (name.endsWith(".md") && lang !== "markdown")) continue;
      out.push({ lang, file: `fixtures/${lang}/${name}` });
    }
  }
  return out;
}

function check(goldenPath: string, actual: string) {
  const full = join(ROOT, goldenPath);
  if (UPDATE || !existsSync(full)) {
    if (!UPDATE) throw new Error(`missing golden file ${goldenPath} (run UPDATE_GOLDEN=1 npm test)`);
    writeFileSync(full, actual);
    return;
  }
  expect(actual).toBe(readFileSync(full, "utf8"));
}

describe("golden outlines", () => {
  for (const { lang, file } of fixtureCases()) {
    test(`${lang}: ${file}`, async () => {
      const { outline } = await outlineFile(testEnv(ROOT), file);
      check(`${file}.outline.txt`, renderOutlineText(outline, { maxChildren: 40 }));
      check(`${file}.outline.json`, renderOutlineJson([outline], 0, true)); // JSON is complete by default
    });
  }
});
