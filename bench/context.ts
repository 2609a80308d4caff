// `context` on 20 symbols of psf/requests and honojs/hono (issue 27): at each budget, the
// answer's size (the budget's own estimate and o200k tokens), what was shown and cut, and
// whether it names every callee the call graph resolves (callChain at depth 1, what `calls
// --depth 1` prints). In process, through the same use case and renderer as the CLI and MCP.
//   bun bench/run.ts context [--repos DIR] [--tokens 4000,1500,800] [--verbose]
// DIR holds the two checkouts, never committed here, each extracted from its mirror:
//   mkdir -p DIR/psf+requests && git --git-dir=/work/.mirror/psf+requests/repo archive HEAD | tar -x -C DIR/psf+requests
//   (likewise honojs+hono)
import { join } from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { callChain } from "../src/app/calls/index.ts";
import { symbolContext } from "../src/app/context/index.ts";
import { repoSymbols } from "../src/app/repo-symbols.ts";
import { findOne } from "../src/app/symbol-view.ts";
import { estimateTokensSafe } from "../src/core/text/tokens.ts";
import { processEnv } from "../src/io/env.ts";
import { cliWorkspace } from "../src/io/workspace.ts";
import { fitContext, renderContextText } from "../src/render/context/index.ts";

const argv = process.argv.slice(2);
const opt = (o: string) => (argv.includes(o) ? argv[argv.indexOf(o) + 1] : undefined);
const reposDir = opt("--repos") ?? "/work/data";
const budgets = (opt("--tokens") ?? "4000,1500,800").split(",").map(Number);
const verbose = argv.includes("--verbose");

const SYMBOLS: [string, string, string][] = [
  ["psf+requests", "src/requests/sessions.py", "Session.request"],
  ["psf+requests", "src/requests/sessions.py", "Session.send"],
  ["psf+requests", "src/requests/sessions.py", "SessionRedirectMixin.resolve_redirects"],
  ["psf+requests", "src/requests/sessions.py", "Session.prepare_request"],
  ["psf+requests", "src/requests/models.py", "PreparedRequest.prepare"],
  ["psf+requests", "src/requests/models.py", "PreparedRequest.prepare_body"],
  ["psf+requests", "src/requests/adapters.py", "HTTPAdapter.send"],
  ["psf+requests", "src/requests/adapters.py", "HTTPAdapter.get_connection_with_tls_context"],
  ["psf+requests", "src/requests/auth.py", "HTTPDigestAuth.build_digest_header"],
  ["psf+requests", "src/requests/api.py", "request"],
  ["honojs+hono", "src/hono-base.ts", "Hono.#dispatch"],
  ["honojs+hono", "src/hono-base.ts", "Hono.route"],
  ["honojs+hono", "src/hono-base.ts", "Hono.mount"],
  ["honojs+hono", "src/compose.ts", "compose"],
  ["honojs+hono", "src/router/trie-router/node.ts", "Node.search"],
  ["honojs+hono", "src/router/trie-router/node.ts", "Node.insert"],
  ["honojs+hono", "src/router/reg-exp-router/router.ts", "RegExpRouter.add"],
  ["honojs+hono", "src/validator/validator.ts", "validator"],
  ["honojs+hono", "src/middleware/cors/index.ts", "cors"],
  ["honojs+hono", "src/helper/cookie/index.ts", "getSignedCookie"],
];

const enc = new Tiktoken(o200k);
const o200 = (s: string) => enc.encode(s, "all").length;
const rows: string[] = [];
let fits = 0;
let fitsO200k = 0;
let named = 0;
let runs = 0;
for (const [repo, path, name] of SYMBOLS) {
  const root = join(reposDir, repo);
  const env = processEnv({ cwd: root });
  const r = repoSymbols(env, cliWorkspace(root, [path]));
  const file = await r.parsed(path);
  const symbol = findOne(file, name);
  const t0 = performance.now();
  const data = await symbolContext(r, file, symbol);
  const ms = performance.now() - t0;
  const chain = await callChain(r, { path, symbol }, 1, Infinity);
  const resolved = chain.steps.filter((s) => s.resolved.target);
  for (const budget of budgets) {
    const f = fitContext(data, budget);
    const text = renderContextText(f);
    const est = estimateTokensSafe(text);
    const tok = o200(text);
    runs++;
    if (est <= budget) fits++;
    if (tok <= budget) fitsO200k++;
    // Every resolved callee named: its call expression and its target's place, on a callee line.
    const missing = resolved.filter((s) => {
      const t = s.resolved.target!;
      return !text.includes(` -> ${t.path}:${t.symbol.startLine}-${t.symbol.endLine} ${t.symbol.qualifiedName} [`);
    });
    if (!missing.length) named++;
    const cut = Object.entries(f.cut).filter(([, n]) => n).map(([k, n]) => `${k} ${n}`).join(", ") || "-";
    rows.push(`| ${repo.split("+")[1]} | ${name} | ${symbol.endLine - symbol.startLine + 1} | ${budget} | ${est} | ${tok} | ${f.view} | ${resolved.length} | ${resolved.length - missing.length} | ${f.types.length}/${data.types.length} | ${f.callers.length}/${data.callers.length + data.callersElided} | ${cut} | ${ms.toFixed(0)} |`);
    if (verbose && missing.length) console.log(`${name} @${budget}: not named: ${missing.map((s) => s.callee).join(", ")}`);
  }
}
console.log("| repo | symbol | lines | budget | tokens (chars/3) | o200k | shown | resolved callees | named | types shown/found | callers shown/found | cut | gather ms |");
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) console.log(r);
console.log(`RESULT context: ${fits}/${runs} within the budget (characters / 3), ${fitsO200k}/${runs} in o200k tokens; every resolved callee named in ${named}/${runs}`);
