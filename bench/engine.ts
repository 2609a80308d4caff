// Bench: where the outline engine spends its time, in-process (CPU of this one thread).
//   bun bench/engine.ts [DIR...] [--limit N] [--dump FILE] [--language ID]
// Phases, once per process: runtime init, grammar load, query compile (per language).
// Then per file: parse only, vs the whole outlineSource (parse + query + extract + build).
// DIR defaults to the stdlib of the `python3` on PATH (site-packages excluded).
// --dump FILE writes every outline as one JSON line (to compare engines' output byte for byte).
// --language ID outlines files whose language is not detected (extensionless C++ headers) as ID.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { walkFiles } from "./lib.ts";
import { detectLanguage } from "../src/core/languages/detect.ts";
import { initRuntime, loadGrammar, loadQuery, parse } from "../src/core/parse/parser.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { decodeSource } from "../src/core/text/lines.ts";
import { REGISTRY, type LanguageSpec } from "../src/core/languages/registry.ts";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const limit = Number(opt("--limit") ?? Infinity);
const dump = opt("--dump");
const fallbackId = opt("--language");
const fallback = fallbackId === undefined ? undefined : REGISTRY.byId.get(fallbackId);
if (fallbackId !== undefined && !fallback) throw new Error(`unknown language ${fallbackId}`);
const dirs = args.length
  ? args
  : [execFileSync("python3", ["-c", "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: "utf8" }).trim()];

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const ms = (x: number) => `${x.toFixed(0)} ms`;

const t0 = cpu();
await initRuntime();
const tInit = cpu() - t0;

const files: { path: string; spec: LanguageSpec; bytes: Uint8Array; text: string }[] = [];
for (const dir of dirs) {
  for (const path of walkFiles(dir, () => true, (rel) => /(^|\/)(site-packages|node_modules|__pycache__|\.git)$/.test(rel))) {
    if (files.length >= limit) break;
    const bytes = readFileSync(path);
    const spec = detectLanguage(path, bytes) ?? fallback;
    if (!spec || spec.embedded) continue;
    files.push({ path, spec, bytes, text: decodeSource(bytes) });
  }
}

const grammarMs = new Map<string, number>();
const queryMs = new Map<string, number>();
for (const f of files) {
  const id = f.spec.id;
  if (grammarMs.has(id)) continue;
  let t = cpu();
  await loadGrammar(f.spec.grammar);
  grammarMs.set(id, cpu() - t);
  t = cpu();
  await loadQuery(f.spec);
  queryMs.set(id, cpu() - t);
}

// Warm-up: one pass of each so the JIT has seen both paths, then the timed passes.
const parseOnly = async () => {
  const t = cpu();
  for (const f of files) (await parse(f.spec.grammar, f.text)).delete();
  return cpu() - t;
};
const outlineAll = async (out?: string[]) => {
  const t = cpu();
  for (const f of files) {
    const o = await outlineSource({ path: f.path, bytes: f.bytes, language: f.spec });
    out?.push(JSON.stringify(o));
  }
  return cpu() - t;
};
const dumped: string[] = [];
const firstOutline = await outlineAll(dumped);
const firstParse = await parseOnly();
const tParse = await parseOnly();
const tOutline = await outlineAll();
if (dump) writeFileSync(dump, dumped.join("\n") + "\n");

const lines = files.reduce((n, f) => n + f.text.split("\n").length, 0);
console.log(`files: ${files.length} (${lines} lines) from ${dirs.join(", ")}`);
console.log(`runtime init: ${ms(tInit)}`);
for (const [id, t] of grammarMs) console.log(`${id}: grammar load ${ms(t)}, query compile ${ms(queryMs.get(id)!)}`);
console.log(`first pass (cold JIT): outlineSource ${ms(firstOutline)}, parse only ${ms(firstParse)}`);
console.log(`parse only: ${ms(tParse)}`);
console.log(`outlineSource: ${ms(tOutline)} (${(tOutline / tParse).toFixed(2)}x parse; outline beyond parse ${ms(tOutline - tParse)})`);
console.log(`RESULT engine: parse ${ms(tParse)}, outlineSource ${ms(tOutline)}, ratio ${(tOutline / tParse).toFixed(2)}x`);
