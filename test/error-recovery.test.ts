// No silent loss after a syntax error: definitions after an error region are still found, an
// error inside a body never shrinks its definition, and the lines the parser could not read
// are named (JSON `unparsedRanges`, the text's `unparsed:` line). Real grammars; TypeScript
// cases are scored against the TypeScript compiler.
import { afterAll, describe, expect, test } from "bun:test";
import { outlineSource } from "../src/core/outline/outline.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { renderOutlineText } from "../src/render/outline/text.ts";
import { flatten } from "../src/core/symbols/find.ts";
import type { FileOutline } from "../src/core/types.ts";
import { compareFile, emptyTally, ourDefs } from "./conformance/compare.ts";
import { TS_KINDS } from "./conformance/samples.ts";
import { typescriptDefs } from "./conformance/typescript-defs.ts";
import { runCli } from "./helpers/cli.ts";
import { tempRepo } from "./helpers/git-repo.ts";

async function outline(language: string, text: string, path = `case.${language}`): Promise<FileOutline> {
  return outlineSource({ path, bytes: new TextEncoder().encode(text), language: REGISTRY.byId.get(language)! });
}

/**
 * Anonymous generic call signatures separated only by line breaks, the way a router's typings
 * overload `get`: tree-sitter-typescript 0.23.2 reads the second `<` as a type argument list
 * and its recovery turns the rest of the file into fragments.
 */
function callSignatures(count: number, indent = "  "): string {
  const one = (i: number) => [
    `${indent}// overload ${i}`,
    `${indent}<`,
    `${indent}  P extends string = Path,`,
    `${indent}  I extends Input = Empty,`,
    `${indent}  R extends Result<any> = any,`,
    `${indent}>(`,
    `${indent}  ...handlers: [Handler<P, I>, Handler<P, I, R>]`,
    `${indent}): Router<`,
    `${indent}  Merge<[E, I]>,`,
    `${indent}  S & Route<P, I, R>`,
    `${indent}>`,
    "",
  ];
  return Array.from({ length: count }, (_, i) => one(i)).flat().join("\n");
}

const routerTypes = [
  "import type { Handler, Input, Result, Router, Merge, Route, Empty } from './deps'",
  "",
  "export interface GetHandler<",
  "  E extends object = object,",
  "  S = {},",
  "  Path extends string = '/',",
  "> {",
  callSignatures(3),
  "}",
  "",
  "export type OnHandler<E extends object = object, S = {}, Path extends string = '/'> = {",
  callSignatures(2),
  "}",
  "",
  "export interface UseHandler<E extends object, S, Path extends string> {",
  callSignatures(2),
  "}",
  "",
  "export type Schema = {",
  "  [path: string]: { [method: string]: Endpoint }",
  "}",
  "",
  "export interface Endpoint {",
  "  input: unknown",
  "  output(): unknown",
  "}",
  "",
  "export function mergePath(a: string, b: string): string {",
  "  return a + b",
  "}",
  "",
  "export class Registry {",
  "  accessor count = 0",
  "  add(path: string): void {}",
  "  match(path: string): string[] {",
  "    return []",
  "  }",
  "}",
  "",
  "export type * from './more'",
  "",
  "export const double = (x: number): number => x * 2",
  "",
].join("\n");

describe("TypeScript: call signatures the grammar cannot read", () => {
  test("every definition the compiler sees is found with its exact range", async () => {
    const file = await outline("typescript", routerTypes, "router.ts");
    const tally = emptyTally();
    compareFile("router.ts", typescriptDefs("router.ts", routerTypes), ourDefs(file.symbols, TS_KINDS), tally);
    expect(tally.misses).toEqual([]);
    expect(tally.rangeDiffs).toEqual([]);
    expect(tally.total).toBeGreaterThanOrEqual(10);
  });

  test("the unread lines are named, each inside the definition it belongs to", async () => {
    const file = await outline("typescript", routerTypes, "router.ts");
    const ranges = file.unparsedRanges ?? [];
    expect(ranges.length).toBeGreaterThan(0);
    const broken = file.symbols.filter((s) => ["GetHandler", "OnHandler", "UseHandler"].includes(s.name));
    for (const r of ranges) {
      const owner = broken.find((s) => s.startLine < r.startLine && r.endLine <= s.endLine);
      expect(owner ? `${owner.name} holds ${r.startLine}-${r.endLine}` : `no definition holds ${r.startLine}-${r.endLine}`).toContain(" holds ");
    }
    // The first broken signature's lines are among them (the second signature is where it fails).
    const get = broken.find((s) => s.name === "GetHandler")!;
    expect(ranges.some((r) => r.startLine > get.startLine && r.endLine === get.endLine)).toBe(true);
    const header = renderOutlineText(file, { maxChildren: 40 }).split("\n")[3];
    expect(header).toStartWith("unparsed: lines ");
    expect(header).toContain(`${ranges[0].startLine}-${ranges[0].endLine}`);
  });
});

describe("Python: a half-edited method", () => {
  const source = [
    "class Service:",
    "    def ok(self):",
    "        return 1",
    "",
    "    def broken(self, x:",
    "        return (x +",
    "",
    "    def after(self):",
    "        return 2",
    "",
    "    @property",
    "    def name(self):",
    "        return 'service'",
    "",
    "",
    "def tail(a, b):",
    "    return a + b",
    "",
  ].join("\n");

  test("the members after it stay in their class, the functions after it are found", async () => {
    const file = await outline("python", source);
    const names = flatten(file.symbols).map((s) => `${s.qualifiedName} ${s.startLine}-${s.endLine}`);
    expect(names).toEqual(["Service 1-13", "Service.ok 2-3", "Service.after 8-9", "Service.name 11-13", "tail 16-17"]);
    expect(file.unparsedRanges).toEqual([{ startLine: 5, endLine: 6 }]);
  });
});

describe("unparsed ranges through the cache and the CLI", () => {
  const repo = tempRepo({ "router.ts": routerTypes, "ok.ts": "export const a = 1\n" });
  afterAll(() => repo.cleanup());

  test("an indexed outline names the same lines as a fresh one; a clean file names none", async () => {
    const fresh = JSON.parse((await runCli(["outline", "router.ts", "--format", "json"], repo.path)).stdout);
    expect(fresh.unparsedRanges?.length).toBeGreaterThan(0);
    expect((await runCli(["index"], repo.path)).code).toBe(0);
    const cached = JSON.parse((await runCli(["outline", "router.ts", "--format", "json"], repo.path)).stdout);
    expect(cached).toEqual(fresh);
    const clean = JSON.parse((await runCli(["outline", "ok.ts", "--format", "json"], repo.path)).stdout);
    expect("unparsedRanges" in clean).toBe(false);
  });
});
