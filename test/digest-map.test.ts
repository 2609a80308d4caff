// The ranked `digest`: definitions ranked by the references of the rest of the repository
// (core/rank/rank.ts over the refs the cache holds), fitted to the budget best first, centred by
// `--focus` (MCP `focus`); the same answer from the CLI and the MCP server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "./helpers/cli.ts";
import { BUN, CLI_SOURCE, gitOk, tempRepo, write } from "./helpers/git-repo.ts";

// Two clusters: alpha/ uses alpha_lib's definitions, beta/ uses beta_lib's; hub.py is used by
// every file; lonely.py by none.
const users = (lib: string, fns: string[], n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [
    `${lib}/use_${i}.py`,
    `from ${lib}.lib import ${fns.join(", ")}\nfrom hub import shared_registry\n\n\ndef task_${lib}_${i}(x):\n    shared_registry(x)\n${fns.map((f) => `    ${f}(x)\n`).join("")}    return x\n`,
  ]));
const repo = tempRepo({
  "hub.py": "def shared_registry(item):\n    return item\n",
  "lonely.py": "def never_called_anywhere(a, b):\n    return a + b\n",
  "alpha/__init__.py": "",
  "alpha/lib.py": "def alpha_parse(x):\n    return x\n\n\ndef alpha_render(x):\n    return x\n",
  "beta/__init__.py": "",
  "beta/lib.py": "def beta_connect(x):\n    return x\n\n\ndef beta_close(x):\n    return x\n",
  ...users("alpha", ["alpha_parse", "alpha_render"], 3),
  ...users("beta", ["beta_connect", "beta_close"], 3),
  "web/client.ts": "import { shared } from './shared';\nexport function fetchAll(urls: string[]): string[] {\n  return urls.map((u) => shared(u));\n}\n",
  "web/shared.ts": "export function shared(url: string): string {\n  return url;\n}\n",
});
const root = realpathSync(repo.path);
gitOk(root, "add", "-A");
gitOk(root, "commit", "-qm", "init");

let client: Client;
beforeAll(async () => {
  client = new Client({ name: "digest-map", version: "0" });
  await client.connect(new StdioClientTransport({ command: BUN, args: [CLI_SOURCE, "mcp"], cwd: root, stderr: "pipe" }));
}, 60_000);
afterAll(async () => {
  await client?.close();
  repo.cleanup();
});

async function mcp(args: Record<string, unknown>): Promise<string> {
  const r: any = await client.callTool({ name: "digest", arguments: args });
  expect(r.isError, r.content?.[0]?.text).toBeFalsy();
  return r.content.map((c: any) => c.text).join("");
}

async function digest(...args: string[]) {
  const r = await runCli(["digest", ...args], root);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** The definition lines of a ranked map: `<indent><start>-<end> <header>`. */
const definitionLines = (text: string) => text.split("\n").filter((l) => /^\s+\d+-\d+ /.test(l));
/** The bare names of a ranked map: `  + name name` under their file. */
const bareNames = (text: string) => text.split("\n").filter((l) => l.startsWith("  + ")).flatMap((l) => l.slice(4).split(" "));
/** Every definition the map names: those with a header line, and the bare names. */
const named = (text: string) => [...definitionLines(text).map((l) => l.trim()), ...bareNames(text)];
/** Where the map first names `name` as a definition (Infinity: not at all). */
const at = (text: string, name: string) => {
  const i = text.split("\n").findIndex((l) => (/^\s+\d+-\d+ /.test(l) || l.startsWith("  + ")) && new RegExp(`\\b${name}\\b`).test(l));
  return i < 0 ? Infinity : i;
};

describe("ranked digest", () => {
  test("under a tight budget the map names the most referenced definitions, with their headers", async () => {
    const text = await digest("--max-tokens", "100");
    expect(text).toContain("definitions ranked by references");
    expect(text).toContain("hub.py [XS 2L]: 1 of 1 symbols\n  1-2 def shared_registry(item)\n");
    expect(text).not.toContain("never_called_anywhere");
    expect(definitionLines(text).length).toBeGreaterThan(0);
    // Past a quarter of the budget the next definitions are bare names, one line per file.
    expect(text).toContain("alpha/lib.py [XS 6L]: 2 of 2 symbols\n  + alpha_parse alpha_render\n");
    // A bigger budget names more definitions, in the same order of importance.
    const more = await digest("--max-tokens", "115");
    expect(named(more).length).toBeGreaterThan(named(text).length);
    for (const line of definitionLines(text)) expect(more).toContain(line);
    for (const name of bareNames(text)) expect(at(more, name)).toBeLessThan(Infinity);
    // The same answer every time.
    expect(await digest("--max-tokens", "100")).toBe(text);
  }, 60_000);

  test("a focus centres the map on what the focus files use", async () => {
    const alpha = await digest("--max-tokens", "100", "--focus", "alpha/use_0.py");
    const beta = await digest("--max-tokens", "100", "--focus", "beta/use_0.py");
    expect(alpha).toContain("alpha/use_0.py [XS 9L] (focus)");
    // What the focus file uses comes first; the other cluster, if at all, after it.
    expect(at(alpha, "alpha_parse")).toBeLessThan(at(alpha, "beta_connect"));
    expect(at(beta, "beta_connect")).toBeLessThan(at(beta, "alpha_parse"));
    // A definition name works as a focus too; a focus that names nothing is an input error.
    const byName = await digest("--max-tokens", "100", "--focus", "beta_close");
    expect(at(byName, "beta_close")).toBeLessThan(Infinity);
    expect(at(byName, "task_beta_0")).toBeLessThan(at(byName, "task_alpha_0"));
    const none = await runCli(["digest", "--focus", "no_such_thing_here"], root);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe("ast-outline: focus no_such_thing_here: no file or definition of that name (give a path relative to the repository, or a definition's name)\n");
  }, 60_000);

  test("the flat map stays when it fits whole, and on --flat", async () => {
    expect(await digest("--max-tokens", "4000")).toContain("hub.py [XS 2L]: shared_registry");
    const flat = await digest("--max-tokens", "150", "--flat");
    expect(flat).not.toContain("ranked by references");
    expect(flat.startsWith("# ")).toBe(true);
  }, 60_000);

  test("the CLI and the MCP server give the same map", async () => {
    expect(await mcp({ max_tokens: 100 })).toBe(await digest("--max-tokens", "100"));
    expect(await mcp({ max_tokens: 100, focus: ["alpha/use_0.py"] })).toBe(await digest("--max-tokens", "100", "--focus", "alpha/use_0.py"));
    expect(await mcp({ max_tokens: 120, focus: ["shared"], path: "web" })).toBe(await digest("web", "--max-tokens", "120", "--focus", "shared"));
  }, 60_000);

  test("references come from the cache: refs files are written, rebuilt from the objects, and a warm digest parses nothing", async () => {
    await digest("--max-tokens", "100");
    const symbols = join(root, ".ast_outline_cache", "symbols");
    const refs = readdirSync(symbols).filter((f) => f.endsWith(".refs"));
    expect(refs.length).toBe(64);
    const before = await digest("--max-tokens", "100");
    for (const f of refs) rmSync(join(symbols, f));
    expect(await digest("--max-tokens", "100")).toBe(before);
    expect(existsSync(join(symbols, refs[0]))).toBe(true);
    const warm = await runCli(["index"], root);
    expect(warm.stdout).toContain(" 0 parsed");
    // An edit moves the map: a file that now uses lonely.py's function makes it referenced.
    write(root, "alpha/use_1.py", "from lonely import never_called_anywhere\n\n\ndef again(x):\n    never_called_anywhere(x, x)\n    never_called_anywhere(x, 1)\n    return never_called_anywhere(1, x)\n");
    expect(await digest("--max-tokens", "400", "--focus", "alpha/use_1.py")).toContain("def never_called_anywhere(a, b)");
  }, 60_000);

  test("a long-running server asked again gives the same map, and sees an edit and a new commit on the next call", async () => {
    const question = { max_tokens: 150, focus: ["alpha/use_0.py"] };
    const first = await mcp(question);
    await mcp({ max_tokens: 150 });
    await mcp({ max_tokens: 150, path: "beta" });
    expect(await mcp(question)).toBe(first);
    expect(first).toBe(await digest("--max-tokens", "150", "--focus", "alpha/use_0.py"));
    // An edit: web/shared.ts now defines what alpha/use_0.py calls.
    write(root, "web/shared.ts", "export function shared(url: string): string {\n  return url;\n}\nexport function alpha_parse(x: string): string {\n  return x;\n}\n");
    const edited = await mcp(question);
    expect(edited).not.toBe(first);
    expect(edited).toBe(await digest("--max-tokens", "150", "--focus", "alpha/use_0.py"));
    // A commit of the focus with beta/lib.py, the files as they were: only what changed with the focus before is new, and it moves the map.
    write(root, "beta/lib.py", "def beta_connect(x):\n    return x\n\n\ndef beta_close(x):\n    return x\n\n\ndef beta_extra(x):\n    return x\n");
    write(root, "alpha/use_0.py", "from alpha.lib import alpha_parse\n\n\ndef task_alpha_0(x):\n    return alpha_parse(x)\n");
    const uncommitted = await mcp(question);
    gitOk(root, "add", "-A");
    gitOk(root, "commit", "-qm", "together");
    const committed = await mcp(question);
    expect(committed).not.toBe(uncommitted);
    expect(committed).toBe(await digest("--max-tokens", "150", "--focus", "alpha/use_0.py"));
  }, 60_000);

  test("an outline's JSON does not carry the references the cache keeps", async () => {
    const r = await runCli(["outline", "alpha/use_0.py", "--format", "json"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("references");
    expect(JSON.parse(r.stdout).symbols[0].name).toBe("task_alpha_0");
  }, 60_000);
});
