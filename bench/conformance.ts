// Per-language conformance on real public code: definitions a second opinion finds (CPython
// `ast`, the TypeScript compiler, Universal Ctags, line oracles: test/conformance/oracles.ts)
// that the outline also has, exact line ranges where the oracle gives them, and the share of
// files whose tree has a syntax error (released code compiles, so each one is a grammar failure).
//   npm run bench -- conformance [--lang ID...] [--data /work/data] [--verbose] [--errors]
//                                [--max-children N] [--no-cache] [--record]
// The projects: bench/conformance-corpus.json (fetched, never committed). Matching rules:
// test/conformance/match.ts. Our side is the library in-process, through the JSON value
// `outline --format json --max-children N` prints (N = 0, no cap, unless given). The oracles'
// answers are kept under <data>/conformance/.oracle (--no-cache: ask them again). --record
// writes each scored language's figures into grammars/conformance.json (what
// `languages` and the README table show); languages not scored keep theirs.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { outlineFile } from "../src/app/outline-file.ts";
import { processEnv } from "../src/io/env.ts";
import { outlineJsonValue } from "../src/render/outline/json.ts";
import { CONFORMANCE, type Conformance } from "../src/core/languages/conformance.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { matchFile, ourDefsOf, type FileMiss } from "../test/conformance/match.ts";
import { ORACLES, type OracleResult } from "../test/conformance/oracles.ts";
import { loadCorpus, prepare, projectFiles, type Project } from "./conformance-corpus.ts";

export const BENCH_LANGUAGES = [
  "python", "typescript", "tsx", "javascript", "java", "go", "rust", "c", "cpp", "ruby",
  "csharp", "php", "bash", "kotlin", "swift", "scala", "lua", "vue", "zsh",
  "yaml", "json", "toml", "markdown", "hcl", "css", "make",
  // Added with issue 14.
  "elixir", "haskell", "ocaml", "ocaml_interface", "r", "perl", "elm", "clojure", "elisp", "zig", "solidity", "svelte", "julia",
];

/** One project's share of a language's score. */
export interface ProjectScore {
  repo: string;
  files: number;
  filesWithErrors: number;
  total: number;
  found: number;
}

export interface LanguageScore {
  language: string;
  oracle: string;
  projects: string[];
  perProject: ProjectScore[];
  files: number;
  /** Files the oracle or the outline could not read (not scored). */
  skipped: string[];
  filesWithErrors: number;
  total: number;
  found: number;
  /** Found only by the range-holds-the-line pass (test/conformance/match.ts). */
  loose: number;
  ranged: number;
  exact: number;
  /** Misses at or after the first syntax error of their file. */
  lostAfterError: number;
  /** Misses in files with a syntax error that lie outside every range the outline reports as unparsed (loss not named). */
  unannounced: number;
  misses: { path: string; miss: FileMiss; unannounced: boolean }[];
  rangeDiffs: { path: string; line: number; name: string; oracle: string; ours: string }[];
  looseMatches: { path: string; line: number; name: string; ours: string }[];
  /** Each file whose tree has an error: its first error's line and that line's text. */
  errors: { path: string; line: number; text: string }[];
  seconds: number;
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** Every value after `name` up to the next option. */
function values(args: string[], name: string): string[] {
  const at = args.indexOf(name);
  if (at < 0) return [];
  const end = args.findIndex((a, i) => i > at && a.startsWith("--"));
  return args.slice(at + 1, end < 0 ? undefined : end).flatMap((v) => v.split(","));
}

/**
 * The oracle's answer for these files, kept in `cacheDir` under a key of everything it depends
 * on (the files, the oracle code, the ctags/python3/typescript versions): the corpus is pinned,
 * so a re-run only outlines. `cacheDir` undefined: no cache.
 */
async function cachedOracle(language: string, files: string[], cacheDir: string | undefined): Promise<Map<string, OracleResult>> {
  if (!cacheDir) return ORACLES[language].defs(files);
  const key = createHash("sha256").update(JSON.stringify([language, files, oracleVersion()])).digest("hex").slice(0, 16);
  const path = join(cacheDir, `${language}-${key}.json`);
  if (existsSync(path)) return new Map(JSON.parse(readFileSync(path, "utf8")));
  const defs = await ORACLES[language].defs(files);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(`${path}.part`, JSON.stringify([...defs]));
  renameSync(`${path}.part`, path);
  return defs;
}

/** The files in test/conformance that decide what an oracle answers. */
const ORACLE_CODE = ["oracles.ts", "ctags.ts", "line-oracles.ts", "data-oracles.ts", "typescript-defs.ts", "python-ast.ts", "python_defs.py"];

let version: string | undefined;
function oracleVersion(): string {
  if (version !== undefined) return version;
  const dir = join(import.meta.dir, "../test/conformance");
  const code = ORACLE_CODE.map((f) => readFileSync(join(dir, f), "utf8")).join("\0");
  const tool = (cmd: string, args: string[]) => spawnSync(cmd, args, { encoding: "utf8" }).stdout?.split("\n")[0] ?? "";
  version = [code, tool("ctags", ["--version"]), tool("python3", ["--version"]), ts.version].join("\0");
  return version;
}

export async function scoreLanguage(language: string, projects: { project: Project; dir: string }[], maxChildren: number, cacheDir?: string): Promise<LanguageScore> {
  const t0 = performance.now();
  const oracle = ORACLES[language];
  const files = projects.flatMap(({ project, dir }) => projectFiles(dir, project, language).map((file) => ({ file, project, dir })));
  const score: LanguageScore = {
    language, oracle: oracle.label, projects: projects.map((p) => p.project.repo),
    perProject: projects.map((p) => ({ repo: p.project.repo, files: 0, filesWithErrors: 0, total: 0, found: 0 })), files: 0, skipped: [], filesWithErrors: 0,
    total: 0, found: 0, loose: 0, ranged: 0, exact: 0, lostAfterError: 0, unannounced: 0, misses: [], rangeDiffs: [], looseMatches: [], errors: [], seconds: 0,
  };
  // The oracle (a child process for most) runs while this process outlines.
  const refs = cachedOracle(language, files.map((f) => f.file), cacheDir);
  const ours = [];
  for (const { file, project, dir } of files) {
    let outline;
    try {
      outline = (await outlineFile(processEnv(), file, { cache: false, maxBytes: 64 * 1024 * 1024 })).outline;
    } catch (e) {
      score.skipped.push(`${project.repo}/${relative(dir, file)} (ours: ${String(e).split("\n")[0]})`);
      continue;
    }
    const errors = outline.diagnostics.filter((d) => d.message.startsWith("syntax error")).map((d) => d.line);
    const lines = readFileSync(file, "utf8").split("\n");
    const symbols = outlineJsonValue(outline, maxChildren).symbols;
    const firstError = errors.length ? Math.min(...errors) : undefined;
    const path = `${project.repo}/${relative(dir, file)}`;
    if (firstError !== undefined) score.errors.push({ path, line: firstError, text: lines[firstError - 1]?.trim().slice(0, 120) ?? "" });
    ours.push({ file, repo: project.repo, path, defs: ourDefsOf(symbols, lines), firstError, unparsed: outline.unparsedRanges ?? [] });
  }
  const oracleDefs = await refs;
  for (const o of ours) {
    const ref = oracleDefs.get(o.file);
    if (!ref || !Array.isArray(ref)) {
      score.skipped.push(`${o.path} (oracle: ${ref ? ref.error.split("\n")[0] : "no answer"})`);
      continue;
    }
    const s = matchFile(ref, o.defs, o.firstError);
    const mine = score.perProject.find((p) => p.repo === o.repo)!;
    for (const t of [score, mine]) {
      t.files++;
      if (o.firstError !== undefined) t.filesWithErrors++;
      t.found += s.found;
      t.total += s.total;
    }
    score.loose += s.loose;
    score.ranged += s.ranged;
    score.exact += s.exact;
    for (const miss of s.misses) {
      const unannounced = miss.fileHasError && !o.unparsed.some((r) => r.startLine <= miss.def.line && miss.def.line <= r.endLine);
      score.misses.push({ path: o.path, miss, unannounced });
      if (miss.afterError) score.lostAfterError++;
      if (unannounced) score.unannounced++;
    }
    for (const d of s.looseMatches) score.looseMatches.push({ path: o.path, line: d.def.line, name: d.def.name, ours: `${d.ours.kind} ${d.ours.name} ${d.ours.start}-${d.ours.end}` });
    for (const d of s.rangeDiffs) {
      score.rangeDiffs.push({ path: o.path, line: d.def.line, name: d.def.name, oracle: `${d.def.start ?? d.def.line}-${d.def.end}`, ours: `${d.ours.start}-${d.ours.end}` });
    }
  }
  score.seconds = (performance.now() - t0) / 1000;
  return score;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");

export function recallOf(s: LanguageScore): number {
  return s.total ? s.found / s.total : 1;
}

export function tableOf(scores: LanguageScore[]): string {
  const rows = [
    "| language | projects | files | oracle | oracle defs | recall | exact ranges | files with errors | lost after an error |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const s of scores) {
    rows.push(
      `| ${s.language} | ${s.perProject.filter((p) => p.files).length} | ${s.files} | ${s.oracle} | ${s.total} | ${pct(s.found, s.total)} | ${s.ranged ? pct(s.exact, s.ranged) : "n/a"} | ${pct(s.filesWithErrors, s.files)} (${s.filesWithErrors}) | ${pct(s.lostAfterError, s.total)} (${s.lostAfterError}) |`,
    );
  }
  return rows.join("\n");
}

export function missLine(path: string, m: FileMiss, unannounced = false): string {
  const near = m.near.length ? `  (ours near: ${m.near.join("; ")})` : "";
  const error = (m.afterError ? "  [after a parse error]" : m.fileHasError ? "  [parse error later in the file]" : "") + (unannounced ? " [outside every unparsed range]" : "");
  return `  miss ${path}:${m.def.line} ${m.def.kind} ${m.def.name}${error}${near}`;
}

/** A language's figures as `languages` shows them (percentages with one decimal). */
export function conformanceOf(s: LanguageScore): Conformance {
  const share = (n: number, d: number) => (d ? Math.round((1000 * n) / d) / 10 : 0);
  return {
    oracle: s.oracle,
    projects: s.perProject.filter((p) => p.files).length,
    files: s.files,
    definitions: s.total,
    recall: s.total ? share(s.found, s.total) : 100,
    exact: s.ranged ? share(s.exact, s.ranged) : null,
    filesWithErrors: share(s.filesWithErrors, s.files),
  };
}

/** Rewrites grammars/conformance.json with these scores, in registry order. */
function record(scores: LanguageScore[]): string {
  const path = join(import.meta.dir, "..", "grammars", "conformance.json");
  const all: Record<string, Conformance> = { ...CONFORMANCE };
  for (const s of scores) all[s.language] = conformanceOf(s);
  const ids = REGISTRY.all.map((l) => l.id).filter((id) => all[id]);
  const rows = ids.map((id) => `  ${JSON.stringify(id)}: ${JSON.stringify(all[id]).replace(/,"/g, ', "').replace(/":/g, '": ').replace(/^\{/, "{ ").replace(/\}$/, " }")}`);
  writeFileSync(path, `{\n${rows.join(",\n")}\n}\n`);
  return path;
}

export async function run(args: string[]): Promise<void> {
  const data = option(args, "--data") ?? "/work/data";
  const maxChildren = Number(option(args, "--max-children") ?? 0);
  const verbose = args.includes("--verbose");
  const asked = values(args, "--lang");
  const unknown = asked.filter((l) => !BENCH_LANGUAGES.includes(l));
  if (unknown.length) throw new Error(`conformance: unknown --lang ${unknown.join(", ")} (one of: ${BENCH_LANGUAGES.join(" ")})`);
  const languages = asked.length ? BENCH_LANGUAGES.filter((l) => asked.includes(l)) : BENCH_LANGUAGES;
  const corpus = loadCorpus();
  const scores: LanguageScore[] = [];
  const t0 = performance.now();
  for (const language of languages) {
    const projects: { project: Project; dir: string }[] = [];
    for (const project of corpus.filter((p) => p.languages.includes(language))) {
      const got = prepare(data, project);
      if ("missing" in got) console.log(`${language}: ${project.repo} skipped: ${got.missing}`);
      else projects.push({ project, dir: got.dir });
    }
    if (!projects.length) continue;
    const s = await scoreLanguage(language, projects, maxChildren, args.includes("--no-cache") ? undefined : join(data, "conformance", ".oracle"));
    scores.push(s);
    console.log(
      `${language}: ${s.files} files of ${s.perProject.filter((p) => p.files).map((p) => p.repo).join(", ")}, ${s.total} defs (${s.oracle}): recall ${pct(s.found, s.total)} (${s.loose} found only by range), exact ${s.ranged ? pct(s.exact, s.ranged) : "n/a"}, files with errors ${pct(s.filesWithErrors, s.files)}, misses outside unparsed ranges in files with errors ${s.unannounced}, ${s.seconds.toFixed(1)} s`,
    );
    for (const p of s.perProject.filter((p) => p.files)) console.log(`  ${p.repo}: ${p.files} files, ${p.total} defs, recall ${pct(p.found, p.total)}, files with errors ${pct(p.filesWithErrors, p.files)}`);
    if (s.skipped.length) console.log(`  ${s.skipped.length} files not scored: ${s.skipped.slice(0, 3).join("; ")}${s.skipped.length > 3 ? " ..." : ""}`);
    for (const { path, miss, unannounced } of verbose ? s.misses : s.misses.slice(0, 5)) console.log(missLine(path, miss, unannounced));
    if (!verbose && s.misses.length > 5) console.log(`  ... ${s.misses.length - 5} more misses (--verbose lists every one)`);
    if (verbose) for (const d of s.rangeDiffs) console.log(`  range ${d.path}:${d.line} ${d.name}: oracle ${d.oracle}, ours ${d.ours}`);
    if (args.includes("--errors")) for (const e of s.errors) console.log(`  error ${e.path}:${e.line}: ${e.text}`);
    if (verbose) for (const d of s.looseMatches) console.log(`  by range only ${d.path}:${d.line} ${d.name}: ours ${d.ours}`);
  }
  if (!scores.length) {
    console.log("conformance: no project is available (fetch the repositories in bench/conformance-corpus.json)");
    return;
  }
  console.log(`\n${tableOf(scores)}\n`);
  const files = scores.reduce((n, s) => n + s.files, 0);
  const defs = scores.reduce((n, s) => n + s.total, 0);
  const worst = [...scores].sort((a, b) => recallOf(a) - recallOf(b))[0];
  const below = scores.filter((s) => recallOf(s) < 0.99).map((s) => s.language);
  const erring = scores.filter((s) => s.files && s.filesWithErrors / s.files > 0.01).map((s) => s.language);
  console.log(`time ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(
    `RESULT conformance: ${scores.length} languages, ${files} files, ${defs} defs; lowest recall ${worst.language} ${pct(worst.found, worst.total)}; recall < 99%: ${below.join(" ") || "none"}; files with errors > 1%: ${erring.join(" ") || "none"}`,
  );
  if (args.includes("--record")) console.log(`recorded ${scores.map((s) => s.language).join(" ")} in ${record(scores)}`);
}

if (import.meta.main) await run(process.argv.slice(2));
