// Run in a fresh process by test/robustness.test.ts (the WebAssembly heap never shrinks, so
// the heap limit is only deterministic in a process of its own): lowers the parse heap limit,
// outlines a dense one-line JS file past it and a small file after it, and prints what happened
// as JSON.
import type { OutlineError } from "../../src/core/errors.ts";
import { languageByName } from "../../src/core/languages/detect.ts";
import { outlineSource } from "../../src/core/outline/outline.ts";
import { parseLimits } from "../../src/core/parse/limits.ts";
import { heapBytes, initRuntime } from "../../src/core/parse/parser.ts";

const MiB = 1024 * 1024;
const limitMiB = Number(process.argv[2]);
const bigBytes = Number(process.argv[3]);
parseLimits.heapBytes = limitMiB * MiB;
await initRuntime();
const heapAtStart = heapBytes();
const js = languageByName("x.js")!;

const parts: string[] = [];
let size = 0;
for (let i = 0; size < bigBytes; i++) {
  const s = `var a${i}=function(b,c){return b+c*${i}},o${i}={k:[1,2,3],s:'x${i}'};`;
  parts.push(s);
  size += s.length;
}
let big: { ok: boolean; error?: string; kind?: string; exitCode?: number; symbols?: number };
try {
  const o = await outlineSource({ path: "big.js", bytes: new TextEncoder().encode(parts.join("")), language: js });
  big = { ok: true, symbols: o.symbols.length };
} catch (e) {
  big = { ok: false, error: (e as Error).message, kind: (e as OutlineError).problem?.kind, exitCode: (e as OutlineError).exitCode };
}
const heapAfterBig = heapBytes();
const small = await outlineSource({ path: "small.js", bytes: new TextEncoder().encode("function after() {}\n"), language: js });
console.log(JSON.stringify({ heapAtStart, big, heapAfterBig, small: small.symbols.map((s) => s.name) }));
