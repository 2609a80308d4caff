// One name, several definitions in a file: a C prototype and the function, TypeScript overload
// signatures and the implementation. The questions that take one symbol (context, calls,
// symbol --skeleton, MCP get_symbol) answer about the one with a body; `symbol` shows them all.
import { afterAll, describe, expect, test } from "bun:test";
import { runCli, tempDir } from "./helpers/cli.ts";
import { write } from "./helpers/git-repo.ts";

const dir = tempDir("ast-outline-declarations-");
write(dir.path, "grep.c", "static int grep_tree(int n);\n\nstatic int helper(int n)\n{\n\treturn n;\n}\n\nstatic int grep_tree(int n)\n{\n\treturn helper(n) + 1;\n}\n");
write(dir.path, "parse.ts", [
  "export function parse(text: string): number;",
  "export function parse(text: string, radix: number): number;",
  "export function parse(text: string, radix = 10): number {",
  "  return check(parseInt(text, radix));",
  "}",
  "function check(n: number): number {",
  "  return n;",
  "}",
  "",
].join("\n"));
afterAll(() => dir.cleanup());
const run = (...args: string[]) => runCli(args, dir.path, { AST_OUTLINE_NO_CACHE: "1" });

describe("a name with a declaration and a definition", () => {
  test("context and calls take the C function, not its prototype", async () => {
    const context = await run("context", "grep.c", "grep_tree");
    expect(context.stdout.split("\n")[0]).toStartWith("# context of grep.c:8-11 grep_tree (function; full text;");
    expect(context.stdout).toContain("\treturn helper(n) + 1;\n");
    const calls = await run("calls", "grep.c", "grep_tree", "--format", "json");
    expect(JSON.parse(calls.stdout).symbol).toMatchObject({ startLine: 8, endLine: 11 });
  });

  test("TypeScript: the implementation after the overload signatures; `symbol` still shows all three", async () => {
    const skeleton = await run("symbol", "parse.ts", "parse", "--skeleton");
    expect(skeleton.stdout.split("\n")[0]).toStartWith("# parse.ts:3-5 parse");
    const calls = JSON.parse((await run("calls", "parse.ts", "parse", "--format", "json")).stdout);
    expect(calls.calls.map((c: { callee: string }) => c.callee)).toContain("check");
    const all = await run("symbol", "parse.ts", "parse");
    expect(all.stdout.match(/^# parse\.ts:\d+-\d+ parse /gm)).toEqual(["# parse.ts:1-1 parse ", "# parse.ts:2-2 parse ", "# parse.ts:3-5 parse "]);
  });
});
