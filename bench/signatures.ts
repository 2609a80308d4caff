// Do outlines keep every parameter name, and what do they cost? For every function CPython's
// `ast` (Python) or the TypeScript compiler (TS/JS) sees, the JSON `signature` and the text
// outline's line for it (--max-children 0) must contain each parameter name as a word; and the text outline's
// o200k tokens / the file's, median over files >= 300 lines (test files included).
//   bun bench/run.ts signatures [--stdlib DIR] [--data DIR] [--only NAME,...] [--no-tokens] [--verbose]
// Corpora: the python3 stdlib and, under --data (default /work/data), psf+requests,
// pallets+flask, pallets+click, honojs+hono, colinhacks+zod, vuejs+core when present (--only:
// those named, "stdlib" for the stdlib). --no-tokens leaves the token ratio out (js-tiktoken
// takes minutes on a few large generated files; the parameter check does not need it).
import { existsSync, readFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join, relative } from "node:path";
import ts from "typescript";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { outlineSource } from "../src/core/outline/outline.ts";
import { detectLanguage } from "../src/core/languages/detect.ts";
import { renderOutlineText } from "../src/render/outline/text.ts";
import { pythonStdlib } from "../test/conformance/python-ast.ts";
import { scriptKindOf } from "../test/conformance/typescript-defs.ts";
import type { OutlineSymbol } from "../src/core/types.ts";
import { median, percentile, walkFiles } from "./lib.ts";

/** A function as the reference sees it: name, first line (decorators included), parameter names. */
interface RefFn { name: string; start: number; params: string[] }

const TEXT_MAX_CHILDREN = 40;
const MIN_LINES = 300;

export async function run(args: string[]): Promise<void> {
  const opt = (name: string) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : undefined);
  const data = opt("--data") ?? "/work/data";
  const verbose = args.includes("--verbose");
  const tokens = !args.includes("--no-tokens");
  const only = opt("--only")?.split(",");
  const wanted = (name: string) => !only || only.includes(name);
  const corpora: { name: string; root: string; lang: "py" | "ts" }[] = wanted("stdlib") ? [{ name: "python stdlib", root: opt("--stdlib") ?? pythonStdlib(), lang: "py" }] : [];
  for (const [dir, lang] of [["psf+requests", "py"], ["pallets+flask", "py"], ["pallets+click", "py"], ["honojs+hono", "ts"], ["colinhacks+zod", "ts"], ["vuejs+core", "ts"]] as const) {
    if (wanted(dir) && existsSync(join(data, dir))) corpora.push({ name: dir, root: join(data, dir), lang });
  }
  const enc = new Tiktoken(o200k);
  const allRatios: number[] = [];
  let failures = 0;
  for (const c of corpora) {
    const skip = (rel: string) => rel.endsWith("node_modules") || rel === "site-packages" || rel.endsWith("__pycache__") || rel.startsWith(".");
    const keep = c.lang === "py" ? (n: string) => n.endsWith(".py") : (n: string) => /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(n) && !n.endsWith(".d.ts");
    const files = walkFiles(c.root, keep, skip);
    const refs = c.lang === "py" ? pythonParams(files) : new Map(files.map((f) => [f, typescriptParams(f, readFileSync(f, "utf8"))]));
    const t = { fns: 0, unmatched: 0, jsonMissing: 0, textMissing: 0, textElided: 0, shortened: 0, ratios: [] as number[] };
    const examples: string[] = [];
    for (const path of files) {
      const fns = refs.get(path);
      if (!fns) continue; // the reference cannot parse it
      const t0 = performance.now();
      const bytes = readFileSync(path);
      const language = detectLanguage(path, bytes);
      if (!language) continue;
      const outline = await outlineSource({ path: relative(c.root, path), bytes, language });
      const text = renderOutlineText(outline, { maxChildren: TEXT_MAX_CHILDREN });
      // Every member's line, none left out by --max-children, for the parameter check.
      const byRange = textLines(renderOutlineText(outline, { maxChildren: 0 }));
      const flat = flatten(outline.symbols);
      t.shortened += text.split("\n").filter((l) => / \[shortened\]/.test(l)).length;
      for (const fn of fns) {
        t.fns++;
        const sym = nearest(flat, fn);
        if (!sym) {
          t.unmatched++;
          continue;
        }
        const missing = fn.params.filter((p) => !hasWord(sym.signature, p));
        if (missing.length) {
          t.jsonMissing++;
          if (examples.length < 8) examples.push(`json ${relative(c.root, path)}:${sym.startLine} ${sym.signature.slice(0, 160)} (missing ${missing.join(", ")})`);
        }
        const lines = byRange.get(`${sym.startLine}-${sym.endLine}`);
        if (!lines) {
          t.textElided++;
          continue;
        }
        if (!lines.some((l) => fn.params.every((p) => hasWord(l, p)))) {
          t.textMissing++;
          if (examples.length < 8) examples.push(`text ${relative(c.root, path)}:${sym.startLine} ${lines[0].slice(0, 160)}`);
        }
      }
      if (tokens && outline.lineCount >= MIN_LINES) {
        const whole = enc.encode(bytes.toString("utf8"), "all").length;
        if (whole) t.ratios.push(enc.encode(text, "all").length / whole);
      }
      const ms = performance.now() - t0;
      if (ms > 10_000) console.log(`    slow: ${relative(c.root, path)} ${(ms / 1000).toFixed(0)} s`);
    }
    failures += t.jsonMissing + t.textMissing;
    allRatios.push(...t.ratios);
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    console.log(`${c.name} (${c.root}): ${files.length} files, ${t.fns} functions (${t.unmatched} not matched to an outline symbol, ${t.textElided} without a text line)`);
    console.log(`  missing a parameter name: JSON ${t.jsonMissing}, text ${t.textMissing}; text lines shortened ${t.shortened}`);
    if (t.ratios.length) console.log(`  text outline / file tokens (o200k), ${t.ratios.length} files >= ${MIN_LINES} lines: median ${pct(median(t.ratios))}, p90 ${pct(percentile(t.ratios, 90))}`);
    for (const e of verbose ? examples : examples.slice(0, 3)) console.log(`    ${e}`);
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`RESULT signatures: ${failures} functions missing a parameter name; text/file tokens median ${pct(median(allRatios))} over ${allRatios.length} files >= ${MIN_LINES} lines`);
}

if (import.meta.main) await run(process.argv.slice(2));

function flatten(symbols: OutlineSymbol[], out: OutlineSymbol[] = []): OutlineSymbol[] {
  for (const s of symbols) {
    out.push(s);
    if (s.children) flatten(s.children, out);
  }
  return out;
}

/** The outline symbol of that name starting nearest the reference's first line (at most 3 lines off). */
function nearest(flat: OutlineSymbol[], fn: RefFn): OutlineSymbol | undefined {
  let best: OutlineSymbol | undefined;
  for (const s of flat) {
    if (s.name !== fn.name || Math.abs(s.startLine - fn.start) > 3) continue;
    if (!best || Math.abs(s.startLine - fn.start) < Math.abs(best.startLine - fn.start)) best = s;
  }
  return best;
}

/** Text outline lines by the range they start with (`12-40 def f(…)`). */
function textLines(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const m = /^ *(\d+)(?:-(\d+))? /.exec(line);
    if (!m) continue;
    const key = `${m[1]}-${m[2] ?? m[1]}`;
    const list = out.get(key) ?? [];
    list.push(line);
    out.set(key, list);
  }
  return out;
}

function hasWord(text: string, word: string): boolean {
  let at = text.indexOf(word);
  while (at >= 0) {
    const before = text[at - 1] ?? " ";
    const after = text[at + word.length] ?? " ";
    if (!/[\w$]/.test(before) && !/[\w$]/.test(after)) return true;
    at = text.indexOf(word, at + 1);
  }
  return false;
}

function pythonParams(paths: string[]): Map<string, RefFn[]> {
  const r = spawnSync("python3", [join(import.meta.dir, "python_params.py")], { input: paths.join("\n") + "\n", encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`python_params.py failed (${r.status}): ${r.stderr}`);
  const out = new Map<string, RefFn[]>();
  for (const line of r.stdout.split("\n")) {
    if (!line) continue;
    const o = JSON.parse(line);
    if (!o.error) out.set(o.path, (o.defs as [string, number, string[]][]).map(([name, start, params]) => ({ name, start, params })));
  }
  return out;
}

/** Named functions, methods, constructors, accessors, method signatures and variables holding a function: their parameters' bound names. */
function typescriptParams(fileName: string, text: string): RefFn[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKindOf(fileName));
  const out: RefFn[] = [];
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const bound = (n: ts.BindingName): string[] => (ts.isIdentifier(n) ? [n.text] : n.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bound(e.name))));
  const names = (fn: ts.SignatureDeclarationBase) => fn.parameters.flatMap((p) => bound(p.name));
  const visit = (node: ts.Node): void => {
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isMethodSignature(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)) && node.name && (ts.isIdentifier(node.name) || ts.isPrivateIdentifier(node.name))) {
      out.push({ name: node.name.text, start: line(node), params: names(node) });
    } else if (ts.isConstructorDeclaration(node)) {
      out.push({ name: "constructor", start: line(node), params: names(node) });
    } else if (ts.isVariableStatement(node) && node.declarationList.declarations.length === 1) {
      const d = node.declarationList.declarations[0];
      if (ts.isIdentifier(d.name) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) {
        out.push({ name: d.name.text, start: line(node), params: names(d.initializer) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}
