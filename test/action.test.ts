// The GitHub Action (action.yml + action/run.sh) in a fake GitHub environment: a real git
// repository with a base and a head commit, the event as a JSON file, action.yml's `env:`
// evaluated against it and the inputs as the runner would, GITHUB_STEP_SUMMARY / GITHUB_OUTPUT
// files, a stub `gh` on PATH (test/helpers/fake-gh.mjs) holding the PR's comments, and the
// binary installed by install.sh from a folder laid out like a release.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BINARY, binaryAvailable, ROOT, tempDir } from "./helpers/cli.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";
import { fakeRelease, type FakeRelease } from "./helpers/release.ts";
import { validateSarif } from "./helpers/schemas.ts";
import { STICKY_MARKER } from "../src/render/changed-markdown.ts";
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
const cleanups: (() => void)[] = [];
const temp = (prefix: string) => {
  const d = tempDir(prefix);
  cleanups.push(d.cleanup);
  return d.path;
};

beforeAll(() => {
  if (!available) return;
  release = fakeRelease();
  cleanups.push(release.cleanup);
  runnerTemp = temp("ast-outline-runner-");
  repo = tempRepo();
  cleanups.push(repo.cleanup);
  repo.write("lib.py", "def f(a):\n    return a\n\n\ndef g():\n    return 2\n\n\ndef h():\n    return 3\n");
  repo.write(".github/CODEOWNERS", "* @a\n");
  base = repo.commit("base");
  repo.git("checkout", "-q", "-b", "feature");
  repo.write("lib.py", "def f(a, b):\n    return a\n\n\ndef h():\n    return 30\n");
  repo.write(EVIL_FILE, "def injected():\n    return 1\n");
  repo.write(OUTPUT_FILE, "def also():\n    return 1\n");
  repo.write(".github/CODEOWNERS", "* @a @b\n");
  head = repo.commit("head");
}, 120_000);
afterAll(() => {
  while (cleanups.length) cleanups.pop()!();
});

interface Action {
  env: Record<string, string>;
  run: string;
  inputs: Record<string, { default?: string }>;
}

function loadAction(): Action {
  const yml = Bun.YAML.parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as any;
  expect(yml.runs.using).toBe("composite");
  expect(yml.runs.steps).toHaveLength(1);
  const step = yml.runs.steps[0];
  expect(step.shell).toBe("bash");
  return { env: step.env, run: step.run, inputs: yml.inputs };
}

/** `${{ … }}` as the runner evaluates the few forms action.yml uses; any other form fails the test. */
function evaluate(value: string, ctx: { inputs: Record<string, string>; event: any; action: Action }): string {
  return value.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expr);
    if (input) {
      const name = input[1];
      if (!(name in ctx.action.inputs)) throw new Error(`action.yml reads an undeclared input: ${name}`);
      return ctx.inputs[name] ?? evaluate(String(ctx.action.inputs[name].default ?? ""), ctx);
    }
    if (expr === "github.token") return "fake-token";
    if (expr === "github.action_repository") return ""; // not promised inside composite actions
    const event = /^github\.event\.([\w.]+)$/.exec(expr);
    if (event) {
      const v = event[1].split(".").reduce((o: any, k) => (o == null ? undefined : o[k]), ctx.event);
      return v === undefined || v === null ? "" : String(v);
    }
    throw new Error(`the fake runner does not know the expression ${expr}`);
  });
}

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  summary: string;
  output: string;
  calls: string[][];
  comments: { id: number; body: string; user: { login: string } }[];
}

/** One run of the Action's step; `gh` state persists in `ghDir` across runs of one test. */
async function runAction(opts: { inputs?: Record<string, string>; event?: any; eventName?: string; ghDir?: string; env?: Record<string, string>; cwd?: string } = {}): Promise<RunResult> {
  const action = loadAction();
  const event = opts.event ?? { pull_request: { number: 7, base: { sha: base }, head: { sha: head, ref: "feature" } } };
  const dir = temp("ast-outline-gh-");
  const ghDir = opts.ghDir ?? join(dir, "gh");
  mkdirSync(ghDir, { recursive: true });
  const stub = join(dir, "stub-bin");
  mkdirSync(stub);
  writeFileSync(join(stub, "gh"), `#!/bin/sh\nexec node ${JSON.stringify(join(ROOT, "test", "helpers", "fake-gh.mjs"))} "$@"\n`);
  chmodSync(join(stub, "gh"), 0o755);
  const eventPath = join(dir, "event.json");
  writeFileSync(eventPath, JSON.stringify(event));
  const summary = join(dir, "summary.md");
  const output = join(dir, "output");
  writeFileSync(summary, "");
  writeFileSync(output, "");
  const stepEnv = Object.fromEntries(Object.entries(action.env).map(([k, v]) => [k, evaluate(String(v), { inputs: opts.inputs ?? {}, event, action })]));
  const env: Record<string, string> = {
    PATH: `${stub}:${process.env.PATH}`,
    HOME: dir,
    GITHUB_ACTIONS: "true",
    GITHUB_REPOSITORY: "octo/demo",
    GITHUB_EVENT_NAME: opts.eventName ?? "pull_request",
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_SHA: head,
    GITHUB_WORKSPACE: repo.path,
    GITHUB_ACTION_PATH: ROOT,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_OUTPUT: output,
    RUNNER_TEMP: runnerTemp,
    AST_OUTLINE_DOWNLOAD_URL: `file://${release.root}`,
    FAKE_GH_DIR: ghDir,
    ...stepEnv,
    ...opts.env,
  };
  const proc = Bun.spawn(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", action.run], { cwd: opts.cwd ?? repo.path, env, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  const callsFile = join(ghDir, "calls.jsonl");
  const commentsFile = join(ghDir, "comments.json");
  return {
    code,
    stdout,
    stderr,
    summary: readFileSync(summary, "utf8"),
    output: readFileSync(output, "utf8"),
    calls: existsSync(callsFile) ? readFileSync(callsFile, "utf8").trim().split("\n").map((l) => JSON.parse(l)) : [],
    comments: existsSync(commentsFile) ? JSON.parse(readFileSync(commentsFile, "utf8")) : [],
  };
}

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

describe.skipIf(!available)("the Action", () => {
  test("a pull request: job summary, annotations, SARIF, outputs, one comment created and then updated in place", async () => {
    const ghDir = join(temp("ast-outline-gh-state-"), "gh");
    const sarif = join(temp("ast-outline-sarif-"), "out", "changed.sarif");
    const first = await runAction({ ghDir, inputs: { sarif } });
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    // The summary is the comment: marker, title, the signature change first.
    expect(first.summary.split("\n")[0]).toBe(STICKY_MARKER);
    expect(first.summary).toContain("### ast-outline: 5 symbol changes in 4 files");
    expect(first.summary).toContain("| modified | function `f` | `lib.py` 1-2 | signature; `def f(a)` → `def f(a, b)` |");
    expect(first.summary).toContain("1 file without symbol changes: 1 unsupported language");
    // One annotation, the signature change; nothing else a runner would take as a command.
    const commands = workflowCommands(first.stdout);
    expect(commands).toEqual(["::notice file=lib.py,line=1,endLine=2,title=Signature changed%3A f::def f(a) → def f(a, b)"]);
    const log = JSON.parse(readFileSync(sarif, "utf8"));
    expect(validateSarif(log)).toEqual([]);
    expect(log.runs[0].results.map((r: any) => r.ruleId).sort()).toEqual(["signature-changed", "symbol-added", "symbol-added", "symbol-modified", "symbol-removed"]);
    expect(first.output).toMatch(/^comment-file=.*\nfailed-on=false\n$/);
    // The version pinned by default is the action's own (package.json), installed by install.sh.
    expect(readFileSync(join(runnerTemp, `ast-outline-bin-${VERSION}`, "ast-outline")).equals(readFileSync(BINARY))).toBe(true);
    // gh: list (with the marker filter), nothing to update, so one comment created.
    expect(first.calls.map((c) => c.slice(0, 3).join(" "))).toEqual(["api --paginate repos/octo/demo/issues/7/comments", "api --method POST"]);
    expect(first.comments).toHaveLength(1);
    expect(first.comments[0].body).toBe(first.summary.replace(/\n$/, "") + "\n");
    expect(first.stdout).toContain("ast-outline: created a comment");

    const second = await runAction({ ghDir });
    expect(second.code).toBe(0);
    expect(second.comments).toHaveLength(1);
    expect(second.calls.slice(first.calls.length).map((c) => c.slice(0, 4).join(" "))).toEqual([
      "api --paginate repos/octo/demo/issues/7/comments --jq",
      `api --method PATCH repos/octo/demo/issues/comments/${first.comments[0].id}`,
    ]);
    expect(second.stdout).toContain(`ast-outline: updated comment ${first.comments[0].id}`);
  });

  test("a comment someone else wrote with the marker is not taken over, and no duplicate is made", async () => {
    const ghDir = join(temp("ast-outline-gh-state-"), "gh");
    mkdirSync(ghDir, { recursive: true });
    writeFileSync(join(ghDir, "comments.json"), JSON.stringify([
      { id: 11, issue: 7, body: `${STICKY_MARKER}\nI wrote this`, user: { login: "mallory", type: "User" } },
      { id: 12, issue: 7, body: "LGTM", user: { login: "alice", type: "User" } },
      { id: 13, issue: 8, body: `${STICKY_MARKER}\nanother PR`, user: { login: "github-actions[bot]", type: "Bot" } },
    ]));
    const first = await runAction({ ghDir, inputs: { annotations: "false" } });
    expect(first.code).toBe(0);
    expect(workflowCommands(first.stdout)).toEqual([]);
    expect(first.comments.map((c) => [c.id, c.body.replace(`${STICKY_MARKER}\n`, "").split("\n")[0]])).toEqual([[11, "I wrote this"], [12, "LGTM"], [13, "another PR"], [1004, "### ast-outline: 5 symbol changes in 4 files"]]);
    const second = await runAction({ ghDir, inputs: { annotations: "false" } });
    expect(second.comments).toHaveLength(4);
    expect(second.calls.slice(first.calls.length).map((c) => c.slice(1, 4).join(" "))).toEqual([
      "--paginate repos/octo/demo/issues/7/comments --jq",
      "--method PATCH repos/octo/demo/issues/comments/11",
      "--method PATCH repos/octo/demo/issues/comments/1004",
    ]);
  });

  test("fail-on: the step fails (after writing everything) only when the change holds what it names", async () => {
    for (const [failOn, code] of [["none", 0], ["removed", 1], ["signature-change", 1], ["any", 1]] as const) {
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

  test("a read-only token (a fork's pull request): a warning, the check still passes", async () => {
    const r = await runAction({ env: { FAKE_GH_READONLY: "1" } });
    expect(r.code).toBe(0);
    expect(workflowCommands(r.stdout).filter((l) => !l.startsWith("::notice"))).toEqual([
      "::warning title=ast-outline::could not write the pull request comment (a read-only token, as for a pull request from a fork?)",
    ]);
  });

  test("a push: base from the event's before, no comment; a push that opens a branch needs an input", async () => {
    const r = await runAction({ eventName: "push", event: { before: base, after: head } });
    expect(r.code).toBe(0);
    expect(r.summary).toContain("5 symbol changes");
    expect(r.calls).toEqual([]);
    expect(r.stdout).toContain("ast-outline: not a pull request, no comment");
    const opened = await runAction({ eventName: "push", event: { before: "0".repeat(40) } });
    expect(opened.code).toBe(2);
    expect(workflowCommands(opened.stdout)).toEqual(["::error title=ast-outline::no base revision: this event names none (set the input base)"]);
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
    const sarif = join(temp("ast-outline-sarif-"), "changed.sarif");
    const r = await runAction({ inputs: { sarif } });
    expect(r.code).toBe(0);
    for (const c of workflowCommands(r.stdout)) expect(c).toMatch(OURS);
    expect(r.comments[0].body).toContain('`"evil\\n::error::pwned.py"`');
    expect(r.comments[0].body).toContain("`::set-output name=x::y.py`");
    const uris = JSON.parse(readFileSync(sarif, "utf8")).runs[0].results.map((x: any) => decodeURIComponent(x.locations[0].physicalLocation.artifactLocation.uri));
    expect(uris).toContain(EVIL_FILE);
    expect(uris).toContain(OUTPUT_FILE);
    // The comment body went to gh as a file, never as an argument.
    for (const call of r.calls) for (const arg of call) expect(arg).not.toContain("pwned");
  });

  test("a shallow clone without the base: one line that says so", async () => {
    const shallow = join(temp("ast-outline-shallow-"), "clone");
    Bun.spawnSync(["git", "clone", "-q", "--depth", "1", "--branch", "feature", `file://${repo.path}`, shallow]);
    const r = await runAction({ inputs: { comment: "off" }, env: { GITHUB_WORKSPACE: shallow }, cwd: shallow });
    expect(r.code).toBe(2);
    expect(workflowCommands(r.stdout)).toEqual(["::error title=ast-outline::ast-outline changed failed with exit 2: the clone is shallow (check out with fetch-depth: 0)"]);
  });

  test("bad inputs are one ::error line and exit 2", async () => {
    for (const [inputs, message] of [
      [{ "fail-on": "sometimes" }, "input fail-on must be none, removed, signature-change or any, not sometimes"],
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
