// Does `changed` call a change what it is? Over real history (first-parent commits of fetched
// repositories: each a merged pull request or a direct push), every modified or moved symbol
// `changed --format json` reports is looked up in both versions of its file by an outside parser,
// which splits the declaration into its parts itself:
//   TypeScript/JavaScript: the TypeScript compiler (typescript in devDependencies), tokens
//   Python: CPython's ast (bench/python_parts.py), ast.dump of each part
//   Go: go/parser and go/printer (bench/oracles/go-parts, built with the machine's `go`)
//   Rust: syn (bench/oracles/rust-parts, built offline against Debian's librust-syn-dev)
// What it counts (bench/README.md, "classification"):
//   - false signature: flagged signatureChanged while the outside parts of the signature are
//     equal; "doc or value only" when what differs is only the doc and/or the value (the rule of
//     issue 25: never a signature), else "body" or "nothing" (comments, formatting)
//   - missed signature: the outside signature differs and the flag is not set
//   - doc and value flags that disagree with the outside view
// and, in `--format markdown` of the same range, whether every removed, renamed and moved row
// comes before the first modified row (in the whole comment, and in its unfolded part).
//   bun bench/classification.ts --repo DIR[,DIR…] [--commits N] [--binary dist/ast-outline] [--examples N]
// DIR: a clone or bare mirror (fetched, never committed); its languages are read from its files.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, cpSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import ts from "typescript";

const args = process.argv.slice(2);
const flag = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const repos = flag("--repo", process.env.AST_OUTLINE_CLASSIFY_REPOS ?? "").split(",").filter(Boolean);
const COMMITS = Number(flag("--commits", "100"));
const EXAMPLES = Number(flag("--examples", "5"));
const BINARY = resolve(flag("--binary", join(import.meta.dir, "..", "dist", "ast-outline")));
if (!repos.length) {
  console.error("classification: no repository (--repo DIR[,DIR…]: clones or bare mirrors fetched for measuring)");
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), "ast-outline-classification-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

/** One declaration as an outside parser sees it. */
interface Parts {
  first: number;
  ident: number;
  name: string;
  sig: string;
  doc: string;
  value: string;
  body: string;
}

type Lang = "ts" | "py" | "go" | "rs";
const LANG_OF: Record<string, Lang> = { typescript: "ts", tsx: "ts", javascript: "ts", python: "py", go: "go", rust: "rs" };

// --- The outside parsers ---------------------------------------------------------------------

function tsParts(fileName: string, text: string): Parts[] {
  const kind = /\.[mc]?jsx?$/.test(fileName) ? (fileName.endsWith("x") ? ts.ScriptKind.JSX : ts.ScriptKind.JS) : fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const variant = kind === ts.ScriptKind.TSX || kind === ts.ScriptKind.JSX ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const line = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  /** The tokens of [start, end): comments and whitespace are trivia, not tokens. */
  const tokens = (start: number, end: number): string => {
    const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, variant, text, undefined, start, Math.max(0, end - start));
    const out: string[] = [];
    for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken && scanner.getTokenStart() < end; t = scanner.scan()) out.push(scanner.getTokenText());
    return out.join(" ");
  };
  const docOf = (n: ts.Node): string => {
    const docs = ((n as any).jsDoc as ts.Node[] | undefined) ?? (ts.isVariableDeclaration(n) ? ((n.parent.parent as any).jsDoc as ts.Node[] | undefined) : undefined);
    return docs?.length ? docs.map((d) => d.getText(sf)).join("\n") : "-";
  };
  const isFn = (e: ts.Node | undefined): e is ts.ArrowFunction | ts.FunctionExpression => !!e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e));
  const out: Parts[] = [];
  const row = (node: ts.Node, name: string, sigEnd: number, value: string, body: string, from = node.getStart(sf)) => {
    let sig = tokens(from, sigEnd);
    if (value !== "-") sig = sig.replace(/ ?=$/, "");
    out.push({ first: line(from), ident: line(node.getStart(sf)), name, sig, doc: docOf(node), value, body });
  };
  const nameOf = (n: ts.Node): string | undefined => {
    const id = (n as any).name as ts.Node | undefined;
    if (ts.isConstructorDeclaration(n)) return "constructor";
    if (!id) return undefined;
    if (ts.isIdentifier(id) || ts.isPrivateIdentifier(id) || ts.isStringLiteral(id) || ts.isNumericLiteral(id)) return id.text;
    return id.getText(sf);
  };
  const visit = (n: ts.Node, scope: string) => {
    const name = nameOf(n);
    const q = name === undefined ? scope : scope ? `${scope}.${name}` : name;
    if (name !== undefined) {
      if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isConstructorDeclaration(n) || ts.isGetAccessorDeclaration(n) || ts.isSetAccessorDeclaration(n) || ts.isMethodSignature(n)) {
        const body = (n as ts.FunctionLikeDeclarationBase).body;
        row(n, q, body ? body.getStart(sf) : n.end, "-", body ? tokens(body.getStart(sf), body.end) : "-");
      } else if (ts.isVariableDeclaration(n) && ts.isVariableDeclarationList(n.parent) && ts.isVariableStatement(n.parent.parent)) {
        const stmt = n.parent.parent;
        const init = n.initializer;
        if (isFn(init)) row(n, q, init.body.getStart(sf), "-", tokens(init.body.getStart(sf), init.body.end), stmt.getStart(sf));
        else if (init) row(n, q, init.getStart(sf), tokens(init.getStart(sf), init.end), "-", stmt.getStart(sf));
        else row(n, q, n.end, "-", "-", stmt.getStart(sf));
      } else if (ts.isPropertyDeclaration(n) || ts.isPropertyAssignment(n)) {
        const init = n.initializer;
        if (isFn(init)) row(n, q, init.body.getStart(sf), "-", tokens(init.body.getStart(sf), init.body.end));
        else if (init) row(n, q, init.getStart(sf), tokens(init.getStart(sf), init.end), "-");
        else row(n, q, n.end, "-", "-");
      } else if (ts.isPropertySignature(n) || ts.isTypeAliasDeclaration(n) || ts.isShorthandPropertyAssignment(n)) {
        row(n, q, n.end, "-", "-");
      } else if (ts.isEnumMember(n)) {
        row(n, q, n.initializer ? n.initializer.getStart(sf) : n.end, n.initializer ? tokens(n.initializer.getStart(sf), n.initializer.end) : "-", "-");
      } else if (ts.isClassDeclaration(n) || ts.isClassExpression(n) || ts.isInterfaceDeclaration(n) || ts.isEnumDeclaration(n)) {
        row(n, q, n.members.pos, "-", "-");
        out[out.length - 1].sig = out[out.length - 1].sig.replace(/ ?\{$/, "");
      } else if (ts.isModuleDeclaration(n)) {
        row(n, q, n.body ? n.body.getStart(sf) : n.end, "-", "-");
      }
    }
    ts.forEachChild(n, (c) => visit(c, q));
  };
  visit(sf, "");
  return out;
}

const PY_PARTS = join(import.meta.dir, "python_parts.py");

function pyParts(path: string): Parts[] | undefined {
  const r = spawnSync("python3", [PY_PARTS, path], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) return undefined;
  const v = JSON.parse(r.stdout);
  return Array.isArray(v) ? v : undefined;
}

/** A helper program built once per run: undefined (and said once) when its toolchain is missing. */
const built = new Map<string, string | undefined>();
function helper(lang: "go" | "rs"): string | undefined {
  if (built.has(lang)) return built.get(lang);
  let bin: string | undefined = join(work, `${lang}-parts`);
  if (lang === "go") {
    const r = spawnSync("go", ["build", "-o", bin, join(import.meta.dir, "oracles", "go-parts", "main.go")], { encoding: "utf8", cwd: work, env: { ...process.env, GOFLAGS: "-mod=mod", GO111MODULE: "off" } });
    if (r.status !== 0) {
      console.warn(`classification: Go not checked (go build: ${(r.error?.message ?? r.stderr).trim().split("\n")[0]})`);
      bin = undefined;
    }
  } else {
    // Debian's crates (apt-get install librust-syn-dev) as the only registry: no network.
    const dir = join(work, "rust-parts");
    cpSync(join(import.meta.dir, "oracles", "rust-parts"), dir, { recursive: true });
    mkdirSync(join(dir, ".cargo"), { recursive: true });
    writeFileSync(join(dir, ".cargo", "config.toml"), '[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n[net]\noffline = true\n');
    const r = spawnSync("cargo", ["build", "--release", "-q"], { encoding: "utf8", cwd: dir });
    if (r.status !== 0) {
      console.warn(`classification: Rust not checked (cargo build against /usr/share/cargo/registry: ${(r.error?.message ?? r.stderr).trim().split("\n")[0]})`);
      bin = undefined;
    } else bin = join(dir, "target", "release", "rust-parts");
  }
  built.set(lang, bin);
  return bin;
}

function goParts(path: string): Parts[] | undefined {
  const bin = helper("go");
  if (!bin) return undefined;
  const r = spawnSync(bin, [path], { encoding: "utf8", maxBuffer: 1 << 28 });
  return r.status === 0 ? JSON.parse(r.stdout) : undefined;
}

function rsParts(path: string): Parts[] | undefined {
  const bin = helper("rs");
  if (!bin) return undefined;
  const r = spawnSync(bin, [path], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) return undefined;
  const un = (s: string) => s.replace(/\\(\\|t|n)/g, (_, c) => (c === "t" ? "\t" : c === "n" ? "\n" : "\\"));
  return r.stdout.split("\n").filter(Boolean).map((l) => {
    const [first, ident, name, sig, doc, value, body] = l.split("\t");
    return { first: Number(first), ident: Number(ident), name: un(name), sig: un(sig), doc: un(doc), value: un(value), body: un(body) };
  });
}

function partsOf(lang: Lang, path: string, text: string): Parts[] | undefined {
  if (lang === "ts") {
    try {
      return tsParts(path, text);
    } catch {
      return undefined;
    }
  }
  const file = join(work, `side.${lang}`);
  writeFileSync(file, text);
  return lang === "py" ? pyParts(file) : lang === "go" ? goParts(file) : rsParts(file);
}

/** The declaration a reported symbol is: same own name, its line between the outside start and the name's line (else the nearest start, at most 2 lines off). */
function find(parts: Parts[], name: string, line: number): Parts | undefined {
  const own = (p: Parts) => p.name.slice(p.name.lastIndexOf(".") + 1) === name || p.name === name;
  const same = parts.filter(own);
  const inside = same.filter((p) => p.first <= line && line <= p.ident);
  if (inside.length === 1) return inside[0];
  const near = (inside.length ? inside : same).map((p) => ({ p, d: Math.abs(p.first - line) })).sort((a, b) => a.d - b.d);
  if (!near.length || near[0].d > 2 || (near[1] && near[1].d === near[0].d)) return undefined;
  return near[0].p;
}

// --- The repositories ------------------------------------------------------------------------

function git(dir: string, ...a: string[]): string {
  return execFileSync("git", ["-C", dir, ...a], { encoding: "utf8", maxBuffer: 1 << 30 });
}

function showFile(dir: string, rev: string, path: string): string | undefined {
  const r = spawnSync("git", ["-C", dir, "show", `${rev}:${path}`], { encoding: "utf8", maxBuffer: 1 << 28 });
  return r.status === 0 ? r.stdout : undefined;
}

/** A work-tree clone sharing the objects (changed runs in a work tree). */
function checkoutOf(repo: string): string {
  const bare = git(repo, "rev-parse", "--is-bare-repository").trim() === "true";
  if (!bare) return repo;
  const dir = join(work, basename(resolve(repo, bare && basename(repo) === "repo" ? ".." : ".")));
  if (!existsSync(dir)) execFileSync("git", ["clone", "-q", "--shared", "--no-checkout", repo, dir]);
  return dir;
}

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|py|go|rs)$/;

interface Tally {
  commits: number;
  checked: number;
  unmatched: number;
  renamedSkipped: number;
  flaggedSignature: number;
  falseSignature: { docOrValue: number; body: number; nothing: number };
  missedSignature: number;
  docDisagree: number;
  valueDisagree: number;
  examples: string[];
  markdowns: number;
  orderViolations: number;
  orderViolationsUnfolded: number;
  orderExamples: string[];
}
const newTally = (): Tally => ({ commits: 0, checked: 0, unmatched: 0, renamedSkipped: 0, flaggedSignature: 0, falseSignature: { docOrValue: 0, body: 0, nothing: 0 }, missedSignature: 0, docDisagree: 0, valueDisagree: 0, examples: [], markdowns: 0, orderViolations: 0, orderViolationsUnfolded: 0, orderExamples: [] });

/** Kinds of data, build and document files (render/changed/markdown.ts keeps them out of Check first). */
const CONFIG_KINDS = new Set(["key", "table", "section", "job", "step", "service", "target", "rule"]);

/** The rows of code symbols in the Markdown, in order: their change, and whether inside a <details> fold. */
function markdownRows(md: string): { change: string; folded: boolean; line: string }[] {
  const out: { change: string; folded: boolean; line: string }[] = [];
  let depth = 0;
  for (const l of md.split("\n")) {
    if (/^<details\b/.test(l)) depth++;
    if (/^<\/details>/.test(l)) depth = Math.max(0, depth - 1);
    const m = /^\| (removed|renamed|moved|modified|added) \| (\w+) /.exec(l);
    // The order is asked of code: the keys, sections and steps of data, build and document files are in their file's table by design.
    if (m && !CONFIG_KINDS.has(m[2])) out.push({ change: m[1], folded: depth > 0, line: l });
  }
  return out;
}

/** Whether every removed/renamed/moved row precedes the first modified row. */
function orderHolds(rows: { change: string }[]): boolean {
  const firstModified = rows.findIndex((r) => r.change === "modified");
  if (firstModified < 0) return true;
  return !rows.slice(firstModified).some((r) => r.change === "removed" || r.change === "renamed" || r.change === "moved");
}

const byLang = new Map<string, Tally>();
const tallyOf = (key: string) => byLang.get(key) ?? (byLang.set(key, newTally()), byLang.get(key)!);

for (const repo of repos) {
  const dir = checkoutOf(repo);
  const name = basename(resolve(repo, basename(repo) === "repo" ? ".." : "."));
  const commits = git(dir, "log", "--first-parent", "--format=%H %P", "HEAD").split("\n").filter(Boolean).map((l) => l.split(" ")).filter((p) => p.length >= 2);
  let used = 0;
  const t0 = Date.now();
  for (const [head, base] of commits) {
    if (used >= COMMITS) break;
    const files = git(dir, "diff", "--name-only", base, head).split("\n").filter((f) => SOURCE.test(f));
    if (!files.length) continue;
    used++;
    const json = spawnSync(BINARY, ["changed", "--base", base, "--head", head, "--format", "json"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30 });
    const md = spawnSync(BINARY, ["changed", "--base", base, "--head", head, "--format", "markdown"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30 });
    if (json.status !== 0 || md.status !== 0) {
      console.warn(`${name} ${head.slice(0, 10)}: changed exited ${json.status}/${md.status}: ${(json.stderr || md.stderr).trim().split("\n")[0]}`);
      continue;
    }
    const set = JSON.parse(json.stdout);
    const langs = new Set<string>();
    for (const f of set.files) {
      const lang = LANG_OF[f.language];
      if (!lang) continue;
      const tally = tallyOf(`${name} (${f.language})`);
      langs.add(`${name} (${f.language})`);
      const mods = f.symbols.filter((s: any) => (s.change === "modified" || s.change === "moved" || s.change === "renamed") && s.kind !== "module");
      if (!mods.length) continue;
      const cache = new Map<string, Parts[] | undefined>();
      const sideParts = (rev: string, path: string) => {
        const key = `${rev}:${path}`;
        if (!cache.has(key)) {
          const text = showFile(dir, rev, path);
          cache.set(key, text === undefined ? undefined : partsOf(lang, path, text));
        }
        return cache.get(key);
      };
      for (const s of mods) {
        if (s.change === "renamed") {
          tally.renamedSkipped++;
          continue;
        }
        const oldParts = sideParts(base, s.oldPath ?? f.oldPath ?? f.path);
        const newParts = sideParts(head, f.path);
        const oldName = (s.oldQualifiedName ?? s.qualifiedName).split(".").pop();
        const o = oldParts && find(oldParts, oldName, s.oldStartLine);
        const n = newParts && find(newParts, s.name, s.startLine);
        if (!o || !n) {
          tally.unmatched++;
          continue;
        }
        tally.checked++;
        const sig = o.sig !== n.sig;
        const doc = o.doc !== n.doc;
        const value = o.value !== n.value;
        const body = o.body !== n.body;
        if (s.signatureChanged) tally.flaggedSignature++;
        const where = `${name} ${head.slice(0, 10)} ${f.path}:${s.startLine} ${s.kind} ${s.qualifiedName}`;
        if (s.signatureChanged && !sig) {
          const what = (doc || value) && !body ? "docOrValue" : body ? "body" : "nothing";
          tally.falseSignature[what]++;
          if (tally.examples.length < EXAMPLES * 3) tally.examples.push(`false signature (${what}): ${where}\n    old ${JSON.stringify(o.sig).slice(0, 160)}\n    new ${JSON.stringify(n.sig).slice(0, 160)}`);
        }
        if (!s.signatureChanged && sig && !s.cosmetic) {
          tally.missedSignature++;
          if (tally.examples.length < EXAMPLES * 3) tally.examples.push(`missed signature: ${where} [${["value", "doc", "body", "cosmetic"].filter((k) => s[`${k}Changed`] || s[k] === true).join(",")}]\n    old ${JSON.stringify(o.sig).slice(0, 160)}\n    new ${JSON.stringify(n.sig).slice(0, 160)}`);
        }
        if (Boolean(s.docChanged) !== doc) tally.docDisagree++;
        if (Boolean(s.valueChanged) !== value && (o.value !== "-" || n.value !== "-")) tally.valueDisagree++;
      }
    }
    const rows = markdownRows(md.stdout);
    for (const key of langs) {
      const tally = tallyOf(key);
      tally.commits++;
    }
    const tally = tallyOf(`${name} (all)`);
    tally.markdowns++;
    if (!orderHolds(rows)) {
      tally.orderViolations++;
      if (tally.orderExamples.length < EXAMPLES) tally.orderExamples.push(`${name} ${base.slice(0, 10)}..${head.slice(0, 10)}: ${rows.map((r) => r.change[0] + (r.folded ? "*" : "")).join("")}`);
    }
    if (!orderHolds(rows.filter((r) => !r.folded))) tally.orderViolationsUnfolded++;
  }
  console.error(`${name}: ${used} commits in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

console.log("\n| repository (language) | commits | symbols checked | not found by the outside parser | flagged signature | false signature: doc or value only | false: body | false: nothing | missed signature | doc flag disagrees | value flag disagrees |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const [key, t] of [...byLang].sort()) {
  if (key.endsWith("(all)")) continue;
  console.log(`| ${key} | ${t.commits} | ${t.checked} | ${t.unmatched} | ${t.flaggedSignature} | ${t.falseSignature.docOrValue} | ${t.falseSignature.body} | ${t.falseSignature.nothing} | ${t.missedSignature} | ${t.docDisagree} | ${t.valueDisagree} |`);
}
console.log("\n| repository | Markdown comments | a removed/renamed/moved row after the first modified row | same, outside the folds |");
console.log("|---|---:|---:|---:|");
for (const [key, t] of [...byLang].sort()) if (key.endsWith("(all)")) console.log(`| ${key.replace(" (all)", "")} | ${t.markdowns} | ${t.orderViolations} | ${t.orderViolationsUnfolded} |`);
for (const [key, t] of [...byLang].sort()) {
  if (!t.examples.length && !t.orderExamples.length) continue;
  console.log(`\n${key}:`);
  for (const e of [...t.examples, ...t.orderExamples]) console.log(`  ${e}`);
}
