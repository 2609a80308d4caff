// The CI lines the docs give (README "Use it in CI", docs/changed-github-action.md "Without the
// Action"), read from the docs by this test and run against a checked-out pull request that
// commits its own package.json and node_modules/.bin/ast-outline (a script that records that it
// ran). The documented lines must run the installed tool, never the pull request's script. Only
// what cannot run here is swapped: the release download comes from a local release folder
// (AST_OUTLINE_DOWNLOAD_URL), the npm install from the packed tarballs (--offline), reviewdog
// is a stand-in that keeps its input. The control: npx in the checkout does run the PR's script.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildNpmPackages } from "../scripts/release-npm.ts";
import { VERSION } from "../src/version.ts";
import { binaryAvailable, ROOT, tempDir } from "./helpers/cli.ts";
import { gitOk, write } from "./helpers/git-repo.ts";
import { fakeRelease, type FakeRelease } from "./helpers/release.ts";

setDefaultTimeout(180_000);
const available = binaryAvailable();
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const ACTION_DOC = readFileSync(join(ROOT, "docs", "changed-github-action.md"), "utf8");

/** The one match of `re` in `text` (group 1), so the test follows the docs and fails if they drop the line. */
function documented(text: string, re: RegExp, what: string): string {
  const m = re.exec(text);
  if (!m) throw new Error(`the docs no longer have ${what}`);
  return m[1];
}

let work: { path: string; cleanup: () => void };
let release: FakeRelease;
let pr = "";
let marker = "";
let base = "";
let head = "";
let tarballs: string[] = [];

function shell(script: string, env: Record<string, string>) {
  return spawnSync("sh", ["-c", script], { cwd: pr, encoding: "utf8", env: { HOME: join(work.path, "home"), ...env } });
}

beforeAll(() => {
  if (!available) return;
  work = tempDir("ast-outline-ci-docs-");
  mkdirSync(join(work.path, "home"));
  release = fakeRelease({ repo: "example/ast-outline" });
  marker = join(work.path, "pr-script-ran");
  pr = join(work.path, "checkout");
  mkdirSync(pr);
  gitOk(pr, "init", "-q", "-b", "main");
  gitOk(pr, "config", "user.name", "T");
  gitOk(pr, "config", "user.email", "t@example.invalid");
  write(pr, "app.py", "def base_function():\n    return 1\n");
  gitOk(pr, "add", "-A");
  gitOk(pr, "-c", "core.hooksPath=/dev/null", "commit", "-qm", "base");
  base = gitOk(pr, "rev-parse", "HEAD").trim();
  // The pull request: a change, and its own ast-outline where npx and a relative PATH look first.
  write(pr, "app.py", "def base_function():\n    return 1\n\ndef added_by_pr():\n    return 2\n");
  write(pr, "package.json", JSON.stringify({ name: "pr", version: "1.0.0", private: true, devDependencies: { "ast-outline": VERSION } }));
  write(pr, "node_modules/.bin/ast-outline", `#!/bin/sh\necho "$0 $*" >> "${marker}"\necho '{"base":"","head":"","files":[]}'\n`);
  chmodSync(join(pr, "node_modules/.bin/ast-outline"), 0o755);
  gitOk(pr, "add", "-A", "-f");
  gitOk(pr, "-c", "core.hooksPath=/dev/null", "commit", "-qm", "pr");
  head = gitOk(pr, "rev-parse", "HEAD").trim();
  const [main, platform] = buildNpmPackages({ out: join(work.path, "pkgs"), targets: "host", repo: "example/ast-outline" });
  const packed = JSON.parse(spawnSync("npm", ["pack", "--json", "--pack-destination", work.path, main, platform], { encoding: "utf8" }).stdout) as { filename: string }[];
  tarballs = packed.map((p) => join(work.path, p.filename));
}, 180_000);
afterAll(() => {
  work?.cleanup();
  release?.cleanup();
});

describe.skipIf(!available)("the documented CI lines against a PR that commits node_modules/.bin/ast-outline", () => {
  test("control: npx in the checkout runs the PR's script (what the docs must avoid)", () => {
    const r = shell("npx --offline --no-install ast-outline --version", { PATH: process.env.PATH ?? "" });
    expect(r.status).toBe(0);
    expect(readFileSync(marker, "utf8")).toContain(join("node_modules", ".bin", "ast-outline"));
    writeFileSync(marker, "");
  });

  test("docs/changed-github-action.md, install.sh: the installed binary runs, the PR's script does not", () => {
    const block = documented(ACTION_DOC, /```yaml\n(\s+- name: Install ast-outline[\s\S]*?)```/, "the install.sh workflow");
    const install = documented(block, /run: \|\n([\s\S]*?)\n\s+- name:/, "the install step").replace(/^ {10}/gm, "");
    const run = documented(block, /REVIEWDOG_GITHUB_API_TOKEN[^\n]*\n\s+run: \|\n([\s\S]*)$/, "the changed step").replace(/^ {10}/gm, "").trim();
    expect(install).toContain('--dir "$RUNNER_TEMP/bin"');
    expect(run).toStartWith("ast-outline changed");
    const runnerTemp = join(work.path, "runner-temp-1");
    mkdirSync(runnerTemp);
    const githubPath = join(work.path, "github-path");
    // The download: install.sh from the release folder instead of github.com; everything else as written.
    const local = install.replace(/curl -fsSL https:\/\/github\.com\/OWNER\/ast-outline\/releases\/download\/v[^/]+\/install\.sh \\\n\s*/, `cat "${join(release.assets, "install.sh")}" `);
    expect(local).not.toContain("github.com");
    const env = { PATH: process.env.PATH ?? "", RUNNER_TEMP: runnerTemp, GITHUB_PATH: githubPath, AST_OUTLINE_DOWNLOAD_URL: `file://${release.root}` };
    const installed = shell(local, env);
    expect(installed.stderr).toBe("");
    expect(installed.status).toBe(0);
    // The next step's PATH as the runner makes it: GITHUB_PATH's entries first. reviewdog: a stand-in.
    const tools = join(work.path, "tools");
    write(tools, "reviewdog", `#!/bin/sh\ncat > "${join(work.path, "reviewdog-input")}"\n`);
    chmodSync(join(tools, "reviewdog"), 0o755);
    const path = `${readFileSync(githubPath, "utf8").trim()}:${tools}:${process.env.PATH}`;
    const r = shell(run, { PATH: path, BASE: base, HEAD: head, REVIEWDOG_GITHUB_API_TOKEN: "x" });
    expect(r.status).toBe(0);
    expect(readFileSync(join(work.path, "reviewdog-input"), "utf8")).toContain("added_by_pr");
    expect(readFileSync(marker, "utf8")).toBe("");
  });

  test("README and docs/changed-github-action.md, npm to a temporary prefix: the installed binary runs, the PR's script does not", () => {
    const readmeInstall = documented(README, /`(npm install --prefix\s+"\$RUNNER_TEMP\/ast-outline" ast-outline@[^`]+)`/, "README's npm line");
    const docInstall = documented(ACTION_DOC, /`(npm install --prefix "\$RUNNER_TEMP\/ast-outline" --no-save ast-outline@[^`]+)`/, "the doc's npm line");
    const docRun = documented(ACTION_DOC, /`("\$RUNNER_TEMP\/ast-outline\/node_modules\/\.bin\/ast-outline" changed [^`]+)`/, "the doc's run line");
    for (const [i, line] of [readmeInstall.replace(/\s+/g, " "), docInstall].entries()) {
      const runnerTemp = join(work.path, `runner-temp-npm-${i}`);
      mkdirSync(runnerTemp);
      // The registry: the packed tarballs, offline; the prefix and the flags as written.
      const local = line.replace(/ast-outline@\S+$/, `--offline ${tarballs.map((t) => `"${t}"`).join(" ")}`);
      expect(local).toStartWith('npm install --prefix "$RUNNER_TEMP/ast-outline"');
      const installed = shell(local, { PATH: process.env.PATH ?? "", RUNNER_TEMP: runnerTemp, npm_config_update_notifier: "false", npm_config_audit: "false", npm_config_fund: "false" });
      expect(installed.status).toBe(0);
      expect(existsSync(join(runnerTemp, "ast-outline", "node_modules", ".bin", "ast-outline"))).toBe(true);
      const r = shell(docRun, { PATH: process.env.PATH ?? "", RUNNER_TEMP: runnerTemp, BASE: base, HEAD: head });
      expect(r.status).toBe(0);
      // The run line writes SARIF: the added function is counted there (no result to act on).
      expect(JSON.parse(r.stdout).runs[0].properties.notReported.added).toBeGreaterThan(0);
      expect(readFileSync(marker, "utf8")).toBe("");
    }
    // Where the docs speak of CI, npx is named only to be warned against.
    const section = (text: string, start: string) => text.slice(text.indexOf(start), text.indexOf("\n## ", text.indexOf(start) + 1));
    for (const [doc, text] of [["README.md", section(README, "### Use it in CI")], ["docs/changed-github-action.md", section(ACTION_DOC, "## Without the Action")]]) {
      expect(text.length).toBeGreaterThan(100);
      // Per list item or paragraph: each that mentions npx says never to use it there.
      for (const part of text.split(/\n(?=- )|\n\n/).filter((l) => /\bnpx\b/.test(l))) expect(`${doc}: ${part}`).toMatch(/never `npx/);
    }
  });
});

