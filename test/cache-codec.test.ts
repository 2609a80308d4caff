// The cache objects' symbol encoding (src/core/cache/symbol-codec.ts): every fixture's outline
// comes back byte for byte (key order included) through JSON, and damage is refused.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decodeSymbols, encodeSymbols } from "../src/core/cache/symbol-codec.ts";
import { detectLanguage } from "../src/core/languages/detect.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { ROOT } from "./helpers/cli.ts";

function sourceFixtures(): string[] {
  const out: string[] = [];
  for (const lang of readdirSync(join(ROOT, "fixtures"))) {
    let names: string[];
    try {
      names = readdirSync(join(ROOT, "fixtures", lang));
    } catch {
      continue;
    }
    for (const n of names) if (!n.includes(".outline.") && detectLanguage(n, undefined)) out.push(join(ROOT, "fixtures", lang, n));
  }
  return out;
}

describe("cache symbol codec", () => {
  test("every fixture's symbols survive encode, JSON and decode unchanged, and get smaller", async () => {
    const files = sourceFixtures();
    expect(files.length).toBeGreaterThan(30);
    let plain = 0;
    let encoded = 0;
    for (const file of files) {
      const outline = await outlineSource({ path: file, bytes: readFileSync(file), language: detectLanguage(file, undefined)! });
      const json = JSON.stringify(encodeSymbols(outline.symbols));
      const back = decodeSymbols(JSON.parse(json));
      expect({ file, symbols: JSON.stringify(back) }).toEqual({ file, symbols: JSON.stringify(outline.symbols) });
      plain += JSON.stringify(outline.symbols).length;
      encoded += json.length;
    }
    expect(encoded).toBeLessThan(plain * 0.75);
  });

  test("a shape without a required key, or a row that fits no shape, is refused", () => {
    const tree = encodeSymbols([{ kind: "function", name: "f", qualifiedName: "f", signature: "def f()", startLine: 1, endLine: 2 }]);
    expect(decodeSymbols(JSON.parse(JSON.stringify(tree)))).toEqual([{ kind: "function", name: "f", qualifiedName: "f", signature: "def f()", startLine: 1, endLine: 2 }]);
    expect(decodeSymbols({ ...tree, shapes: [tree.shapes[0].map((k) => (k === "endLine" ? "endLinx" : k))] })).toBeUndefined();
    expect(decodeSymbols({ ...tree, symbols: [[0, "function", "f"]] })).toBeUndefined();
    expect(decodeSymbols({ ...tree, symbols: [[7, "function", "f", "f", "def f()", 1, 2]] })).toBeUndefined();
  });
});
