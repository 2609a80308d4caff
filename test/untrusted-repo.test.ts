// A repository that arrived as files (an archive, a shared folder, a CI artifact, a PR checkout)
// is untrusted data, for the compiled binary and its MCP server alike: committed symbolic links
// are not followed out of it by any reader, and its .git/config starts no program whatever git
// command a reader runs. Real git, the real binary, the SDK's MCP client.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BINARY, binaryAvailable, runBinary, tempDir } from "./helpers/cli.ts";
import { gitOk, sh, write } from "./helpers/git-repo.ts";

const text = (r: any): string => (r.content ?? []).map((c: any) => c.text).join("");

/** Every file's bytes under a folder, as one string (what a cache holds). */
function everything(dir: string): string {
  if (!existsSync(dir)) return "";
  let out = "";
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out += readFileSync(join(e.parentPath ?? (e as any).path, e.name), "latin1");
  }
  return out;
}

async function mcpClient(cwd: string): Promise<Client> {
  const client = new Client({ name: "test", version: "0" });
  await client.connect(new StdioClientTransport({ command: BINARY, args: ["mcp"], cwd, stderr: "pipe" }));
  return client;
}

function commitAll(root: string, message: string): void {
  gitOk(root, "add", "-A");
  gitOk(root, "-c", "core.hooksPath=/dev/null", "commit", "-qm", message);
}

const available = binaryAvailable();

describe.skipIf(!available)("committed symlinks: no reader follows one out of the repository", () => {
  const base = tempDir("ast-outline-links-");
  const root = join(base.path, "repo");
  const SECRET = "ghp_" + "x".repeat(12) + "LEAKED";
  beforeAll(() => {
    write(base.path, "home/.config/creds.json", JSON.stringify({ github_token: SECRET }) + "\n");
    write(base.path, "home/lib/hidden.py", "def leaked_helper():\n    return 'LEAKED'\n");
    mkdirSync(root);
    gitOk(root, "init", "-q", "-b", "main");
    gitOk(root, "config", "user.name", "T");
    gitOk(root, "config", "user.email", "t@example.invalid");
    write(root, "app.py", "def visible_function():\n    return settings()\n");
    commitAll(root, "one");
    // The second commit adds a link to a file outside, one to a folder outside, and one to a file inside.
    symlinkSync("../home/.config/creds.json", join(root, "settings.json"));
    symlinkSync("../home/lib", join(root, "lib"));
    symlinkSync("app.py", join(root, "alias.py"));
    write(root, "more.py", "def second_visible():\n    return 2\n");
    commitAll(root, "two");
  });
  afterAll(() => base.cleanup());

  // What only the targets hold (queries below never spell them: an error may echo a query).
  const leaks = (out: string) => out.includes(SECRET) || out.includes("github_token") || out.includes("hidden.py") || out.includes("leaked_helper");

  test("index, search, digest, outline, changed", () => {
    const runs: Record<string, { code: number; stdout: string; stderr: string }> = {
      index: runBinary(["index"], { cwd: root }),
      searchToken: runBinary(["search", "github"], { cwd: root }),
      searchHelper: runBinary(["search", "leaked"], { cwd: root }),
      searchVisible: runBinary(["search", "visible"], { cwd: root }),
      searchRoot: runBinary(["search", "--root", ".", "github"], { cwd: root }),
      digest: runBinary(["digest"], { cwd: root }),
      digestJson: runBinary(["digest", "--json"], { cwd: root }),
      outline: runBinary(["outline", "."], { cwd: root }),
      changedCommits: runBinary(["changed", "--base", "HEAD~1", "--head", "HEAD"], { cwd: root }),
      changedWorkTree: runBinary(["changed", "--base", "HEAD~1"], { cwd: root }),
      callers: runBinary(["callers", "leaked"], { cwd: root }),
    };
    for (const [name, r] of Object.entries(runs)) expect({ name, leaks: leaks(r.stdout + r.stderr) }).toEqual({ name, leaks: false });
    // The readers did read the repository: a test that cannot fail proves nothing.
    expect(runs.searchVisible.stdout).toContain("visible_function");
    expect(runs.searchVisible.stdout).toContain("second_visible");
    expect(runs.digest.stdout).toContain("more.py");
    expect(runs.changedCommits.stdout).toContain("second_visible");
    expect(leaks(everything(join(root, ".ast_outline_cache")))).toBe(false);
  });

  test("the MCP tools", async () => {
    const client = await mcpClient(root);
    try {
      const answers = {
        searchToken: text(await client.callTool({ name: "search_symbols", arguments: { query: "github" } })),
        searchHelper: text(await client.callTool({ name: "search_symbols", arguments: { query: "leaked" } })),
        digest: text(await client.callTool({ name: "digest", arguments: {} })),
        outline: text(await client.callTool({ name: "get_outline", arguments: { path: "." } })),
        linkFile: text(await client.callTool({ name: "get_outline", arguments: { path: "settings.json" } })),
        linkFolder: text(await client.callTool({ name: "get_outline", arguments: { path: "lib/hidden.py" } })),
        changed: text(await client.callTool({ name: "changed_symbols", arguments: { base: "HEAD~1" } })),
        callers: text(await client.callTool({ name: "get_callers", arguments: { name: "leaked" } })),
      };
      // A refusal names the path asked for (lib/hidden.py): only the targets' content counts there.
      for (const [name, out] of Object.entries(answers)) expect({ name, leaks: leaks(out.replace("lib/hidden.py", "")) }).toEqual({ name, leaks: false });
      expect(answers.linkFile).toContain("refused");
      expect(answers.linkFolder).toContain("refused");
      expect(text(await client.callTool({ name: "search_symbols", arguments: { query: "second_visible" } }))).toContain("more.py");
    } finally {
      await client.close();
    }
  }, 60000);
});

/**
 * Every setting git reads from a repository's own config that makes it start a program, each
 * set to a command that leaves a marker file named after it. `hooksPath` points at a folder
 * where every hook leaves one; `.gitattributes` names the filter and diff drivers for every file.
 */
function hostileConfig(root: string, markers: string): void {
  const mark = (name: string) => `touch '${markers}/${name}'; true`;
  const hooks = join(root, "..", "hooks");
  mkdirSync(hooks, { recursive: true });
  for (const hook of ["pre-commit", "post-checkout", "post-index-change", "reference-transaction", "fsmonitor-watchman", "pre-auto-gc", "post-rewrite", "push-to-checkout"]) {
    writeFileSync(join(hooks, hook), `#!/bin/sh\n${mark(`hook-${hook}`)}\n`);
    chmodSync(join(hooks, hook), 0o755);
  }
  const set = (key: string, value: string) => gitOk(root, "config", key, value);
  set("core.fsmonitor", mark("core.fsmonitor"));
  set("core.hooksPath", hooks);
  set("core.pager", mark("core.pager"));
  set("pager.log", mark("pager.log"));
  set("pager.diff", mark("pager.diff"));
  set("core.sshCommand", mark("core.sshCommand"));
  set("core.gitProxy", mark("core.gitProxy"));
  set("core.askPass", mark("core.askPass"));
  set("core.alternateRefsCommand", mark("core.alternateRefsCommand"));
  set("uploadpack.packObjectsHook", mark("uploadpack.packObjectsHook"));
  set("credential.helper", `!${mark("credential.helper")}`);
  set("diff.external", mark("diff.external"));
  set("diff.evil.command", mark("diff.evil.command"));
  set("diff.evil.textconv", mark("diff.evil.textconv"));
  set("filter.evil.clean", `${mark("filter.evil.clean")}; cat`);
  set("filter.evil.smudge", `${mark("filter.evil.smudge")}; cat`);
  set("filter.evil.process", mark("filter.evil.process"));
  set("gpg.program", mark("gpg.program"));
  set("log.showSignature", "true");
  // A partial clone whose promisor remote is a command: a missing blob makes git fetch from it.
  set("core.repositoryFormatVersion", "1");
  set("extensions.partialClone", "origin");
  set("remote.origin.url", `ext::sh -c touch% ${markers}/lazy-fetch-ext`); // ext:: splits its command on spaces; `% ` is a space
  set("remote.origin.promisor", "true");
  set("protocol.allow", "always");
  set("protocol.ext.allow", "always");
  set("remote.origin.uploadpack", mark("remote.uploadpack"));
}

describe.skipIf(!available)("a copied repository's .git/config starts no program", () => {
  const base = tempDir("ast-outline-gitcfg-");
  const root = join(base.path, "repo");
  const markers = join(base.path, "markers");
  let missingBlob = "";
  beforeAll(() => {
    mkdirSync(root);
    mkdirSync(markers);
    gitOk(root, "init", "-q", "-b", "main");
    gitOk(root, "config", "user.name", "T");
    gitOk(root, "config", "user.email", "t@example.invalid");
    write(root, ".gitattributes", "* filter=evil diff=evil\n");
    write(root, "app.py", "def handle(x):\n    return helper(x)\n\ndef helper(x):\n    return x\n");
    write(root, "gone.py", "def old_only():\n    return 0\n");
    commitAll(root, "one");
    write(root, "app.py", "def handle(x):\n    return helper(x) + 1\n\ndef helper(x):\n    return x\n");
    write(root, "gone.py", "def old_only():\n    return 1\n");
    commitAll(root, "two");
    // The first version of gone.py is missing from the object store: a lazy fetch would be tried.
    missingBlob = gitOk(root, "rev-parse", "HEAD~1:gone.py").trim();
    unlinkSync(join(root, ".git", "objects", missingBlob.slice(0, 2), missingBlob.slice(2)));
    hostileConfig(root, markers);
    // A work-tree edit, and a stat that differs from the index's (as an extracted archive has).
    write(root, "app.py", "def handle(x):\n    return helper(x) + 2\n\ndef helper(x):\n    return x\n\ndef added():\n    return 3\n");
    utimesSync(join(root, "gone.py"), new Date(1_000_000_000_000), new Date(1_000_000_000_000));
    write(root, "staged.py", "def staged_one():\n    return 4\n");
    gitOk(root, "-c", "core.fsmonitor=false", "-c", "filter.evil.clean=", "-c", "filter.evil.process=", "add", "staged.py");
    rmSync(markers, { recursive: true, force: true });
    mkdirSync(markers);
  });
  afterAll(() => base.cleanup());

  const marked = () => readdirSync(markers).sort();

  test("the hostile settings do start programs when git runs without the guard (the test can fail)", () => {
    try {
      sh(root, "git", ["status"]);
      sh(root, "git", ["-c", "filter.evil.process=", "diff", "HEAD"], { GIT_PAGER: "" });
      sh(root, "git", ["cat-file", "-p", missingBlob]);
      const seen = marked();
      for (const m of ["core.fsmonitor", "filter.evil.process", "diff.evil.command", "hook-post-index-change", "lazy-fetch-ext"]) expect(seen).toContain(m);
    } finally {
      rmSync(markers, { recursive: true, force: true });
      mkdirSync(markers);
    }
  });

  test("every command that runs git, CLI and MCP", async () => {
    const runs = [
      ["index"], ["search", "handle"], ["digest"], ["changed"], ["changed", "--base", "HEAD~1", "--head", "HEAD"], ["changed", "--staged"],
      ["changed", "--base", "HEAD~1", "--format", "patch"], ["history", "app.py", "handle"], ["history", "gone.py", "old_only"],
      ["callers", "helper"], ["calls", "app.py", "handle"], ["hook", "run"], ["outline", "."],
    ];
    const out: Record<string, string> = {};
    for (const args of runs) {
      const r = runBinary(args, { cwd: root, env: { GIT_PAGER: "", PAGER: "" } });
      out[args.join(" ")] = r.stdout + r.stderr;
    }
    expect(out["changed"]).toContain("added");
    expect(out["history app.py handle"]).toContain("handle");
    const client = await mcpClient(root);
    try {
      for (const [name, args] of [
        ["changed_symbols", {}], ["changed_symbols", { base: "HEAD~1", head: "HEAD" }], ["symbol_history", { path: "gone.py", name: "old_only" }],
        ["symbol_history", { path: "app.py", name: "handle" }], ["search_symbols", { query: "handle" }], ["digest", {}], ["get_callers", { name: "helper" }],
      ] as [string, Record<string, unknown>][]) {
        out[`mcp ${name}`] = text(await client.callTool({ name, arguments: args }));
      }
    } finally {
      await client.close();
    }
    expect(out["mcp search_symbols"]).toContain("handle");
    expect(marked()).toEqual([]);
  }, 120000);
});
