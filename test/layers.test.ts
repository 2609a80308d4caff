// The layers (issue 12): src/core knows no other layer; src/app (the use cases) returns data and
// loads no renderer or front end; src/render turns data into text and loads no use case or
// front end. Read from the source: every import that loads code (static or `import()`), type
// imports aside, since they load nothing.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { ROOT } from "./helpers/cli.ts";

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** The project modules a file loads, as paths from the repository root. */
function valueImports(file: string, text = readFileSync(join(ROOT, file), "utf8")): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const specs: string[] = [];
  for (const m of code.matchAll(/^(?:import|export)\s([^;]*?)\sfrom\s+"(\.[^"]+)"/gms)) if (!/^type\s/.test(m[1])) specs.push(m[2]);
  for (const m of code.matchAll(/\bimport\("(\.[^"]+)"\)/g)) specs.push(m[1]);
  return specs.map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)));
}

/** Each layer, and the layers it must not load. */
const FORBIDDEN: Record<string, string[]> = {
  "src/core": ["src/app", "src/render", "src/cli", "src/mcp", "src/bin", "src/io"],
  "src/app": ["src/render", "src/cli", "src/mcp", "src/bin"],
  "src/render": ["src/app", "src/cli", "src/mcp", "src/bin"],
};

function violations(layer: string): string[] {
  const out: string[] = [];
  for (const file of sources(layer)) {
    for (const target of valueImports(file)) if (FORBIDDEN[layer].some((f) => target.startsWith(`${f}/`))) out.push(`${file} -> ${target}`);
  }
  return out;
}

describe("layers", () => {
  for (const layer of Object.keys(FORBIDDEN)) {
    test(`${layer} loads none of ${FORBIDDEN[layer].join(", ")}`, () => {
      expect(violations(layer)).toEqual([]);
    });
  }

  test("the check sees static imports and import() alike, and lets type imports pass", () => {
    const text = 'import { a } from "../render/x.ts";\nimport type { T } from "../cli/y.ts";\nconst m = await import("../mcp/z.ts");\n// import { c } from "../bin/w.ts";\n';
    expect(valueImports("src/app/example.ts", text)).toEqual(["src/render/x.ts", "src/mcp/z.ts"]);
  });
});
