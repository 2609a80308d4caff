// `changed --impact` measured (bench/README.md, "impact"):
//   oracle: on a real TypeScript code base (not a git checkout needed), for a deterministic
//     sample of exported functions and methods of exported classes, the call sites the impact
//     use case reports (app/calls/impact.ts, each symbol given as re-declared, nothing touched) against
//     the TypeScript language service's findReferences, call expressions only, compared by
//     (file, line). Precision and recall for the sites marked resolved (import / same-file /
//     receiver-type), functions and methods apart; the name-only class reported apart. Calls the
//     head signature (unchanged here) is said to reject are false `breaks`, counted too.
//   python oracle: the same against jedi on a Python tree: every call of the name that jedi's
//     goto leads to the definition (public functions and methods outside tests;
//     bench/python_references.py, needs python3 with jedi).
//   speed: `changed --impact` for one commit on a large git repository with a warm cache, the
//     compiled binary, CPU time (user+sys) from /usr/bin/time.
//
//   bun bench/run.ts impact [--dir /work/data/honojs+hono] [--sample 150] [--kind all|function|method] [--verbose]
//                           [--python /work/data/psf+requests] [--python-sample 100]
//                           [--speed-repo DIR] [--runs 5] [--baseline BINARY] [--skip-oracle] [--skip-python] [--skip-speed]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import ts from "typescript";
import { withImpact } from "../src/app/calls/impact.ts";
import { repoSymbols } from "../src/app/repo-symbols.ts";
import type { ChangeSet, FileChange, SymbolChange } from "../src/core/diff/types.ts";
import { flatten } from "../src/core/symbols/find.ts";
import type { OutlineSymbol } from "../src/core/types.ts";
import { processEnv } from "../src/io/env.ts";
import { Workspace } from "../src/io/workspace.ts";
import { walkFiles } from "./lib.ts";

const DEFAULT_DIR = "/work/data/honojs+hono";
const DEFAULT_SPEED_REPO = "/work/data/scala3-6500";
const DEFAULT_PYTHON_DIR = "/work/data/psf+requests";

function option(args: string[], name: string, fallback: string): string {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1] : fallback;
}

interface Sampled {
  path: string;
  name: string;
  /** 0-based offset of the name in the file, for findReferences. */
  at: number;
  line: number;
  method: boolean;
}

/** Exported functions and the methods of exported classes, outside test files, in a stable order. */
function sample(dir: string, files: string[], want: number): Sampled[] {
  const all: Sampled[] = [];
  for (const file of files) {
    const rel = relative(dir, file);
    if (/\.test\.tsx?$|(^|\/)(test|tests|__tests__)\//.test(rel) || rel.endsWith(".d.ts")) continue;
    const text = readFileSync(file, "utf8");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const exported = (n: ts.Node) => ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const add = (name: ts.Node, method: boolean) =>
      all.push({ path: rel, name: name.getText(sf), at: name.getStart(sf), line: sf.getLineAndCharacterOfPosition(name.getStart(sf)).line + 1, method });
    for (const st of sf.statements) {
      if (ts.isFunctionDeclaration(st) && st.name && exported(st) && st.body) add(st.name, false);
      if (ts.isVariableStatement(st) && exported(st)) {
        for (const d of st.declarationList.declarations) {
          const init = d.initializer && ts.isAsExpression(d.initializer) ? d.initializer.expression : d.initializer;
          if (ts.isIdentifier(d.name) && init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) add(d.name, false);
        }
      }
      if (ts.isClassDeclaration(st) && st.name && exported(st)) {
        for (const m of st.members) if (ts.isMethodDeclaration(m) && ts.isIdentifier(m.name) && m.body) add(m.name, true);
      }
    }
  }
  all.sort((a, b) => (a.path + "\0" + a.name < b.path + "\0" + b.name ? -1 : 1));
  // Overloads and same-named methods count once.
  const seen = new Set<string>();
  const unique = all.filter((s) => !seen.has(`${s.path}#${s.line}`) && seen.add(`${s.path}#${s.line}`));
  const step = Math.max(1, unique.length / want);
  const out: Sampled[] = [];
  for (let i = 0; i < unique.length && out.length < want; i += step) out.push(unique[Math.floor(i)]);
  return out;
}

function languageService(dir: string, files: string[]): ts.LanguageService {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.Preserve, allowImportingTsExtensions: true, noEmit: true, strict: true, skipLibCheck: true, allowJs: false,
  };
  const texts = new Map(files.map((f) => [f, readFileSync(f, "utf8")]));
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => files,
    getScriptVersion: () => "1",
    getScriptSnapshot: (f) => {
      const t = texts.get(f) ?? (existsSync(f) ? readFileSync(f, "utf8") : undefined);
      return t === undefined ? undefined : ts.ScriptSnapshot.fromString(t);
    },
    getCurrentDirectory: () => dir,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => texts.has(f) || ts.sys.fileExists(f),
    readFile: (f) => texts.get(f) ?? ts.sys.readFile(f),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host, ts.createDocumentRegistry());
}

/** The oracle's call sites of a symbol: references that are the callee of a call or `new`. */
function oracleCalls(ls: ts.LanguageService, dir: string, s: Sampled, inScope: Set<string>): Set<string> {
  const out = new Set<string>();
  const program = ls.getProgram()!;
  for (const group of ls.findReferences(join(dir, s.path), s.at) ?? []) {
    for (const ref of group.references) {
      if (ref.isDefinition) continue;
      const rel = relative(dir, ref.fileName);
      if (!inScope.has(rel)) continue;
      const sf = program.getSourceFile(ref.fileName);
      if (!sf) continue;
      const node = findNode(sf, ref.textSpan.start);
      if (!node || !isCallee(node)) continue;
      out.add(`${rel}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`);
    }
  }
  return out;
}

function findNode(sf: ts.SourceFile, pos: number): ts.Node | undefined {
  const visit = (n: ts.Node): ts.Node | undefined => {
    if (pos < n.getStart(sf) || pos >= n.getEnd()) return undefined;
    return ts.forEachChild(n, visit) ?? n;
  };
  return visit(sf);
}

function isCallee(id: ts.Node): boolean {
  let callee: ts.Node = id;
  if (ts.isPropertyAccessExpression(id.parent) && id.parent.name === id) callee = id.parent;
  const p = callee.parent;
  return (ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression === callee;
}

async function oracle(args: string[]): Promise<void> {
  const dir = realpathSync(option(args, "--dir", DEFAULT_DIR));
  const want = Number(option(args, "--sample", "150"));
  const files = walkFiles(dir, (n) => /\.tsx?$/.test(n) && !n.endsWith(".d.ts"), (rel) => /(^|\/)(node_modules|\.git|dist)$/.test(rel));
  const inScope = new Set(files.map((f) => relative(dir, f)));
  const kind = option(args, "--kind", "all");
  const picked = sample(dir, files, want).filter((s) => kind === "all" || (kind === "method") === s.method);
  const ls = languageService(dir, files);
  await compare(args, dir, "findReferences", inScope, picked, async (s) => oracleCalls(ls, dir, s, inScope));
}

/** The Python oracle: jedi's goto at every call of the name (bench/python_references.py) on a sample of a Python tree. */
async function pythonOracle(args: string[]): Promise<void> {
  const dir = realpathSync(option(args, "--python", DEFAULT_PYTHON_DIR));
  const want = option(args, "--python-sample", "100");
  const t0 = performance.now();
  const r = spawnSync("python3", [join(import.meta.dir, "python_references.py"), dir, want], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) {
    console.log(`impact python oracle: python3 bench/python_references.py failed (needs jedi): ${r.stderr.trim().split("\n").pop()}`);
    return;
  }
  const oracleMs = performance.now() - t0;
  const found: (Sampled & { sites: string[] })[] = JSON.parse(r.stdout).map((x: { path: string; name: string; line: number; method: boolean; sites: string[] }) => ({ ...x, at: 0 }));
  const files = walkFiles(dir, (n) => n.endsWith(".py"), (rel) => /(^|\/)(\.git|\.tox|\.venv|venv|build|dist|node_modules)$/.test(rel));
  const inScope = new Set(files.map((f) => relative(dir, f)));
  const truths = new Map(found.map((x) => [`${x.path}#${x.line}`, new Set(x.sites)]));
  console.log(`  (jedi: ${(oracleMs / 1000).toFixed(1)} s for ${found.length} symbols)`);
  await compare(args, dir, "jedi goto", inScope, found, async (s) => truths.get(`${s.path}#${s.line}`)!);
}

/** Each sampled symbol's call sites as the use case reports them against the oracle's, by (file, line). */
async function compare(args: string[], dir: string, oracleName: string, inScope: Set<string>, picked: Sampled[], truthOf: (s: Sampled) => Promise<Set<string>>): Promise<void> {
  const verbose = args.includes("--verbose");
  const t0 = performance.now();
  const env = processEnv();
  const repo = repoSymbols(env, new Workspace([dir]));
  const tallies = { function: emptyTally(), method: emptyTally() };
  let breaksWrong = 0, sites = 0;
  const misses: string[] = [], wrong: string[] = [], perSymbol: string[] = [];
  let oracleMs = 0, oursMs = 0;
  for (const s of picked) {
    const tally = tallies[s.method ? "method" : "function"];
    tally.symbols++;
    let t = performance.now();
    const truth = await truthOf(s);
    oracleMs += performance.now() - t;
    tally.truth += truth.size;
    const parsed = await repo.parsed(s.path);
    const symbol = enclosing(flatten(parsed.outline.symbols), s);
    if (!symbol) {
      console.log(`  no outline symbol for ${s.path}:${s.line} ${s.name}`);
      continue;
    }
    t = performance.now();
    const found = await impactOf(repo, dir, s.path, symbol);
    oursMs += performance.now() - t;
    const tied = new Set<string>(), named = new Set<string>();
    const kindOf = new Map<string, string>();
    for (const c of found) {
      if (!inScope.has(c.path)) continue;
      sites++;
      const key = `${c.path}:${c.line}`;
      (c.resolution === "name-match" ? named : tied).add(key);
      if (c.resolution !== "name-match") kindOf.set(key, c.resolution);
      if (c.breaks) {
        breaksWrong++;
        wrong.push(`  breaks? ${key} ${c.callee}: ${c.breaks}`);
      }
    }
    for (const k of tied) {
      const byKind = (tally.byKind[kindOf.get(k)!] ??= { tp: 0, fp: 0 });
      if (truth.has(k)) tally.tp++, byKind.tp++;
      else {
        tally.fp++, byKind.fp++;
        wrong.push(`  fp ${s.path}#${s.name} -> ${k} (${kindOf.get(k)})`);
      }
    }
    for (const k of truth) {
      if (tied.has(k)) continue;
      if (named.has(k)) tally.nameHit++;
      else {
        tally.fn++;
        misses.push(`  missed ${s.path}#${s.name} <- ${k}`);
      }
    }
    for (const k of named) if (!truth.has(k)) tally.nameMiss++;
    if (verbose) perSymbol.push(`  ${s.method ? "method" : "function"} ${s.path}#${s.name}: ${truth.size} oracle sites, ${[...tied].filter((k) => truth.has(k)).length} resolved, ${[...named].filter((k) => truth.has(k)).length} by name only`);
  }
  const total = emptyTally();
  for (const t of Object.values(tallies)) {
    for (const k of Object.keys(total) as (keyof Tally)[]) if (k !== "byKind") total[k] += t[k];
    for (const [kind, c] of Object.entries(t.byKind)) {
      const into = (total.byKind[kind] ??= { tp: 0, fp: 0 });
      into.tp += c.tp;
      into.fp += c.fp;
    }
  }
  console.log(`impact oracle: ${dir}, ${picked.length} symbols (${tallies.function.symbols} functions, ${tallies.method.symbols} methods), ${total.truth} call sites by ${oracleName}`);
  for (const [what, t] of [["functions", tallies.function], ["methods", tallies.method], ["all", total]] as const) {
    console.log(`  ${what.padEnd(9)} ${line(t)}`);
    console.log(`  ${"".padEnd(9)} tied by: ${Object.entries(t.byKind).map(([k, c]) => `${k} ${c.tp + c.fp} (precision ${ratio(c.tp, c.tp + c.fp)})`).join(", ")}`);
  }
  console.log(`  breaks claimed against the unchanged signatures (each one wrong): ${breaksWrong} of ${sites} sites`);
  console.log(`  time: oracle ${(oracleMs / 1000).toFixed(1)} s, ours ${(oursMs / 1000).toFixed(1)} s, total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const l of [...wrong, ...misses].slice(0, verbose ? 10000 : 20)) console.log(l);
  for (const l of perSymbol) console.log(l);
  const f = tallies.function, m = tallies.method;
  console.log(`RESULT impact-oracle (${oracleName}): resolved (import/same-file/receiver-type) precision ${ratio(total.tp, total.tp + total.fp)}, recall ${ratio(f.tp, f.truth)} of function call sites, ${ratio(m.tp, m.truth)} of method call sites (precision ${ratio(m.tp, m.tp + m.fp)}), ${ratio(total.tp, total.truth)} of all; with name-only recall ${ratio(total.tp + total.nameHit, total.truth)}; ${picked.length} symbols; false breaks ${breaksWrong}`);
}

interface Tally { symbols: number; truth: number; tp: number; fp: number; fn: number; nameHit: number; nameMiss: number; byKind: Record<string, { tp: number; fp: number }> }
const emptyTally = (): Tally => ({ symbols: 0, truth: 0, tp: 0, fp: 0, fn: 0, nameHit: 0, nameMiss: 0, byKind: {} });
const ratio = (a: number, b: number) => (a / Math.max(1, b)).toFixed(3);
function line(t: Tally): string {
  return `${t.symbols} symbols, ${t.truth} oracle sites | resolved: ${t.tp + t.fp} reported, precision ${ratio(t.tp, t.tp + t.fp)}, recall ${ratio(t.tp, t.truth)} | name-only: ${t.nameHit + t.nameMiss} reported, ${t.nameHit} confirmed (precision ${ratio(t.nameHit, t.nameHit + t.nameMiss)}) | recall with name-only ${ratio(t.tp + t.nameHit, t.truth)}, ${t.fn} not found`;
}

function enclosing(symbols: OutlineSymbol[], s: Sampled): OutlineSymbol | undefined {
  return symbols.filter((o) => o.name === s.name && o.startLine <= s.line && s.line <= o.endLine).sort((a, b) => a.endLine - a.startLine - (b.endLine - b.startLine))[0];
}

/** The use case itself, given the symbol as re-declared and nothing touched. */
async function impactOf(repo: ReturnType<typeof repoSymbols>, dir: string, path: string, symbol: OutlineSymbol) {
  const change: SymbolChange = {
    change: "modified", kind: symbol.kind, name: symbol.name, qualifiedName: symbol.qualifiedName,
    startLine: symbol.startLine, endLine: symbol.endLine, oldStartLine: symbol.startLine, oldEndLine: symbol.endLine,
    signature: symbol.signature, oldSignature: symbol.signature, signatureChanged: true, bodyChanged: false, cosmetic: false, anchors: [],
  };
  const file: FileChange = { path, status: "modified", language: (await repo.parsed(path)).outline.language, symbols: [change] };
  const set: ChangeSet = { base: "base", head: "WORKTREE", files: [file] };
  const out = await withImpact(set, { repo, root: dir, headText: async (p) => readFileSync(join(dir, p)) });
  return out.files[0].symbols[0].callers ?? [];
}

/** `changed --impact` for the last commit of a copy of `source` with one signature changed, warm cache, the compiled binary. */
function speed(args: string[]): void {
  const source = option(args, "--speed-repo", DEFAULT_SPEED_REPO);
  const runs = Number(option(args, "--runs", "5"));
  const binary = join(import.meta.dir, "..", "dist", "ast-outline");
  if (!existsSync(source) || !existsSync(binary)) {
    console.log(`impact speed: needs ${source} and ${binary} (npm run build)`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), "impact-speed-"));
  try {
    const git = (...a: string[]) => execFileSync("git", a, { cwd: work, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 30 }).toString();
    execFileSync("git", ["clone", "-q", "--no-hardlinks", source, work]);
    const files = git("ls-files").split("\n").filter(Boolean);
    // A Java method with callers: a parameter added to it is the commit.
    const target = pickJavaMethod(work, files);
    if (!target) {
      console.log("impact speed: no Java method with a parameter list to change");
      return;
    }
    writeFileSync(join(work, target.path), target.changed);
    git("-c", "user.email=b@e", "-c", "user.name=bench", "commit", "-qam", "add a parameter");
    execFileSync(binary, ["index"], { cwd: work, stdio: "ignore" });
    const cmd = [binary, "changed", "--base", "HEAD~1", "--head", "HEAD", "--impact", "--format", "json"];
    const first = JSON.parse(execFileSync(cmd[0], cmd.slice(1), { cwd: work, maxBuffer: 1 << 28 }).toString());
    const callers = first.files.flatMap((f: FileChange) => f.symbols.flatMap((s) => s.callers ?? []));
    // A baseline binary (--baseline) is timed in turn with this one: on a loaded machine only
    // interleaved runs compare.
    const baseline = option(args, "--baseline", "");
    const timed = (bin: string) => {
      const r = spawnSync("/usr/bin/time", ["-f", "%U %S %e", bin, ...cmd.slice(1)], { cwd: work, encoding: "utf8", maxBuffer: 1 << 28 });
      const [u, s, e] = r.stderr.trim().split("\n").pop()!.split(" ").map(Number);
      return { cpu: u + s, wall: e };
    };
    const ours: { cpu: number; wall: number }[] = [], theirs: { cpu: number; wall: number }[] = [];
    for (let i = 0; i < runs; i++) {
      ours.push(timed(binary));
      if (baseline) theirs.push(timed(baseline));
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`impact speed: ${files.length} files, ${target.path} ${target.name} given a parameter, ${callers.length} call sites (${callers.filter((c: { breaks?: string }) => c.breaks).length} breaks; ${callers.filter((c: { resolution: string }) => c.resolution !== "name-match").length} resolved)`);
    if (baseline) console.log(`  baseline ${baseline}: median of ${runs}: CPU ${med(theirs.map((t) => t.cpu)).toFixed(2)} s, wall ${med(theirs.map((t) => t.wall)).toFixed(2)} s`);
    console.log(`RESULT impact-speed: median of ${runs}: CPU ${med(ours.map((t) => t.cpu)).toFixed(2)} s (user+sys), wall ${med(ours.map((t) => t.wall)).toFixed(2)} s`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The first Java method (in path order) whose name other files call, with `int extra` appended to its parameters. */
function pickJavaMethod(work: string, files: string[]): { path: string; name: string; changed: string } | undefined {
  const java = files.filter((f) => f.endsWith(".java")).sort();
  const texts = new Map(java.map((f) => [f, readFileSync(join(work, f), "utf8")]));
  for (const path of java) {
    const text = texts.get(path)!;
    const m = /\n\s+(?:(?:public|protected|private|static|final|synchronized)\s+)*(?!return\b|new\b|else\b)[\w<>\[\]]+\s+([a-z]\w{5,})\(([^()]*)\)\s*(?:throws [\w., ]+)?\{/.exec(text);
    if (!m) continue;
    const name = m[1];
    const elsewhere = java.filter((f) => f !== path && texts.get(f)!.includes(`.${name}(`)).length;
    if (elsewhere < 2) continue;
    const params = m[2].trim();
    const changed = text.replace(m[0], m[0].replace(`${name}(${m[2]})`, `${name}(${params ? `${params}, ` : ""}int extra)`));
    return { path, name, changed };
  }
  return undefined;
}

export async function run(args: string[]): Promise<void> {
  if (!args.includes("--skip-oracle")) await oracle(args);
  if (!args.includes("--skip-python")) await pythonOracle(args);
  if (!args.includes("--skip-speed")) speed(args);
}

if (import.meta.main) await run(process.argv.slice(2));
