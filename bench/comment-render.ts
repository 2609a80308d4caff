// The pull request comment as a reviewer sees it: `changed --format markdown` of real ranges
// (first-parent commits of fetched repositories, each a merged pull request, and one longer
// range per repository), rendered as GitHub renders comments (GFM: tables, strikethrough,
// <details>; marked in devDependencies) and opened in a real browser (Debian's headless
// Chromium), which parses the HTML and takes a screenshot of each. What it checks per comment:
//   - length: at most 65,536 characters (GitHub's limit for a comment)
//   - HTML: the browser's DOM holds the same tables, folds, links, struck and bold words as the
//     rendered Markdown (nothing it had to mend), and no `**` or `~~` is left as text outside code
//   - order: no removed, renamed or moved row after the first modified row outside the folds
//   - links: each points at this repository's blob at the head or the merge base, at a path
//     that exists there, with lines inside the file
//   bun bench/comment-render.ts --repo DIR=owner/name[,DIR=owner/name…] [--per-repo 5]
//       [--candidates 60] [--out DIR] [--chromium /usr/bin/chromium] [--binary dist/ast-outline]
// DIR: a clone or bare mirror (fetched, never committed). The pages and screenshots go to --out
// (default: a folder under the system's temporary folder, printed): keep them out of git.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { marked } from "marked";

const args = process.argv.slice(2);
const flag = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const repos = flag("--repo", "").split(",").filter(Boolean).map((r) => {
  const [dir, slug] = r.split("=");
  return { dir, slug: slug ?? basename(resolve(dir, basename(dir) === "repo" ? ".." : ".")).replace("+", "/") };
});
const PER_REPO = Number(flag("--per-repo", "5"));
const CANDIDATES = Number(flag("--candidates", "60"));
const BINARY = resolve(flag("--binary", join(import.meta.dir, "..", "dist", "ast-outline")));
const CHROMIUM = flag("--chromium", "/usr/bin/chromium");
const OUT = flag("--out", "") || mkdtempSync(join(tmpdir(), "ast-outline-comments-"));
const LIMIT = 65_536;
if (!repos.length) {
  console.error("comment-render: no repository (--repo DIR=owner/name,…)");
  process.exit(2);
}
mkdirSync(OUT, { recursive: true });
const browser = existsSync(CHROMIUM);
if (!browser) console.warn(`comment-render: ${CHROMIUM} is absent (apt-get install chromium): HTML checked without a browser, no screenshots`);

const git = (dir: string, ...a: string[]) => execFileSync("git", ["-C", dir, ...a], { encoding: "utf8", maxBuffer: 1 << 30 });

function checkoutOf(dir: string, slug: string): string {
  if (git(dir, "rev-parse", "--is-bare-repository").trim() !== "true") return dir;
  const clone = join(OUT, "repos", slug.replace("/", "+"));
  if (!existsSync(clone)) execFileSync("git", ["clone", "-q", "--shared", "--no-checkout", dir, clone]);
  return clone;
}

function changed(cwd: string, base: string, head: string, format: string, env: Record<string, string> = {}) {
  return spawnSync(BINARY, ["changed", "--base", base, "--head", head, "--merge-base", "--format", format], { cwd, encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, ...env } });
}

/** Ranges worth a look: the candidates with the most kinds of change, then the most symbols; and one longer range. */
function pick(cwd: string): { base: string; head: string; what: string }[] {
  const firstParents = git(cwd, "log", "--first-parent", "--format=%H %P", "HEAD").split("\n").filter(Boolean).map((l) => l.split(" "));
  const scored: { base: string; head: string; what: string; score: number }[] = [];
  for (const [head, base] of firstParents.slice(0, CANDIDATES)) {
    if (!base) continue;
    const r = changed(cwd, base, head, "json");
    if (r.status !== 0) continue;
    const symbols = (JSON.parse(r.stdout).files as any[]).flatMap((f) => f.symbols);
    if (symbols.length < 3) continue;
    const kinds = new Set(symbols.map((s) => (s.change === "modified" ? (s.signatureChanged ? "signature" : s.valueChanged ? "value" : s.docChanged ? "doc" : "body") : s.change)));
    scored.push({ base, head, what: git(cwd, "log", "-1", "--format=%s", head).trim().slice(0, 70), score: kinds.size * 1000 + Math.min(symbols.length, 80) });
  }
  scored.sort((a, b) => b.score - a.score);
  const chosen = scored.slice(0, PER_REPO - 1);
  const far = firstParents[Math.min(20, firstParents.length - 1)][0];
  chosen.push({ base: far, head: firstParents[0][0], what: "20 merged pull requests in one range", score: 0 });
  return chosen;
}

const PAGE = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:-apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif;font-size:14px;line-height:1.5;color:#1f2328;max-width:1012px;margin:16px auto;padding:16px;border:1px solid #d1d9e0;border-radius:6px}
table{border-collapse:collapse;display:block;overflow:auto;margin:0 0 16px}th,td{border:1px solid #d1d9e0;padding:6px 13px}tr:nth-child(2n){background:#f6f8fa}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:85%;background:rgba(129,139,152,.12);padding:.2em .4em;border-radius:6px}
del{color:#82071e;background:#ffebe9}strong code,del code{font-weight:inherit}a{color:#0969da;text-decoration:none}
details{margin:0 0 16px}summary{cursor:pointer;font-weight:600}h3,h4{margin:24px 0 16px}
</style></head><body>${body}</body></html>`;

/** The browser's parse of the page: the DOM as it serialized it (or undefined without a browser). */
function browserDom(file: string): string | undefined {
  if (!browser) return undefined;
  const profile = mkdtempSync(join(tmpdir(), "ast-outline-chromium-"));
  const r = spawnSync(CHROMIUM, [...CHROMIUM_FLAGS(profile), "--dump-dom", `file://${file}`], { encoding: "utf8", maxBuffer: 1 << 28, timeout: 60_000 });
  return r.status === 0 ? r.stdout : undefined;
}
/** What the reviewer sees first (folds closed) at 1100x1500; with `lines`, the whole page with every fold open. */
function screenshot(file: string, png: string, lines?: number): void {
  if (!browser) return;
  const profile = mkdtempSync(join(tmpdir(), "ast-outline-chromium-"));
  const height = lines === undefined ? 1500 : Math.min(16_000, 300 + lines * 40);
  spawnSync(CHROMIUM, [...CHROMIUM_FLAGS(profile), `--window-size=1100,${height}`, `--screenshot=${png}`, `file://${file}`], { timeout: 60_000 });
}
const CHROMIUM_FLAGS = (profile: string) => ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", `--user-data-dir=${profile}`, "--hide-scrollbars"];

const count = (html: string, tag: string) => (html.match(new RegExp(`<${tag}[\\s>]`, "g")) ?? []).length;
const TAGS = ["table", "tr", "details", "summary", "a", "del", "strong", "code"];

const results: { pr: string; language: string; chars: number; rows: number; png: string; problems: string[] }[] = [];

for (const { dir, slug } of repos) {
  const cwd = checkoutOf(dir, slug);
  const t0 = Date.now();
  for (const { base, head, what } of pick(cwd)) {
    const mergeBase = git(cwd, "merge-base", base, head).trim();
    const env = { AST_OUTLINE_REPO_URL: `https://github.com/${slug}`, AST_OUTLINE_HEAD_SHA: head, AST_OUTLINE_BASE_SHA: mergeBase };
    const md = changed(cwd, base, head, "markdown", env);
    const json = changed(cwd, base, head, "json");
    const id = `${slug.replace("/", "+")}-${head.slice(0, 10)}`;
    const problems: string[] = [];
    if (md.status !== 0) {
      results.push({ pr: `${slug} ${head.slice(0, 10)}`, language: "?", chars: 0, rows: 0, png: "", problems: [`changed exited ${md.status}: ${md.stderr.trim()}`] });
      continue;
    }
    const text = md.stdout;
    const languages = new Map<string, number>();
    for (const f of JSON.parse(json.stdout).files) if (f.language && f.symbols.length) languages.set(f.language, (languages.get(f.language) ?? 0) + f.symbols.length);
    const language = [...languages].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "-";
    if (text.length > LIMIT) problems.push(`${text.length} characters (over ${LIMIT})`);
    const html = marked.parse(text, { gfm: true, async: false }) as string;
    const page = join(OUT, `${id}.html`);
    writeFileSync(join(OUT, `${id}.md`), text);
    writeFileSync(page, PAGE(html));
    // Text outside code that still reads as Markdown emphasis: a word diff GitHub would not render.
    const outside = html.replace(/<code>[\s\S]*?<\/code>/g, "").replace(/<[^>]+>/g, "");
    for (const m of ["**", "~~"]) if (outside.includes(m)) problems.push(`a literal ${m} outside code: …${outside.slice(Math.max(0, outside.indexOf(m) - 60), outside.indexOf(m) + 40).replace(/\s+/g, " ")}…`);
    const dom = browserDom(page);
    if (browser && dom === undefined) problems.push("the browser could not open the page");
    if (dom) {
      for (const tag of TAGS) if (count(dom, tag) !== count(html, tag)) problems.push(`<${tag}>: ${count(html, tag)} rendered, ${count(dom, tag)} in the browser's DOM`);
    }
    // Rows in document order, outside the folds.
    let depth = 0;
    const rows: { change: string; folded: boolean }[] = [];
    for (const piece of html.split(/(?=<details|<\/details>|<tr>)/)) {
      if (piece.startsWith("<details")) depth++;
      else if (piece.startsWith("</details>")) depth--;
      const m = /^<tr>\s*<td>(removed|renamed|moved|modified|added)<\/td>\s*<td>(\w+)/.exec(piece);
      // Code only: data, build and document files' keys and sections are in their file's table by design.
      if (m && !["key", "table", "section", "job", "step", "service", "target", "rule"].includes(m[2])) rows.push({ change: m[1], folded: depth > 0 });
    }
    const unfolded = rows.filter((r) => !r.folded);
    const firstModified = unfolded.findIndex((r) => r.change === "modified");
    if (firstModified >= 0 && unfolded.slice(firstModified).some((r) => r.change !== "modified" && r.change !== "added")) problems.push("a removed, renamed or moved row after the first modified row");
    // Links: this repository's blob at the head or the merge base, an existing path, lines inside it.
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
      const u = href.replace(/&amp;/g, "&");
      const m = /^https:\/\/github\.com\/([^/]+\/[^/]+)\/blob\/([0-9a-f]{40})\/([^#]+)(?:#L(\d+)(?:-L(\d+))?)?$/.exec(u);
      if (!m) {
        problems.push(`a link that is not a blob link: ${u.slice(0, 120)}`);
        continue;
      }
      const [, repo, sha, path, from, to] = m;
      if (repo !== slug) problems.push(`a link to another repository: ${u}`);
      if (sha !== head && sha !== mergeBase) problems.push(`a link to neither the head nor the merge base: ${u}`);
      const file = decodeURIComponent(path);
      const blob = spawnSync("git", ["-C", cwd, "cat-file", "-p", `${sha}:${file}`], { encoding: "utf8", maxBuffer: 1 << 28 });
      if (blob.status !== 0) {
        problems.push(`a link to a path missing at ${sha.slice(0, 10)}: ${file}`);
        continue;
      }
      const lines = blob.stdout.split("\n").length - (blob.stdout.endsWith("\n") ? 1 : 0);
      if (Number(to ?? from ?? 0) > lines) problems.push(`a link past the end of ${file} (${lines} lines): ${u}`);
    }
    const png = join(OUT, `${id}.png`);
    screenshot(page, png);
    const open = join(OUT, `${id}-open.html`);
    writeFileSync(open, PAGE(html.replace(/<details>/g, "<details open>")));
    screenshot(open, join(OUT, `${id}-open.png`), text.split("\n").length);
    results.push({ pr: `${slug} ${mergeBase.slice(0, 10)}..${head.slice(0, 10)} ${what}`, language, chars: text.length, rows: rows.length, png, problems: [...new Set(problems)] });
  }
  console.error(`${slug}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

console.log(`\nPages and screenshots: ${OUT}\n`);
console.log("| pull request (range) | language | characters | rows | problems |");
console.log("|---|---|---:|---:|---|");
for (const r of results) console.log(`| ${r.pr.replace(/\|/g, "\\|")} | ${r.language} | ${r.chars} | ${r.rows} | ${r.problems.length ? r.problems.slice(0, 3).join("; ").replace(/\|/g, "\\|") + (r.problems.length > 3 ? ` (+${r.problems.length - 3})` : "") : "none"} |`);
console.log(`\n${results.length} comments, ${results.filter((r) => r.problems.length).length} with problems`);
