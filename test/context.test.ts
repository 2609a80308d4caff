// `context`: one symbol with its callees (resolved through the call graph), the types it names
// and its callers' lines, cut to a token budget that the answer never exceeds.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { symbolContext } from "../src/app/context/index.ts";
import { callChain } from "../src/app/calls/index.ts";
import { repoSymbols } from "../src/app/repo-symbols.ts";
import { findOne } from "../src/app/symbol-view.ts";
import { cliWorkspace } from "../src/io/workspace.ts";
import { estimateTokensSafe } from "../src/core/text/tokens.ts";
import { fitContext, renderContextJson, renderContextText } from "../src/render/context/index.ts";
import { runCli, tempDir, testEnv } from "./helpers/cli.ts";
import { write } from "./helpers/git-repo.ts";

const dir = tempDir("ast-outline-context-");
beforeAll(() => {
  write(dir.path, "shop/models.py", 'class Order:\n    """An order."""\n\n    def __init__(self, items):\n        self.items = items\n\n\nclass Receipt:\n    pass\n');
  write(dir.path, "shop/service.py", [
    "from shop.models import Order, Receipt",
    "",
    "",
    "def price(order: Order) -> int:",
    "    return sum(order.items)",
    "",
    "",
    "def checkout(order: Order) -> Receipt:",
    "    total = price(order)",
    "    audit(total)",
    "    print(total)",
    ...Array.from({ length: 80 }, (_, i) => `    total = total + ${i}  # step ${i}`),
    "    audit(total)",
    "    return Receipt()",
    "",
    "",
    "def audit(total):",
    "    return total",
    "",
  ].join("\n"));
  write(dir.path, "shop/api.py", [
    "from shop.service import checkout",
    "",
    "",
    "def handle(request):",
    "    return checkout(request.order)",
    "",
    "",
    "class Other:",
    "    def checkout(self):",
    "        return 1",
    "",
    "    def run(self):",
    "        return self.checkout()",
    "",
  ].join("\n"));
  write(dir.path, "web/app.ts", [
    'import { Ctx } from "./ctx";',
    "export class App {",
    "  #dispatch(req: Request, c: Ctx): Ctx {",
    "    return this.#wrap(c);",
    "  }",
    "  #wrap(c: Ctx): Ctx {",
    "    return c;",
    "  }",
    "}",
    'import { Box } from "./ctx";',
    "export function make() {",
    "  return new Box(1);",
    "}",
    "",
  ].join("\n"));
  write(dir.path, "web/ctx.ts", "export interface Ctx {\n  path: string;\n}\nexport class Box {\n  constructor(public n: number) {}\n}\n");
});
afterAll(() => dir.cleanup());

async function contextOf(path: string, name: string) {
  const env = testEnv(dir.path, { AST_OUTLINE_NO_CACHE: "1" });
  const repo = repoSymbols(env, cliWorkspace(dir.path, [path]));
  const file = await repo.parsed(path);
  const symbol = findOne(file, name);
  return { data: await symbolContext(repo, file, symbol), chain: await callChain(repo, { path, symbol }, 1, Infinity) };
}

describe("context", () => {
  test("the full text, every callee resolved with its signature, the types it names, the callers tied to it", async () => {
    const { data } = await contextOf("shop/service.py", "checkout");
    const text = renderContextText(fitContext(data, 4000));
    expect(text.split("\n")[0]).toBe("# context of shop/service.py:8-93 checkout (function; full text; 3 resolved callees, 1 type, 1 caller; within 4000 tokens)");
    expect(text).toContain("def checkout(order: Order) -> Receipt:\n    total = price(order)\n");
    expect(text).toContain("  price@9 -> shop/service.py:4-5 price [same-file]  def price(order: Order) -> int\n");
    expect(text).toContain("  audit@10,92 -> shop/service.py:96-97 audit [same-file]  def audit(total)\n");
    expect(text).toContain("  Receipt@93 -> shop/models.py:8-9 Receipt [import]  class Receipt\n");
    expect(text).toContain("  not in the workspace or unresolved: print@11\n");
    expect(text).toContain("## types it names\n  shop/models.py:1-5 class Order [import, 1x]  class Order\n");
    // api.py's handle calls it through the import; Other.run's self.checkout() is Other.checkout, not it.
    expect(text).toContain("## callers of `checkout`");
    expect(text).toContain("  shop/api.py:5 [in handle, import]  return checkout(request.order)\n");
    expect(text).not.toContain("self.checkout()");
    expect(text).not.toContain("# cut");
  });

  test("never over the budget; the skeleton, then the signature, when the text does not fit; what was cut is said", async () => {
    const { data, chain } = await contextOf("shop/service.py", "checkout");
    const resolved = chain.steps.filter((s) => s.resolved.target).map((s) => s.resolved.target!.symbol.qualifiedName);
    expect(resolved.sort()).toEqual(["Receipt", "audit", "price"]);
    const views = new Set<string>();
    for (const budget of [100, 150, 200, 300, 400, 600, 800, 1000, 2000, 4000]) {
      const f = fitContext(data, budget);
      const text = renderContextText(f);
      expect(estimateTokensSafe(text)).toBeLessThanOrEqual(budget);
      views.add(f.view);
      const cut = Object.values(f.cut).some((n) => n > 0) || f.view !== "full";
      expect(text.includes("# cut to fit")).toBe(cut);
      // Every resolved callee is named unless the cut line counts it.
      for (const name of resolved) if (!f.cut.callees) expect(text).toContain(` ${name} [`);
      const json = JSON.parse(renderContextJson(f));
      expect(json.view).toBe(f.view);
      expect(json.callees.filter((c: { qualifiedName?: string }) => c.qualifiedName).length).toBe(f.callees.length);
    }
    expect([...views].sort()).toEqual(["full", "signature", "skeleton"]);
    const skeleton = renderContextText(fitContext(data, 400));
    expect(skeleton).toContain("skeleton");
    expect(skeleton).toMatch(/# cut to fit 400 tokens: full text \(~\d+ tokens\)/);
  });

  test("a constructor's callers are its class's; a JavaScript private method is found by its # name", async () => {
    const init = await contextOf("web/ctx.ts", "Box.constructor");
    expect(init.data.calledAs).toBe("Box");
    expect(renderContextText(fitContext(init.data, 2000))).toContain("  web/app.ts:12 [in make, import]  return new Box(1);\n");
    const { data } = await contextOf("web/app.ts", "App.#dispatch");
    const text = renderContextText(fitContext(data, 2000));
    expect(text.split("\n")[0]).toContain("web/app.ts:3-5 App.#dispatch (method;");
    expect(text).toContain("## types it names\n  web/ctx.ts:1-3 interface Ctx [import, 2x]");
  });
});

describe("`ast-outline context` on the command line", () => {
  const run = (...args: string[]) => runCli(["context", ...args], dir.path, { AST_OUTLINE_NO_CACHE: "1" });

  test("text by default, JSON with --format json: the same answer, fitted to --max-tokens", async () => {
    const { data } = await contextOf("shop/service.py", "checkout");
    const text = await run("shop/service.py", "checkout", "--max-tokens", "600");
    expect([text.code, text.stderr]).toEqual([0, ""]);
    expect(text.stdout).toBe(renderContextText(fitContext(data, 600)));
    expect(estimateTokensSafe(text.stdout)).toBeLessThanOrEqual(600);
    const json = await run("shop/service.py", "checkout", "--format", "json");
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout);
    expect([parsed.maxTokens, parsed.view, parsed.symbol.qualifiedName]).toEqual([4000, "full", "checkout"]);
    expect(parsed.callees.map((c: { qualifiedName?: string }) => c.qualifiedName).filter(Boolean).sort()).toEqual(["Receipt", "audit", "price"]);
  });

  test("a path from a subfolder is the user's; a missing symbol exits 1, a bad budget or a missing file 2, one line each", async () => {
    const sub = await runCli(["context", "../shop/api.py", "handle"], join(dir.path, "web"), { AST_OUTLINE_NO_CACHE: "1" });
    expect(sub.code).toBe(0);
    expect(sub.stdout.split("\n")[0]).toStartWith("# context of ../shop/api.py:4-5 handle (function;");
    const missing = await run("shop/service.py", "chekout");
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toMatch(/^ast-outline: no symbol `chekout` in shop\/service\.py \([^\n]+\)\n$/);
    for (const bad of ["10", "x", "-5"]) {
      const r = await run("shop/service.py", "checkout", "--max-tokens", bad);
      expect([r.code, r.stdout]).toEqual([2, ""]);
      expect(r.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    }
    const gone = await run("shop/nope.py", "x");
    expect([gone.code, gone.stdout, gone.stderr]).toEqual([2, "", "ast-outline: no such file: shop/nope.py (check the path; `outline .` lists what is here)\n"]);
  });
});
