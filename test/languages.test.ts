// `languages` lists every registered language with its grammar and version and, where measured,
// its conformance as recorded by the conformance bench (grammars/conformance.json).
import { expect, test } from "bun:test";
import { CONFORMANCE } from "../src/core/languages/conformance.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { runCli } from "./helpers/cli.ts";

const DATA_FORMATS = ["yaml", "json", "toml", "markdown", "hcl", "css", "make"];

test("every language with its grammar version; the data formats with their measured conformance", async () => {
  const r = await runCli(["languages", "--format", "json"]);
  expect(r.code).toBe(0);
  const rows: { id: string; grammar: string; conformance?: { recall: number; files: number; oracle: string } }[] = JSON.parse(r.stdout);
  expect(rows.map((row) => row.id)).toEqual(REGISTRY.all.map((l) => l.id));
  for (const row of rows) expect(row.grammar).toMatch(/^\S+@\d+\.\d+\.\d+/);
  for (const id of DATA_FORMATS) {
    const c = rows.find((row) => row.id === id)?.conformance;
    expect(c?.files).toBeGreaterThan(0);
    expect(c?.oracle).toBeTruthy();
  }
  const text = await runCli(["languages"]);
  const yaml = text.stdout.split("\n").find((l) => l.startsWith("yaml "));
  expect(yaml).toContain(`recall ${CONFORMANCE.yaml.recall.toFixed(1)}%`);
});

test("recorded figures are for registered languages, as percentages", () => {
  for (const [id, c] of Object.entries(CONFORMANCE)) {
    expect(REGISTRY.byId.has(id)).toBe(true);
    for (const p of [c.recall, c.exact ?? 0, c.filesWithErrors]) expect(p >= 0 && p <= 100).toBe(true);
    expect(c.definitions).toBeGreaterThan(0);
  }
});
