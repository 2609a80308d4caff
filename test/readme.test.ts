// The README promises: its language table matches the registry, it opens with the two
// commands, and the version in src/version.ts matches package.json.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { languagesTable } from "../src/render/languages-table.ts";
import { VERSION } from "../src/version.ts";
import { ROOT } from "./helpers/cli.ts";

const readme = readFileSync(join(ROOT, "README.md"), "utf8");

test("README language table is generated from the registry (bun scripts/language-docs.ts)", () => {
  const block = /<!-- languages:start -->\n([\s\S]*?)<!-- languages:end -->/.exec(readme)?.[1];
  expect(block).toBe(languagesTable());
});

test("README opens with the set-up and test commands", () => {
  const blocks = [...readme.matchAll(/```sh\n([^\n]+)\n```/g)].map((m) => m[1]);
  expect(blocks[0]).toBe("npm ci && npm run build && ./dist/ast-outline outline src");
  expect(blocks[1]).toBe("npm test");
});

test("version matches package.json", () => {
  expect(VERSION).toBe(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version);
});
