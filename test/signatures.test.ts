// Signatures keep every parameter name (issue 16): the JSON signature is the whole header,
// never cut; the text outline shortens a header too long for its line by dropping defaults,
// then annotations, then the return type, and says so.
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { outlineSource } from "../src/core/outline/outline.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { renderOutlineText } from "../src/render/outline/text.ts";
import { fitSignature, SIGNATURE_LINE_MAX } from "../src/render/outline/signature-fit.ts";
import type { OutlineSymbol } from "../src/core/types.ts";
import { pythonStdlib } from "./conformance/python-ast.ts";
import { ROOT, runCli, tempDir } from "./helpers/cli.ts";

async function outline(language: string, path: string, source: string) {
  return outlineSource({ path, bytes: new TextEncoder().encode(source), language: REGISTRY.byId.get(language)! });
}

function find(symbols: OutlineSymbol[], name: string): OutlineSymbol | undefined {
  for (const s of symbols) {
    if (s.name === name) return s;
    const inner = find(s.children ?? [], name);
    if (inner) return inner;
  }
  return undefined;
}

const REQUEST_PARAMS = ["self", "method", "url", "params", "data", "headers", "cookies", "files", "auth", "timeout", "allow_redirects", "proxies", "hooks", "stream", "verify", "cert", "json"];
const REQUEST = `class Session:
    def request(
        self,
${REQUEST_PARAMS.slice(1).map((p) => `        ${p}: "dict[str, typing.Any] | typing.Sequence[tuple[str, str]] | None" = None,`).join("\n")}
    ) -> "Response":
        return None
`;

const words = (line: string) => new Set(line.match(/[\w$]+/g) ?? []);

describe("python", () => {
  test("a header longer than 600 characters keeps every parameter in the JSON and in the text", async () => {
    const o = await outline("python", "s.py", REQUEST);
    const sym = find(o.symbols, "request")!;
    expect(sym.signature.length).toBeGreaterThan(600);
    expect(sym.signature.startsWith("def request(self, method: ")).toBe(true);
    expect(sym.signature.endsWith(') -> "Response"')).toBe(true);
    for (const p of REQUEST_PARAMS) expect(words(sym.signature).has(p)).toBe(true);
    const line = renderOutlineText(o, { maxChildren: 0 }).split("\n").find((l) => l.includes("def request"))!;
    expect(line).toEndWith(" [shortened]");
    for (const p of REQUEST_PARAMS) expect(words(line).has(p)).toBe(true);
    expect(line).not.toContain("typing");
    expect(line).toContain("params=…");
  });

  test("defaults go first: when that is enough, annotations and the return type stay", () => {
    const sig = "def merge_hooks(request_hooks: HooksType, session_hooks: HooksType, dict_class: type = OrderedDict, strict: bool = False) -> HooksType";
    expect(sig.length).toBeGreaterThan(SIGNATURE_LINE_MAX);
    const fit = fitSignature(sig, "merge_hooks");
    expect(fit).toEqual({ text: "def merge_hooks(request_hooks: HooksType, session_hooks: HooksType, dict_class: type=…, strict: bool=…) -> HooksType", shortened: true });
  });

  test("a short header is shown as written", () => {
    expect(fitSignature("def f(self, a: int = 1) -> int", "f")).toEqual({ text: "def f(self, a: int = 1) -> int", shortened: false });
  });

  test("a comment inside the header is not folded into the signature", async () => {
    const o = await outline("python", "c.py", "class C:\n    def get(  # type: ignore[override]\n        self,\n        name: str,  # the key\n    ) -> str:\n        return name\n");
    expect(find(o.symbols, "get")!.signature).toBe("def get(self, name: str) -> str");
  });

  test("every parameter CPython's ast names is in the JSON and the text of real stdlib modules", async () => {
    let lib: string;
    try {
      lib = pythonStdlib();
    } catch {
      return;
    }
    const files = ["subprocess.py", "argparse.py", "logging/__init__.py", "dataclasses.py"].map((f) => join(lib, f)).filter(existsSync);
    const r = spawnSync("python3", [join(ROOT, "bench/python_params.py")], { input: files.join("\n") + "\n", encoding: "utf8" });
    expect(r.status).toBe(0);
    let checked = 0;
    for (const line of r.stdout.trim().split("\n")) {
      const { path, defs } = JSON.parse(line) as { path: string; defs: [string, number, string[]][] };
      const o = await outlineSource({ path, bytes: readFileSync(path), language: REGISTRY.byId.get("python")! });
      const textLines = renderOutlineText(o, { maxChildren: 0 }).split("\n");
      const flat: OutlineSymbol[] = [];
      const walk = (ss: OutlineSymbol[]) => ss.forEach((s) => (flat.push(s), walk(s.children ?? [])));
      walk(o.symbols);
      for (const [name, start, params] of defs) {
        const sym = flat.find((s) => s.name === name && s.startLine === start)!;
        expect(sym).toBeDefined();
        const range = sym.startLine === sym.endLine ? `${sym.startLine}` : `${sym.startLine}-${sym.endLine}`;
        const line = textLines.find((l) => l.trimStart().startsWith(`${range} `) && l.includes(name))!;
        for (const p of params) {
          expect(`${p} in ${sym.signature}: ${words(sym.signature).has(p)}`).toBe(`${p} in ${sym.signature}: true`);
          expect(`${p} in ${line}: ${words(line).has(p)}`).toBe(`${p} in ${line}: true`);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  }, 60000);
});

describe("typescript", () => {
  test("an overload signature over many lines is kept whole", async () => {
    const params = ["input", "options", "signal", "onProgress", "retries"];
    const src = `export function load(\n${params.map((p) => `  ${p}: Record<string, unknown>,`).join("\n")}\n): Promise<void>;\nexport function load(...args: unknown[]) {}\n`;
    const o = await outline("typescript", "l.ts", src);
    const overload = o.symbols.find((s) => s.name === "load" && s.declaration)!;
    for (const p of params) expect(words(overload.signature).has(p)).toBe(true);
    expect(overload.signature).toContain("): Promise<void>");
  });

  test("a long arrow function drops annotations and return type, keeps names", () => {
    const sig = "export const handle = async (ctx: Context<Env, Path, Input>, next: () => Promise<void>, opts: { a: string; b: number } = { a: 'x', b: 2 }): Promise<Response | undefined> =>";
    expect(fitSignature(sig, "handle")).toEqual({ text: "export const handle = async (ctx, next, opts=…): Promise<Response | undefined> =>", shortened: true });
    const generic = "export function createApp<T extends Record<string, unknown>, K = keyof T>(options: AppOptions<T, K> = {}, handler?: (req: Request) => void): App<T, K>";
    expect(fitSignature(generic, "createApp").text).toBe("export function createApp<T extends Record<string, unknown>, K = keyof T>(options=…, handler?): App<T, K>");
  });
});

test("a type written before the name (Java, C) is left as written: no name is lost", () => {
  const sig = "public static <T extends Comparable<? super T>> List<T> sortSomethingVeryLong(final List<T> items, Comparator<? super T> comparator, boolean reverse, int limit)";
  expect(fitSignature(sig, "sortSomethingVeryLong")).toEqual({ text: sig, shortened: false });
});

test("the CLI's text and JSON and the MCP outline agree on a long header", async () => {
  const dir = tempDir();
  try {
    const file = join(dir.path, "s.py");
    await Bun.write(file, REQUEST);
    const json = JSON.parse((await runCli(["outline", file, "--format", "json"])).stdout);
    expect(find(json.symbols, "request")!.signature.length).toBeGreaterThan(600);
    const text = (await runCli(["outline", file])).stdout;
    expect(text).toContain("def request(self, method=…, url=…, params=…");
    expect(text).toContain("[shortened]");
  } finally {
    dir.cleanup();
  }
});
