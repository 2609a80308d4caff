// The MCP digest tool's later calls in-process (AgentTools, as the server runs them), each split
// into the index refresh, the digest (app/digest/digest.ts) and its text: the same four questions as
// bench/mcp-digest.ts asked again, then questions not asked before (a new budget without a
// focus, a new focus file at 1,000 and 4,000 tokens).
//   npm run bench -- digest-calls [-- REPO] [--src DIR] [--rounds N] [--focus F]
// REPO: default /work/data/scala3-6500, indexed before (bench/mcp-search.ts says how it was made).
// --src: the checkout whose src/ is run (default this one), to set two versions side by side.
import { median } from "./lib.ts";
import { join } from "node:path";

const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const repo = args.find((a, i) => !a.startsWith("--") && !(i > 0 && args[i - 1].startsWith("--"))) ?? "/work/data/scala3-6500";
const src = join(opt("--src") ?? join(import.meta.dirname, ".."), "src");
const rounds = Number(opt("--rounds") ?? 7);
const focus = opt("--focus") ?? "compiler/src/dotty/tools/dotc/typer/Typer.scala";

const { AgentTools } = await import(join(src, "mcp/tools.ts"));
const { Workspace } = await import(join(src, "io/workspace.ts"));
const { envAt, processEnv } = await import(join(src, "io/env.ts"));
const { digest, gitHistory } = await import(join(src, "app/digest/digest.ts"));
const { renderDigestAnswer } = await import(join(src, "render/digest/ranked.ts"));
const { flatDigestFits } = await import(join(src, "render/digest/flat.ts"));

const env = envAt(processEnv(), repo);
const tools = new AgentTools(new Workspace([repo]), env);
const refresh = () => (tools as any).index.refresh(false);
await tools.digest(undefined, 1000, []);

/** One call as AgentTools.digest makes it, timed in its three parts (ms). */
async function call(maxTokens: number, focusOn: string[]): Promise<[number, number, number]> {
  const t0 = performance.now();
  const index = await refresh();
  const t1 = performance.now();
  const answer = await digest(index, { keep: () => true, focus: focusOn, maxTokens, history: gitHistory(env, repo), flatFits: (files: any) => flatDigestFits(files, maxTokens) });
  const t2 = performance.now();
  renderDigestAnswer(answer, maxTokens);
  return [t1 - t0, t2 - t1, performance.now() - t2];
}

const report = (label: string, times: [number, number, number][]) => {
  const m = (k: number) => median(times.map((t) => t[k])).toFixed(1);
  console.log(`${label}: refresh ${m(0)} ms, digest ${m(1)} ms, text ${m(2)} ms (medians of ${times.length})`);
};

const again: Record<string, [number, number, number][]> = {};
for (let r = 0; r < rounds; r++) {
  for (const [tokens, f] of [[1000, []], [1000, [focus]], [4000, []], [4000, [focus]]] as [number, string[]][]) {
    (again[`asked again: ${tokens} tokens${f.length ? `, focus ${f[0]}` : ""}`] ??= []).push(await call(tokens, f));
  }
}
for (const [label, times] of Object.entries(again)) report(label, times);

const paths = [...(await refresh()).keys.keys()].filter((p: string) => p.endsWith(focus.slice(focus.lastIndexOf("."))));
const fresh: Record<string, [number, number, number][]> = {};
for (let r = 0; r < rounds; r++) {
  const f = paths[(r * 7919) % paths.length];
  (fresh["not asked before: a new budget, no focus"] ??= []).push(await call(1100 + r, []));
  (fresh["not asked before: a new focus, 1000 tokens"] ??= []).push(await call(1000, [f]));
  (fresh["not asked before: a new focus, 4000 tokens"] ??= []).push(await call(4000, [f]));
}
for (const [label, times] of Object.entries(fresh)) report(label, times);
