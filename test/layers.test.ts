// The layers (issue 12): src/core knows no other layer; src/app (the use cases) returns data and
// loads no renderer or front end; src/render turns data into text and loads no use case or
// front end. Read from the source: every import that loads code (static or `import()`), type
// imports aside, since they load nothing. And the environment is passed in (src/io/env.ts): no
// other module reads the working folder or the variables, or changes the working folder.
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

/** Each layer, and the layers it must not load. The languages' plug-ins (grammars/) are core's. */
const FORBIDDEN: Record<string, string[]> = {
  "src/core": ["src/app", "src/render", "src/cli", "src/mcp", "src/bin", "src/io"],
  grammars: ["src/app", "src/render", "src/cli", "src/mcp", "src/bin", "src/io"],
  "src/app": ["src/render", "src/cli", "src/mcp", "src/bin"],
  "src/render": ["src/app", "src/cli", "src/mcp", "src/bin", "src/io"],
};

/**
 * Node built-ins that reach outside the process's memory (the disk, processes, threads, the
 * network, the machine): core and render compute, io does these. Named anywhere in the code
 * (an import, `import()`, a lazy require by name), type positions aside.
 */
const OUTSIDE = /["'](?:node:)?(fs|fs\/promises|child_process|worker_threads|os|net|http|https|dgram|dns|tls|cluster|readline|tty|v8|vm|inspector)["']/g;

/**
 * The one module of core that still reads the disk: the asset source for runs from source
 * (grammars and queries from node_modules and grammars/). The Engine of issue 26 moves it to io.
 */
const READS_DISK_TODAY = ["src/core/parse/assets.ts"];

function builtinsNamed(file: string, text = readFileSync(join(ROOT, file), "utf8")): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "").replace(/typeof import\("[^"]+"\)/g, "");
  return [...code.matchAll(OUTSIDE)].map((m) => m[1]);
}

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

  for (const layer of ["src/core", "grammars", "src/render"]) {
    test(`${layer} names no Node built-in that reaches outside memory (fs, child_process, worker_threads, os, net, …)`, () => {
      const found = sources(layer)
        .filter((f) => !READS_DISK_TODAY.includes(f))
        .flatMap((f) => builtinsNamed(f).map((b) => `${f}: ${b}`));
      expect(found).toEqual([]);
    });
  }

  test("the built-in check sees imports, import() and lazy requires by name, not type positions", () => {
    const text = 'import { readFileSync } from "node:fs";\nconst cp = lazy<typeof import("node:child_process")>("node:child_process");\nconst w = await import("worker_threads");\nimport { join } from "node:path";\n// import "node:os";\n';
    expect(builtinsNamed("src/core/x.ts", text)).toEqual(["fs", "child_process", "worker_threads"]);
  });

  test("the check sees static imports and import() alike, and lets type imports pass", () => {
    const text = 'import { a } from "../render/x.ts";\nimport type { T } from "../cli/y.ts";\nconst m = await import("../mcp/z.ts");\n// import { c } from "../bin/w.ts";\n';
    expect(valueImports("src/app/example.ts", text)).toEqual(["src/render/x.ts", "src/mcp/z.ts"]);
  });
});

/**
 * The subsystems of app and render (issue 26): each a folder whose front door is its index.ts.
 * From outside the folder, a module loads the subsystem through that door, or through a side
 * door named here with the reason it must be reached alone.
 */
const SUBSYSTEMS = ["src/app", "src/render"].flatMap((layer) =>
  readdirSync(join(ROOT, layer), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${layer}/${e.name}`),
);
const SIDE_DOORS: Record<string, string> = {
  "src/app/index/lookup.ts": "a single file's object from the index: outline and symbol must not load the refresh",
  "src/app/changed/changes.ts": "history diffs each commit with changed's sides, without file-sides.ts (the work tree's reader) in the MCP tools' reach",
  "src/app/index/workspace-index.ts": "the MCP server's index reads files only through the workspace gate; the door's repo-index.ts reads the work tree directly",
  "src/app/changed/with-impact.ts": "the MCP server's changed_symbols --impact, which reads the work tree through its gate, not file-sides.ts's disk reader",
  "src/app/calls/resolver.ts": "loaded late by a symbol's skeleton and drill, which need no chain, callers or impact",
  "src/app/hook/script.ts": "src/bin hands it the hook script the binary embeds (until the Engine of issue 26 owns it)",
  "src/app/index/parse/worker.ts": "a worker thread's entry: src/bin/parse-worker.ts starts it in the compiled binary",
};

/** The subsystem a module belongs to (its folder under app or render), or the module itself when it is a top-level file. */
const unitOf = (file: string) => SUBSYSTEMS.find((s) => file.startsWith(`${s}/`)) ?? file;

/** Every import of a module, type imports included (they name a door too). */
function allImports(file: string): string[] {
  const code = readFileSync(join(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const specs = [...code.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+"(\.[^"]+)"/gms), ...code.matchAll(/\bimport\("(\.[^"]+)"\)/g)].map((m) => m[1]);
  return specs.map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)));
}

describe("subsystems", () => {
  test("no folder of app or render holds more than 12 modules", () => {
    const folders = new Map<string, number>();
    for (const f of [...sources("src/app"), ...sources("src/render")]) folders.set(dirname(f), (folders.get(dirname(f)) ?? 0) + 1);
    expect([...folders].filter(([, n]) => n > 12).map(([d, n]) => `${d}: ${n}`)).toEqual([]);
  });

  test("from outside a subsystem, only its front door (index.ts) or a named side door is imported", () => {
    const found: string[] = [];
    for (const file of sources("src")) {
      for (const target of allImports(file)) {
        const unit = unitOf(target);
        if (unit === target || unit === unitOf(file)) continue;
        if (target !== `${unit}/index.ts` && !(target in SIDE_DOORS)) found.push(`${file} -> ${target}`);
      }
    }
    expect(found).toEqual([]);
    for (const door of [...SUBSYSTEMS.map((s) => `${s}/index.ts`), ...Object.keys(SIDE_DOORS)]) expect(sources(dirname(door))).toContain(door);
  });

  test("the subsystems and top-level modules of app and render import one another without a circle", () => {
    const edges = new Map<string, Set<string>>();
    for (const file of [...sources("src/app"), ...sources("src/render")]) {
      for (const target of allImports(file)) {
        if (!/^src\/(app|render)\//.test(target) || unitOf(target) === unitOf(file)) continue;
        edges.set(unitOf(file), (edges.get(unitOf(file)) ?? new Set()).add(unitOf(target)));
      }
    }
    expect(circles(edges)).toEqual([]);
  });

  test("the circle check finds a circle", () => {
    const edges = new Map([["a", new Set(["b"])], ["b", new Set(["c"])], ["c", new Set(["a"])], ["d", new Set(["a"])]]);
    expect(circles(edges)).toEqual(["a -> b -> c -> a"]);
  });
});

/** Each circle of a directed graph, once, from its first node in walking order. */
function circles(edges: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const visit = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) return void found.push([...path.slice(at), node].join(" -> "));
    if (done.has(node)) return;
    for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
    done.add(node);
  };
  for (const node of [...edges.keys()].sort()) visit(node, []);
  return found;
}

/** Where the process's working folder and variables may be read: the edge that makes the Env, and the binary's start-up seam. */
const ENV_EDGES = ["src/io/env.ts", "src/bin/"];

test("only src/io/env.ts and src/bin read process.cwd() or process.env; no module or test calls process.chdir", () => {
  const found: string[] = [];
  for (const file of sources("src")) {
    const code = readFileSync(join(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    for (const m of code.matchAll(/\bprocess\.(cwd|env|chdir)\b/g)) {
      if (m[1] === "chdir" || !ENV_EDGES.some((e) => file === e || file.startsWith(e))) found.push(`${file}: process.${m[1]}`);
    }
  }
  for (const file of sources("test")) if (/\bprocess\.chdir\s*\(/.test(readFileSync(join(ROOT, file), "utf8"))) found.push(`${file}: process.chdir`);
  expect(found).toEqual([]);
});
