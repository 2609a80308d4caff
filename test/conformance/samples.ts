// The fixed file sets of the conformance tests, chosen by stable rules from files every
// machine has (the Python stdlib, this project, the pinned node_modules).
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { walkFiles } from "../../bench/lib.ts";

export const PY_KINDS = ["class", "function", "method", "constructor"] as const;

/** Large, decorator- and nesting-heavy modules, always in the set. */
const NAMED = [
  "asyncio/base_events.py", "asyncio/tasks.py", "typing.py", "argparse.py", "dataclasses.py",
  "enum.py", "functools.py", "email/_header_value_parser.py", "json/decoder.py",
  "collections/__init__.py", "importlib/_bootstrap.py", "unittest/case.py", "unittest/mock.py",
  "logging/__init__.py", "concurrent/futures/_base.py",
];

/** The named modules plus every third top-level module in name order: stable for a Python version. */
export function pythonSample(stdlib: string): string[] {
  const top = readdirSync(stdlib).filter((n) => n.endsWith(".py")).sort();
  const picked = new Set(NAMED.filter((p) => existsSync(join(stdlib, p))));
  top.forEach((name, i) => i % 3 === 0 && picked.add(name));
  return [...picked].sort().map((p) => join(stdlib, p));
}

export const TS_KINDS = ["class", "interface", "enum", "type", "module", "namespace", "function", "method", "constructor"] as const;

const isTs = (n: string) => /\.(m|c)?tsx?$/.test(n);
const isDts = (n: string) => /\.d\.(m|c)?ts$/.test(n);

/** Directories and the files taken from each (all present with the pinned devDependencies). */
export function typescriptSample(root: string): string[] {
  const nm = join(root, "node_modules");
  const sets: [string, (n: string) => boolean, boolean][] = [
    [join(root, "src"), isTs, true],
    [join(nm, "typescript/lib"), (n) => /^lib\.es(5|2015\.\w+|2020\.\w+)\.d\.ts$/.test(n), false],
    [join(nm, "@modelcontextprotocol/sdk/dist/esm/server"), (n) => n.endsWith(".d.ts"), true],
    [join(nm, "zod/src/v4/core"), (n) => isTs(n) && !isDts(n), false],
    [join(nm, "zod/v4/classic"), (n) => n.endsWith(".d.ts"), false],
    [join(nm, "web-tree-sitter/src"), isTs, true],
  ];
  const out: string[] = [];
  for (const [dir, keep, deep] of sets) {
    if (!existsSync(dir)) continue;
    out.push(...walkFiles(dir, keep, (rel) => !deep || rel.endsWith("tests") || rel.endsWith("node_modules")));
  }
  // Every other Node.js declaration file, in name order (all of them double the test's time).
  const node = join(nm, "@types/node");
  if (existsSync(node)) out.push(...walkFiles(node, (n) => n.endsWith(".d.ts"), () => true).filter((_, i) => i % 2 === 0));
  return out;
}

