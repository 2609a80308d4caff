// The GitHub Action (action.yml + action/*.sh) on a simulated runner: a real git repository
// with a base and a head commit (and clones of it as the runner's checkout: shallow, a new
// branch), the event as a JSON file, action.yml's steps run in order with their `env:`
// evaluated against the inputs, the event and the earlier steps' outputs as the runner would,
// GITHUB_STEP_SUMMARY / GITHUB_OUTPUT files, a fake GitHub API on a loopback port
// (test/helpers/fake-github.ts) reached through a stand-in `gh` (test/helpers/fake-gh.mjs) or,
// with no gh on PATH, through the script's own curl, and the binary installed by install.sh from
// a folder laid out like a release.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { BINARY, binaryAvailable, ROOT, tempDir } from "./helpers/cli.ts";
import { fakeGitHub, type FakeGitHub } from "./helpers/fake-github.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";
import { fakeRelease, type FakeRelease } from "./helpers/release.ts";
import { validateSarif } from "./helpers/schemas.ts";
import { STICKY_MARKER } from "../src/render/changed/markdown.ts";
import { VERSION } from "../src/version.ts";

// The first run installs a ~140 MB binary; a busy machine makes that slow.
setDefaultTimeout(120_000);

const available = binaryAvailable();
if (!available) console.warn(`Action tests skipped: ${BINARY} is absent (run \`npm run build\`)`);

const EVIL_FILE = "evil\n::error::pwned.py";
const OUTPUT_FILE = "::set-output name=x::y.py";

let repo: TempRepo;
let base = "";
let head = "";
let release: FakeRelease;
let runnerTemp = "";
/** PATH folders of links to every program on PATH but the ones named (a runner without them). */
const pathWithout: Record<string, string> = {};
const cleanups: (() => void)[] = [];
const temp = (prefix: string) => {
  const d = tempDir(prefix);
  cleanups.push(d.cleanup);
  return d.path;
};

function linksWithout(...missing: string[]): string {
  const dir = temp("ast-outline-path-");
  for (const folder of (process.env.PATH ?? "").split(delimiter)) {
    let names: string[] = [];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (missing.includes(name) || existsSync(join(dir, name))) continue;
      try {
        if (statSync(join(folder, name)).mode & 0o111) symlinkSync(join(folder, name), join(dir, name));
      } catch {}
    }
  }
  return dir;
}

beforeAll(() => {
  if (!available) return;
  release = fakeRelease();
  cleanups.push(release.cleanup);
  runnerTemp = temp("ast-outline-runner-");
  repo = tempRepo();
  cleanups.push(repo.cleanup);
  repo.write("lib.py", "def f(a):\n    return a\n\n\ndef g():\n    return 2\n\n\ndef h():\n    return 3\n");
  repo.write("use.py", "from lib import g\n\n\ndef k():\n    return g()\n");
  repo.write(".github/CODEOWNERS", "* @a\n");
  base = repo.commit("base");
  repo.git("checkout", "-q", "-b", "feature");
  repo.write("lib.py", "def f(a, b):\n    return a\n\n\ndef h():\n    return 30\n");
  repo.write(EVIL_FILE, "def injected():\n    return 1\n");
  repo.write(OUTPUT_FILE, "def also():\n    return 1\n");
  repo.write(".github/CODEOWNERS", "* @a @b\n");
  head = repo.commit("head");
  for (const [key, missing] of [["gh", ["gh"]], ["gh jq", ["gh", "jq"]], ["gh curl", ["gh", "curl", "wget"]]] as const) pathWithout[key] = linksWithout(...missing);
}, 120_000);
afterAll(() => {
  while (cleanups.length) cleanups.pop()!();
});

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
}
interface Action {
  steps: Step[];
  inputs: Record<string, { default?: string }>;
}

function loadAction(): Action {
  const yml = Bun.YAML.parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as any;
  expect(yml.runs.using).toBe("composite");
  for (const step of yml.runs.steps) if (step.run) expect(step.shell).toBe("bash");
  return { steps: yml.runs.steps, inputs: yml.inputs };
}

interface Context {
  inputs: Record<string, string>;
  event: any;
  action: Action;
  steps: Record<string, Record<string, string>>;
}

/** `${{ … }}` as the runner evaluates the few forms action.yml uses; any other form fails the test. */
function evaluate(value: string, ctx: Context): string {
  return value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => expression(expr, ctx));
}
function expression(expr: string, ctx: Context): string {
  const input = /^inputs\.([\w-]+)$/.exec(expr);
  if (input) {
    const name = input[1];
    if (!(name in ctx.action.inputs)) throw new Error(`action.yml reads an undeclared input: ${name}`);
    return ctx.inputs[name] ?? evaluate(String(ctx.action.inputs[name].default ?? ""), ctx);
  }
  const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
  if (output) return ctx.steps[output[1]]?.[output[2]] ?? "";
  if (expr === "github.token") return "fake-token";
  if (expr === "github.action_repository") return ""; // not promised inside composite actions
  const event = /^github\.event\.([\w.]+)$/.exec(expr);
  if (event) {
    const v = event[1].split(".").reduce((o: any, k) => (o == null ? undefined : o[k]), ctx.event);
    return v === undefined || v === null ? "" : String(v);
  }
  throw new Error(`the fake runner does not know the expression ${expr}`);
}
/** A step's `if:`: only `<expression> != ''` is used. */
function condition(cond: string, ctx: Context): boolean {
  const m = /^(.+?)\s*!=\s*''$/.exec(cond.trim());
  if (!m) throw new Error(`the fake runner does not know the condition ${cond}`);
  return expression(m[1].trim(), ctx) !== "";
}

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  summary: string;
  output: string;
  /** The arguments of every gh call. */
  calls: string[][];
  /** The with: of the uses: steps, evaluated (they are not run: a cache miss). */
  uses: { uses: string; with: Record<string, string> }[];
}

interface RunOptions {
  inputs?: Record<string, string>;
  event?: any;
  eventName?: string;
  env?: Record<string, string>;
  cwd?: string;
  /** The fake GitHub the run talks to (its comments persist across runs of one test). */
  github?: FakeGitHub;
  /** Programs missing on the runner: "gh", "gh jq", "gh curl". */
  without?: keyof typeof pathWithout;
}

/** One run of the Action's steps, in order, each in bash as the runner runs `shell: bash`. */
async function runAction(opts: RunOptions = {}): Promise<RunResult> {
  const action = loadAction();
  const event = opts.event ?? { pull_request: { number: 7, base: { sha: base }, head: { sha: head, ref: "feature" } } };
  const github = opts.github ?? fakeGitHub();
  if (!opts.github) cleanups.push(github.stop);
  const dir = temp("ast-outline-runner-job-");
  const ghDir = join(dir, "gh");
  mkdirSync(ghDir);
  const stub = join(dir, "stub-bin");
  mkdirSync(stub);
  writeFileSync(join(stub, "gh"), `#!/bin/sh\nexec node ${JSON.stringify(join(ROOT, "test", "helpers", "fake-gh.mjs"))} "$@"\n`);
  chmodSync(join(stub, "gh"), 0o755);
  const path = opts.without ? pathWithout[opts.without] : `${stub}${delimiter}${process.env.PATH}`;
  const eventPath = join(dir, "event.json");
  writeFileSync(eventPath, JSON.stringify(event));
  const summary = join(dir, "summary.md");
  writeFileSync(summary, "");
  const ctx: Context = { inputs: opts.inputs ?? {}, event, action, steps: {} };
  const result: RunResult = { code: 0, stdout: "", stderr: "", summary: "", output: "", calls: [], uses: [] };
  for (const [i, step] of action.steps.entries()) {
    if (step.if !== undefined && !condition(step.if, ctx)) continue;
    if (step.uses) {
      result.uses.push({ uses: step.uses, with: Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, evaluate(String(v), ctx)])) });
      continue;
    }
    const output = join(dir, `output-${i}`);
    writeFileSync(output, "");
    const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(String(v), ctx)]));
    const env: Record<string, string> = {
      PATH: path,
      HOME: dir,
      GITHUB_ACTIONS: "true",
      GITHUB_REPOSITORY: "octo/demo",
      GITHUB_EVENT_NAME: opts.eventName ?? "pull_request",
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_SHA: head,
      GITHUB_SERVER_URL: "https://github.com",
      GITHUB_API_URL: github.url,
      GITHUB_GRAPHQL_URL: `${github.url}/graphql`,
      GITHUB_WORKSPACE: repo.path,
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
      RUNNER_TEMP: runnerTemp,
      RUNNER_OS: "Linux",
      RUNNER_ARCH: "X64",
      AST_OUTLINE_DOWNLOAD_URL: `file://${release.root}`,
      FAKE_GH_DIR: ghDir,
      FAKE_GH_SERVER: github.url,
      ...stepEnv,
      ...opts.env,
    };
    const proc = Bun.spawn(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step.run!], { cwd: opts.cwd ?? env.GITHUB_WORKSPACE, env, stdout: "pipe", stderr: "pipe" });
    const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    result.stdout += stdout;
    result.stderr += stderr;
    result.code = code;
    const written = readFileSync(output, "utf8");
    if (step.id) ctx.steps[step.id] = Object.fromEntries(written.split("\n").filter((l) => l.includes("=")).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
    if (step.id === "changed") result.output = written;
    if (code !== 0) break;
  }
  result.summary = readFileSync(summary, "utf8");
  const callsFile = join(ghDir, "calls.jsonl");
  result.calls = existsSync(callsFile) ? readFileSync(callsFile, "utf8").trim().split("\n").map((l) => JSON.parse(l)) : [];
  return result;
}

/** The API calls of a run, as "METHOD path" without the query, past the first `from`. */
const apiCalls = (github: FakeGitHub, from = 0) => github.calls.slice(from).map((c) => `${c.method} ${c.path.replace(/\?.*$/, "")}`);

/**
 * Every line the runner would read as a workflow command: outside ::stop-commands::<token> …
 * ::<token>:: blocks, lines starting with `::`. Only ours may be there.
 */
function workflowCommands(stdout: string): string[] {
  const out: string[] = [];
  let stopped: string | undefined;
  for (const line of stdout.split("\n")) {
    if (stopped) {
      if (line === `::${stopped}::`) stopped = undefined;
      continue;
    }
    const stop = /^::stop-commands::([0-9a-f]{32})$/.exec(line);
    if (stop) stopped = stop[1];
    else if (line.trimStart().startsWith("::")) out.push(line);
  }
  expect(stopped).toBeUndefined();
  return out;
}

const OURS = /^::(notice file=[^:\n]*,line=\d+,endLine=\d+,title=[^:\n]*::[^\n]*|error title=ast-outline::[^\n]*|warning title=ast-outline::[^\n]*)$/;

const SUMMARY_TITLE = "### ast-outline: 5 symbol changes in 4 files";
const body = (c: { body: string }) => c.body.replace(`${STICKY_MARKER}\n`, "").split("\n")[0];

describe.skipIf(!available)("the Action", () => {
  test("a pull request: job summary, annotations, SARIF, outputs, one comment created and then updated in place", async () => {
    const github = fakeGitHub();
    cleanups.push(github.stop);
    const sarif = join(runnerTemp, "sarif-pr", "out", "changed.sarif");
    const first = await runAction({ github, inputs: { sarif } });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    // The summary is the comment: marker, title, the signature change first.
    expect(first.summary.split("\n")[0]).toBe(STICKY_MARKER);
    expect(first.summary).toContain(SUMMARY_TITLE);
    // Every path and line links to the pull request's head commit (removed code to the merge base).
    expect(first.summary).toContain(`| modified | function \`f\` | [\`lib.py\` 1-2](https://github.com/octo/demo/blob/${head}/lib.py#L1-L2) | signature: \`def f(a\`**\`, b\`**\`)\` |`);
    expect(first.summary).toContain("1 file without symbol changes: 1 unsupported language");
    // One annotation, the signature change; nothing else a runner would take as a command.
    const commands = workflowCommands(first.stdout);
    expect(commands).toEqual(["::notice file=lib.py,line=1,endLine=2,title=Signature changed%3A f::def f(a) → def f(a, b)"]);
    const log = JSON.parse(readFileSync(sarif, "utf8"));
    expect(validateSarif(log)).toEqual([]);
    // Results for what a caller can trip over; the additions and the body change are counted.
    expect(log.runs[0].results.map((r: any) => r.ruleId).sort()).toEqual(["signature-changed", "symbol-removed"]);
    expect(log.runs[0].properties.notReported).toEqual({ body: 1, added: 2 });
    expect(first.output).toMatch(/^comment-file=.*\nfailed-on=false\ntests-file=.*\ntests-whole-suite=false\n$/);
    // No test in the repository: nothing to run.
    expect(readFileSync(/tests-file=(.*)\n/.exec(first.output)![1], "utf8")).toBe("");
    // The version pinned by default is the action's own (package.json), installed by install.sh
    // into the folder actions/cache keeps, under a key naming the version and the runner.
    expect(first.uses).toEqual([{ uses: "actions/cache@v4", with: { path: join(runnerTemp, `ast-outline-bin-${VERSION}`), key: `ast-outline-bin-Linux-X64-${VERSION}` } }]);
    expect(readFileSync(join(runnerTemp, `ast-outline-bin-${VERSION}`, "ast-outline")).equals(readFileSync(BINARY))).toBe(true);
    // gh: list the comments, ask who the token is, nothing of ours to update: one comment created.
    expect(first.calls.map((c) => c.slice(0, 3).join(" "))).toEqual(["api --paginate repos/octo/demo/issues/7/comments?per_page=100", "api graphql -f", "api --method POST"]);
    expect(apiCalls(github)).toEqual(["GET /repos/octo/demo/issues/7/comments", "POST /graphql", "POST /repos/octo/demo/issues/7/comments"]);
    expect(github.calls.every((c) => c.ghHost === "github.com")).toBe(true);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0].body).toBe(first.summary.replace(/\n$/, "") + "\n");
    expect(first.stdout).toContain("ast-outline: created a comment");

    const before = github.calls.length;
    const second = await runAction({ github });
    expect(second.code).toBe(0);
    expect(github.comments).toHaveLength(1);
    expect(apiCalls(github, before)).toEqual(["GET /repos/octo/demo/issues/7/comments", "POST /graphql", `PATCH /repos/octo/demo/issues/comments/${github.comments[0].id}`]);
    expect(second.stdout).toContain(`ast-outline: updated comment ${github.comments[0].id}`);
  });

  test("a comment someone else wrote with the marker is never edited: the Action's own is found by its author", async () => {
    const github = fakeGitHub();
    cleanups.push(github.stop);
    github.comments.push(
      { id: 11, issue: 7, body: `${STICKY_MARKER}\nI wrote this`, user: { login: "mallory", type: "User" } },
      { id: 12, issue: 7, body: "LGTM", user: { login: "alice", type: "User" } },
      { id: 13, issue: 8, body: `${STICKY_MARKER}\nanother PR`, user: { login: "github-actions[bot]", type: "Bot" } },
    );
    const first = await runAction({ github, inputs: { annotations: "false" } });
    expect(first.code).toBe(0);
    expect(workflowCommands(first.stdout)).toEqual([]);
    expect(github.comments.map((c) => [c.id, body(c)])).toEqual([[11, "I wrote this"], [12, "LGTM"], [13, "another PR"], [1001, SUMMARY_TITLE]]);
    const before = github.calls.length;
    const second = await runAction({ github, inputs: { annotations: "false" } });
    expect(second.code).toBe(0);
    expect(github.comments).toHaveLength(4);
    expect(apiCalls(github, before)).toEqual(["GET /repos/octo/demo/issues/7/comments", "POST /graphql", "PATCH /repos/octo/demo/issues/comments/1001"]);
    // A personal token (GET /user works too): that user's own marked comment is the one updated.
    const mallory = fakeGitHub({ "fake-token": { login: "mallory" } });
    cleanups.push(mallory.stop);
    mallory.comments.push(...github.comments.map((c) => ({ ...c, user: { ...c.user } })));
    const third = await runAction({ github: mallory, inputs: { annotations: "false" }, without: "gh" });
    expect(third.code).toBe(0);
    expect(mallory.comments.map((c) => [c.id, body(c)])).toEqual([[11, SUMMARY_TITLE], [12, "LGTM"], [13, "another PR"], [1001, SUMMARY_TITLE]]);
  });

  test("a token whose account cannot be told: a new comment, never an edit of someone's", async () => {
    const github = fakeGitHub({ "fake-token": { login: "github-actions[bot]", installation: true } });
    cleanups.push(github.stop);
    github.comments.push({ id: 11, issue: 7, body: `${STICKY_MARKER}\nold`, user: { login: "github-actions[bot]", type: "Bot" } });
    // GraphQL refused as well (an endpoint that does not answer the viewer).
    const r = await runAction({ github, inputs: { annotations: "false" }, without: "gh", env: { GITHUB_GRAPHQL_URL: `${github.url}/no-graphql` } });
    expect(r.code).toBe(0);
    expect(workflowCommands(r.stdout)).toEqual(["::warning title=ast-outline::could not tell which account the token is (GraphQL viewer and GET /user both failed): a new comment instead of updating one"]);
    expect(apiCalls(github)).toEqual(["GET /repos/octo/demo/issues/7/comments", "POST /no-graphql", "GET /user", "POST /repos/octo/demo/issues/7/comments"]);
    expect(github.comments.map((c) => [c.id, body(c)])).toEqual([[11, "old"], [1001, SUMMARY_TITLE]]);
  });

  test("fail-on: the step fails (after writing everything) only when the change holds what it names", async () => {
    for (const [failOn, code] of [["none", 0], ["removed", 1], ["signature-change", 1], ["value-change", 1], ["doc-change", 1], ["any", 1]] as const) {
      const r = await runAction({ inputs: { "fail-on": failOn, comment: "off" } });
      expect(`${failOn}: ${r.code}`).toBe(`${failOn}: ${code}`);
      expect(r.summary).toContain("### ast-outline: 5 symbol changes");
      expect(r.output).toContain(`failed-on=${code ? "true" : "false"}`);
      const errors = workflowCommands(r.stdout).filter((l) => l.startsWith("::error"));
      expect(errors).toEqual(code ? [`::error title=ast-outline::fail-on ${failOn}: the change holds such a symbol change (see the summary)`] : []);
      expect(r.calls).toEqual([]);
    }
    // Only a body change: removed and signature-change pass, any fails.
    const bodyOnly = { pull_request: { number: 7, base: { sha: base }, head: { sha: base } } };
    const same = await runAction({ inputs: { "fail-on": "any", comment: "off" }, event: bodyOnly });
    expect(same.code).toBe(0);
  });

  test("impact: the callers a removed function still has are in the comment", async () => {
    const without = await runAction({ inputs: { comment: "off" } });
    expect(without.summary).not.toContain("Callers not updated");
    const r = await runAction({ inputs: { comment: "off", impact: "true" } });
    expect(r.code).toBe(0);
    expect(r.summary).toContain("**Callers not updated**");
    expect(r.summary).toContain("use.py");
    const bad = await runAction({ inputs: { impact: "yes" } });
    expect(bad.code).toBe(2);
    expect(workflowCommands(bad.stdout)).toEqual(["::error title=ast-outline::input impact must be true or false, not yes"]);
  });

  test("a fork's pull request (a read-only token): a warning that says what to do, the check still passes", async () => {
    for (const without of [undefined, "gh"] as const) {
      const github = fakeGitHub({ "fake-token": { login: "github-actions[bot]", installation: true, readonly: true } });
      cleanups.push(github.stop);
      const r = await runAction({ github, without });
      expect(r.code).toBe(0);
      expect(r.summary).toContain(SUMMARY_TITLE);
      expect(workflowCommands(r.stdout).filter((l) => !l.startsWith("::notice"))).toEqual([
        "::warning title=ast-outline::could not write the pull request comment (a read-only token, as for a pull request from a fork?): the summary has it; see docs/changed-github-action.md for a fork recipe",
      ]);
      expect(r.stdout).toContain("Resource not accessible by integration");
      expect(github.comments).toEqual([]);
    }
  });

  test("a fork's pull request as actions/checkout gives it (the merge commit at depth 1, the head only under refs/pull/7/head)", async () => {
    // The base repository as GitHub keeps a fork's pull request: no branch holds its head.
    const origin = join(temp("ast-outline-fork-"), "origin");
    expect(Bun.spawnSync(["git", "clone", "-q", "--no-local", repo.path, origin]).exitCode).toBe(0);
    const git = (cwd: string, ...args: string[]) => {
      const r = Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd });
      expect(r.exitCode).toBe(0);
      return r.stdout.toString().trim();
    };
    git(origin, "checkout", "-q", "--detach", base);
    git(origin, "merge", "-q", "--no-ff", "-m", "Merge head into base", head);
    const merge = git(origin, "rev-parse", "HEAD");
    git(origin, "update-ref", "refs/pull/7/merge", merge);
    git(origin, "update-ref", "refs/pull/7/head", head);
    git(origin, "checkout", "-q", "main");
    git(origin, "branch", "-q", "-D", "feature");
    // actions/checkout on pull_request: fetch refs/pull/7/merge at depth 1, check it out detached.
    const ws = join(temp("ast-outline-fork-ws-"), "ws");
    git(join(ws, ".."), "init", "-q", ws);
    git(ws, "remote", "add", "origin", `file://${origin}`);
    git(ws, "fetch", "-q", "--no-tags", "--depth=1", "origin", "+refs/pull/7/merge:refs/remotes/pull/7/merge");
    git(ws, "checkout", "-q", "--detach", merge);
    const github = fakeGitHub({ "fake-token": { login: "github-actions[bot]", installation: true, readonly: true } });
    cleanups.push(github.stop);
    const event = { pull_request: { number: 7, base: { sha: base }, head: { sha: head, ref: "feature", repo: { fork: true } } } };
    const r = await runAction({ github, event, inputs: { annotations: "false" }, env: { GITHUB_WORKSPACE: ws, GITHUB_SHA: merge } });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.summary).toContain(SUMMARY_TITLE);
    expect(workflowCommands(r.stdout)).toEqual([
      "::warning title=ast-outline::could not write the pull request comment (a read-only token, as for a pull request from a fork?): the summary has it; see docs/changed-github-action.md for a fork recipe",
    ]);
    expect(github.comments).toEqual([]);
  });

  test("the fork recipe's second workflow posts the artifact as the sticky comment, only on the pull request that ran", async () => {
    const doc = readFileSync(join(ROOT, "docs", "changed-github-action.md"), "utf8");
    const block = /```yaml\n(# \.github\/workflows\/symbols-comment\.yml[\s\S]*?)```/.exec(doc);
    expect(block).not.toBeNull();
    const step = (Bun.YAML.parse(block![1]) as any).jobs.comment.steps.find((s: any) => s.run);
    const github = fakeGitHub();
    cleanups.push(github.stop);
    github.pulls[7] = { head: { sha: head } };
    github.pulls[8] = { head: { sha: base } };
    github.comments.push({ id: 11, issue: 7, body: `${STICKY_MARKER}\nnot mine`, user: { login: "mallory", type: "User" } });
    const stub = temp("ast-outline-recipe-bin-");
    writeFileSync(join(stub, "gh"), `#!/bin/sh\nexec node ${JSON.stringify(join(ROOT, "test", "helpers", "fake-gh.mjs"))} "$@"\n`);
    chmodSync(join(stub, "gh"), 0o755);
    const run = async (pr: string, comment: string) => {
      const dir = temp("ast-outline-recipe-");
      writeFileSync(join(dir, "pr"), pr);
      writeFileSync(join(dir, "comment.md"), comment);
      const ctx: Context = { inputs: {}, event: { workflow_run: { head_sha: head, id: 1 } }, action: { steps: [], inputs: {} }, steps: {} };
      const env = Object.fromEntries(Object.entries(step.env).map(([k, v]) => [k, evaluate(String(v), ctx)]));
      const proc = Bun.spawn(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step.run], {
        cwd: dir,
        env: { PATH: `${stub}${delimiter}${process.env.PATH}`, HOME: dir, GITHUB_REPOSITORY: "octo/demo", FAKE_GH_DIR: dir, FAKE_GH_SERVER: github.url, ...env },
        stdout: "pipe",
        stderr: "pipe",
      });
      const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
      return { stdout, code };
    };
    // First run: created; second: the same comment updated; mallory's marked comment untouched.
    expect((await run("7\n", `${STICKY_MARKER}\nfirst`)).code).toBe(0);
    expect((await run("7", `${STICKY_MARKER}\nsecond`)).code).toBe(0);
    expect(github.comments.map((c) => [c.id, c.user.login, body(c)])).toEqual([[11, "mallory", "not mine"], [1001, "github-actions[bot]", "second"]]);
    // An artifact that names another pull request (whose head is not the run's commit), or none: refused, nothing written.
    for (const [pr, says] of [["8", "pull request 8 is not the one this run was for"], ["x; rm -rf /", "no pull request number in the artifact"]]) {
      const r = await run(pr, "hijack");
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(says);
    }
    expect(github.comments.map((c) => c.issue)).toEqual([7, 7]);
  });

  test("the token: the github-token input, else the job's GITHUB_TOKEN; neither: the summary and one warning", async () => {
    for (const without of [undefined, "gh"] as const) {
      const github = fakeGitHub();
      cleanups.push(github.stop);
      const r = await runAction({ github, without, inputs: { "github-token": "", annotations: "false" }, env: { GITHUB_TOKEN: "fake-token" } });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("ast-outline: created a comment");
      expect(github.comments.map(body)).toEqual([SUMMARY_TITLE]);
      const none = fakeGitHub();
      cleanups.push(none.stop);
      const n = await runAction({ github: none, without, inputs: { "github-token": "", annotations: "false" } });
      expect(n.code).toBe(0);
      expect(n.summary).toContain(SUMMARY_TITLE);
      expect(workflowCommands(n.stdout)).toEqual(["::warning title=ast-outline::no comment: no token (the input github-token is empty and GITHUB_TOKEN is not set); the job summary has the report"]);
      expect(none.calls).toEqual([]);
    }
  });

  test("a push: base from the event's before, no comment", async () => {
    const r = await runAction({ eventName: "push", event: { before: base, after: head, repository: { default_branch: "main" } } });
    expect(r.code).toBe(0);
    expect(r.summary).toContain("5 symbol changes");
    expect(r.calls).toEqual([]);
    expect(r.stdout).toContain("ast-outline: not a pull request, no comment");
  });

  test("a push that creates a branch: compared with the default branch from their merge base, fetched from origin", async () => {
    // The runner's checkout of the new branch: a shallow clone holding that branch only.
    const clone = join(temp("ast-outline-newbranch-"), "clone");
    const c = Bun.spawnSync(["git", "clone", "-q", "--depth", "1", "--single-branch", "--branch", "feature", `file://${repo.path}`, clone]);
    expect(c.exitCode).toBe(0);
    const event = { before: "0".repeat(40), after: head, created: true, repository: { default_branch: "main" } };
    const r = await runAction({ eventName: "push", event, inputs: { comment: "off" }, env: { GITHUB_WORKSPACE: clone } });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.summary).toContain(SUMMARY_TITLE);
    // No default branch in the event: the clone's origin/HEAD names it.
    const full = join(temp("ast-outline-originhead-"), "clone");
    expect(Bun.spawnSync(["git", "clone", "-q", "--branch", "feature", `file://${repo.path}`, full]).exitCode).toBe(0);
    expect(Bun.spawnSync(["git", "-C", full, "remote", "set-head", "origin", "main"]).exitCode).toBe(0);
    const fromOrigin = await runAction({ eventName: "push", event: { before: "0".repeat(40), after: head }, inputs: { comment: "off" }, env: { GITHUB_WORKSPACE: full } });
    expect(fromOrigin.stderr).toBe("");
    expect(fromOrigin.code).toBe(0);
    expect(fromOrigin.summary).toBe(r.summary);
    // Neither the event nor origin/HEAD (a clone without a remote): one line that says what to set.
    const unnamed = await runAction({ eventName: "push", event: { before: "0".repeat(40) } });
    expect(unnamed.code).toBe(2);
    expect(workflowCommands(unnamed.stdout)).toEqual(["::error title=ast-outline::a push that creates a branch, and neither the event nor origin/HEAD names a usable default branch (set the input base)"]);
  });

  test("a shallow clone (actions/checkout's default depth): the base and the merge base are fetched, no fetch-depth: 0", async () => {
    const shallow = join(temp("ast-outline-shallow-"), "clone");
    const c = Bun.spawnSync(["git", "clone", "-q", "--depth", "1", "--branch", "feature", `file://${repo.path}`, shallow]);
    expect(c.exitCode).toBe(0);
    expect(Bun.spawnSync(["git", "cat-file", "-e", `${base}^{commit}`], { cwd: shallow }).exitCode).not.toBe(0);
    const r = await runAction({ inputs: { comment: "off" }, env: { GITHUB_WORKSPACE: shallow } });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.summary).toContain(SUMMARY_TITLE);
    // Where origin cannot give the base: one line that says so.
    const lost = join(temp("ast-outline-shallow-"), "clone");
    Bun.spawnSync(["git", "clone", "-q", "--depth", "1", "--branch", "feature", `file://${repo.path}`, lost]);
    Bun.spawnSync(["git", "remote", "set-url", "origin", join(lost, "nowhere")], { cwd: lost });
    const failed = await runAction({ inputs: { comment: "off" }, env: { GITHUB_WORKSPACE: lost } });
    expect(failed.code).toBe(2);
    expect(workflowCommands(failed.stdout)).toEqual([
      "::error title=ast-outline::ast-outline changed failed with exit 2: the clone is shallow and fetching the base from origin did not bring it (check out with fetch-depth: 0, or let the job fetch from origin)",
    ]);
  });

  test("GitHub Enterprise Server: the API of GITHUB_SERVER_URL's host, through gh (GH_HOST, GH_ENTERPRISE_TOKEN) and through curl", async () => {
    for (const without of [undefined, "gh"] as const) {
      const github = fakeGitHub();
      cleanups.push(github.stop);
      const env = { GITHUB_SERVER_URL: "https://ghe.example.com", GITHUB_API_URL: `${github.url}/api/v3`, GITHUB_GRAPHQL_URL: `${github.url}/api/graphql` };
      const first = await runAction({ github, without, env, inputs: { annotations: "false" } });
      expect(first.code).toBe(0);
      expect(first.stdout).toContain("ast-outline: created a comment");
      const before = github.calls.length;
      const second = await runAction({ github, without, env, inputs: { annotations: "false" } });
      expect(second.stdout).toContain("ast-outline: updated comment 1001");
      expect(apiCalls(github, before)).toEqual(["GET /api/v3/repos/octo/demo/issues/7/comments", "POST /api/graphql", "PATCH /api/v3/repos/octo/demo/issues/comments/1001"]);
      expect(github.calls.map((c) => c.ghHost)).toEqual(github.calls.map(() => (without ? undefined : "ghe.example.com")));
      expect(github.comments.map(body)).toEqual([SUMMARY_TITLE]);
    }
  });

  test("no gh on the runner: the comment through the REST API with curl (jq, else node, reads the JSON)", async () => {
    for (const without of ["gh", "gh jq"] as const) {
      const github = fakeGitHub();
      cleanups.push(github.stop);
      // More than a page of comments before ours: the list is read to its end.
      for (let i = 0; i < 120; i++) github.comments.push({ id: 100 + i, issue: 7, body: `comment ${i}`, user: { login: "alice", type: "User" } });
      const first = await runAction({ github, without });
      expect(first.code).toBe(0);
      expect(first.stdout).toContain("ast-outline: created a comment");
      const second = await runAction({ github, without });
      expect(second.stdout).toContain("ast-outline: updated comment 1001");
      expect(github.comments.filter((c) => c.body.startsWith(STICKY_MARKER))).toHaveLength(1);
      expect(github.comments.at(-1)!.body).toBe(first.summary.replace(/\n$/, "") + "\n");
      expect(github.calls.filter((c) => c.method === "GET").map((c) => c.path).slice(0, 2)).toEqual(["/repos/octo/demo/issues/7/comments?per_page=100&page=1", "/repos/octo/demo/issues/7/comments?per_page=100&page=2"]);
      expect(first.calls).toEqual([]);
    }
    // Neither gh nor curl: a warning, the summary still written, the check passes.
    const none = await runAction({ without: "gh curl" });
    expect(none.code).toBe(0);
    expect(none.summary).toContain(SUMMARY_TITLE);
    expect(workflowCommands(none.stdout).filter((l) => !l.startsWith("::notice"))).toEqual([
      "::warning title=ast-outline::no comment: neither gh nor curl (with jq or node) is on PATH; the job summary has the report (install one, or set comment: off)",
    ]);
  });

  test("SARIF is never written through a committed link: a linked file is replaced, a linked folder refused", async () => {
    const ws = join(temp("ast-outline-ws-"), "clone");
    Bun.spawnSync(["git", "clone", "-q", "--branch", "feature", `file://${repo.path}`, ws]);
    const outside = temp("ast-outline-outside-");
    writeFileSync(join(outside, "victim"), "keep me\n");
    // changed.sarif -> outside/victim, as a pull request can commit it.
    symlinkSync(join(outside, "victim"), join(ws, "changed.sarif"));
    const linked = await runAction({ inputs: { sarif: "changed.sarif", comment: "off" }, env: { GITHUB_WORKSPACE: ws } });
    expect(linked.code).toBe(0);
    expect(readFileSync(join(outside, "victim"), "utf8")).toBe("keep me\n");
    expect(lstatSync(join(ws, "changed.sarif")).isSymbolicLink()).toBe(false);
    expect(validateSarif(JSON.parse(readFileSync(join(ws, "changed.sarif"), "utf8")))).toEqual([]);
    // A link to a folder under that name: replaced too, nothing lands in the folder.
    symlinkSync(outside, join(ws, "dir.sarif"));
    const dirLink = await runAction({ inputs: { sarif: "dir.sarif", comment: "off" }, env: { GITHUB_WORKSPACE: ws } });
    expect(dirLink.code).toBe(0);
    expect(readdirSync(outside)).toEqual(["victim"]);
    // A linked folder on the path (out -> outside, nested: reports/out/x.sarif): refused.
    symlinkSync(outside, join(ws, "out"));
    mkdirSync(join(ws, "reports"));
    symlinkSync(outside, join(ws, "reports", "out"));
    for (const [sarif, shownAs] of [["out/changed.sarif", "out"], [join(ws, "reports", "out", "sub", "x.sarif"), "reports/out"]]) {
      const r = await runAction({ inputs: { sarif, comment: "off" }, env: { GITHUB_WORKSPACE: ws } });
      expect(r.code).toBe(2);
      expect(workflowCommands(r.stdout).filter((l) => !l.startsWith("::notice"))).toEqual([`::error title=ast-outline::input sarif: ${shownAs} is a symbolic link (not written through)`]);
    }
    // Outside the workspace and RUNNER_TEMP, or climbing out with ..: refused.
    for (const [sarif, message] of [
      [join(outside, "x.sarif"), `input sarif must be a path inside the workspace or RUNNER_TEMP: ${join(outside, "x.sarif").replace(/[^A-Za-z0-9._/@+=-]/g, "?").slice(0, 80)}`],
      ["reports/../../x.sarif", "input sarif must not contain . or .. components: reports/../../x.sarif"],
    ]) {
      const r = await runAction({ inputs: { sarif, comment: "off", annotations: "false" }, env: { GITHUB_WORKSPACE: ws } });
      expect(r.code).toBe(2);
      expect(workflowCommands(r.stdout)).toEqual([`::error title=ast-outline::${message}`]);
    }
    expect(readdirSync(outside)).toEqual(["victim"]);
    expect(readFileSync(join(outside, "victim"), "utf8")).toBe("keep me\n");
  });

  test("PR-controlled values cannot inject workflow commands or shell", async () => {
    const marker = join(temp("ast-outline-pwn-"), "pwned");
    const hostile = [
      `main\n::error::injected`,
      `$(touch ${marker})`,
      `\`touch ${marker}\``,
      `--output=${marker}`,
      `x; touch ${marker}`,
    ];
    for (const value of hostile) {
      for (const input of ["base", "head"]) {
        const r = await runAction({ inputs: { [input]: value, comment: "off" } });
        expect(r.code).toBe(2);
        const commands = workflowCommands(r.stdout);
        for (const c of commands) expect(c).toMatch(OURS);
        expect(commands).toEqual(["::error title=ast-outline::ast-outline changed failed with exit 2 (see the line above)"]);
        expect(r.summary).toBe("");
      }
    }
    // Bad input values are named, made printable, not echoed raw.
    const value = `sticky\n::error::x $(touch ${marker})`;
    const bad = await runAction({ inputs: { comment: value } });
    expect(bad.code).toBe(2);
    expect(workflowCommands(bad.stdout)).toEqual([`::error title=ast-outline::input comment must be sticky or off, not ${value.replace(/[^A-Za-z0-9._/@+=-]/g, "?").slice(0, 80)}`]);
    expect(existsSync(marker)).toBe(false);
    expect(readdirSync(join(marker, ".."))).toEqual([]);
  });

  test("file names with a line break and :: in them stay data: annotations, comment and SARIF", async () => {
    const github = fakeGitHub();
    cleanups.push(github.stop);
    const sarif = join(runnerTemp, "sarif-names.sarif");
    const r = await runAction({ github, inputs: { sarif } });
    expect(r.code).toBe(0);
    for (const c of workflowCommands(r.stdout)) expect(c).toMatch(OURS);
    expect(github.comments[0].body).toContain('`"evil\\n::error::pwned.py"`');
    expect(github.comments[0].body).toContain("`::set-output name=x::y.py`");
    // Their symbols were added: counted in the SARIF, not results, so no location names them there.
    const log = JSON.parse(readFileSync(sarif, "utf8"));
    const uris = log.runs[0].results.map((x: any) => decodeURIComponent(x.locations[0].physicalLocation.artifactLocation.uri));
    expect(uris).not.toContain(EVIL_FILE);
    expect(log.runs[0].properties.notReported.added).toBe(2);
    // The comment body went to gh as a file, never as an argument.
    for (const call of r.calls) for (const arg of call) expect(arg).not.toContain("pwned");
  });

  test("bad inputs are one ::error line and exit 2", async () => {
    for (const [inputs, message] of [
      [{ "fail-on": "sometimes" }, "input fail-on must be none, removed, signature-change, value-change, doc-change or any, not sometimes"],
      [{ annotations: "yes" }, "input annotations must be true or false, not yes"],
    ] as const) {
      const r = await runAction({ inputs });
      expect(r.code).toBe(2);
      expect(workflowCommands(r.stdout)).toEqual([`::error title=ast-outline::${message}`]);
    }
    const missing = await runAction({ inputs: { version: "9.9.9", comment: "off" } });
    expect(missing.code).toBe(1);
    const commands = workflowCommands(missing.stdout);
    expect(commands).toEqual(["::error title=ast-outline::could not install ast-outline 9.9.9 (see the line above)"]);
    expect(missing.stdout).toMatch(/ast-outline install: cannot download file:\/\/.*\/download\/v9\.9\.9\/SHA256SUMS/);
  });
});
