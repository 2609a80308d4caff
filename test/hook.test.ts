// The pre-commit hook in real temporary repositories: install, commit, chaining, core.hooksPath,
// uninstall, staged content winning over the work tree, and a broken file not blocking a commit.
import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { installHook, startHookInBackground } from "../src/app/hook/hook.ts";
import { ROOT, runCli, tempDir, testEnv } from "./helpers/cli.ts";
import { awaitBackgroundHooks, BUN, CLI_SOURCE, cliChild, gitOk, sh, tempRepo, write } from "./helpers/git-repo.ts";

const searchNames = async (root: string, q: string) =>
  JSON.parse((await runCli(["search", q, "--format", "json"], root)).stdout || '{"results":[]}').results.map((h: { name: string }) => h.name);

function manifest(root: string) {
  return JSON.parse(readFileSync(join(root, ".ast_outline_cache", "manifest.json"), "utf8"));
}

/**
 * A PATH with `ast-outline` on it, as a user installs it (a shim that runs this checkout), and
 * shims for the other tools named (name -> executable), in `<repo>/.bin`.
 */
function pathWith(repo: string, tools: Record<string, string> = {}): string {
  const bin = join(repo, ".bin");
  mkdirSync(bin);
  const shims: Record<string, string> = { "ast-outline": `"${BUN}" "${CLI_SOURCE}"` };
  for (const [name, exe] of Object.entries(tools)) shims[name] = `"${exe}"`;
  for (const [name, command] of Object.entries(shims)) {
    writeFileSync(join(bin, name), `#!/bin/sh\nexec ${command} "$@"\n`);
    chmodSync(join(bin, name), 0o755);
  }
  return `${bin}:/usr/bin:/bin`;
}

describe("hook", () => {
  test("install keeps an existing hook, commits refresh the cache from staged content, uninstall restores", async () => {
    const repo = tempRepo({ "a.py": "def first():\n    pass\n" });
    try {
      const old = "#!/bin/sh\necho ran >> \"$(git rev-parse --show-toplevel)/old-hook-ran\"\n";
      writeFileSync(join(repo.path, ".git/hooks/pre-commit"), old);
      chmodSync(join(repo.path, ".git/hooks/pre-commit"), 0o755);
      const inst = cliChild(repo.path, ["hook", "install"]);
      expect(inst.code).toBe(0);
      expect(inst.stderr).toContain("kept the existing pre-commit hook");
      expect(cliChild(repo.path, ["hook", "install"]).stderr).toContain("already installed"); // idempotent
      expect(readFileSync(join(repo.path, ".git/hooks/pre-commit.ast-outline-prev"), "utf8")).toBe(old);

      // Staged content differs from the work tree: the staged one is what the cache gets.
      write(repo.path, "a.py", "def staged_name():\n    pass\n");
      gitOk(repo.path, "add", "a.py");
      write(repo.path, "a.py", "def worktree_name():\n    pass\n");
      const c = sh(repo.path, "git", ["commit", "-qm", "one"], { PATH: "/usr/bin:/bin" });
      expect(c.code).toBe(0);
      expect(existsSync(join(repo.path, "old-hook-ran"))).toBe(true);
      // The installed hook refreshes in the background (`hook run --background`), after the commit.
      expect(readFileSync(join(repo.path, ".git/hooks/pre-commit"), "utf8")).toContain("hook run --background");
      awaitBackgroundHooks(repo.path, undefined, () => sh(repo.path, "grep", ["-rl", "staged_name", ".ast_outline_cache/objects"]).stdout.trim() !== "");
      const objects = sh(repo.path, "grep", ["-rl", "staged_name", ".ast_outline_cache/objects"]).stdout.trim();
      expect(objects).not.toBe("");
      expect(sh(repo.path, "grep", ["-rl", "worktree_name", ".ast_outline_cache"]).stdout.trim()).toBe("");
      expect(existsSync(join(repo.path, ".ast_outline_cache/manifest.json")) ? manifest(repo.path).files["a.py"] : undefined).toBeUndefined();
      expect(gitOk(repo.path, "show", "--stat", "HEAD")).not.toContain("ast_outline_cache");
      expect(await searchNames(repo.path, "worktree_name")).toEqual(["worktree_name"]); // search refreshes from the work tree

      // A file that does not parse does not block the commit.
      write(repo.path, "broken.py", "def broken(:\n    class\n");
      gitOk(repo.path, "add", "broken.py", "a.py");
      expect(sh(repo.path, "git", ["commit", "-qm", "two"]).code).toBe(0);
      awaitBackgroundHooks(repo.path);

      const un = cliChild(repo.path, ["hook", "uninstall"]);
      expect(un.stderr).toContain("restored the previous one");
      expect(readFileSync(join(repo.path, ".git/hooks/pre-commit"), "utf8")).toBe(old);
      expect(existsSync(join(repo.path, ".git/hooks/pre-commit.ast-outline-prev"))).toBe(false);
    } finally {
      repo.cleanup();
    }
  }, 60000);

  test("honours core.hooksPath, and `hook run` outside a repository warns but exits 0", async () => {
    const repo = tempRepo({ "m.ts": "export class Box {\n  open() {}\n}\n" });
    try {
      gitOk(repo.path, "config", "core.hooksPath", ".myhooks");
      expect(cliChild(repo.path, ["hook", "install"]).code).toBe(0);
      expect(existsSync(join(repo.path, ".myhooks/pre-commit"))).toBe(true);
      expect(existsSync(join(repo.path, ".git/hooks/pre-commit"))).toBe(false);
      gitOk(repo.path, "add", "m.ts");
      expect(sh(repo.path, "git", ["commit", "-qm", "one"]).code).toBe(0);
      awaitBackgroundHooks(repo.path, undefined, () => existsSync(join(repo.path, ".ast_outline_cache/manifest.json")) && manifest(repo.path).files["m.ts"] !== undefined);
      expect(manifest(repo.path).files["m.ts"]).toBeDefined();
      expect(cliChild(repo.path, ["hook", "uninstall"]).code).toBe(0);
      expect(existsSync(join(repo.path, ".myhooks/pre-commit"))).toBe(false);
    } finally {
      repo.cleanup();
    }
    const outside = await runCli(["hook", "run"], "/");
    expect(outside.code).toBe(0);
    expect(outside.stderr).toContain("warning");
    expect((await runCli(["hook", "run", "--strict"], "/")).code).toBe(1);
  }, 60000);

  test("hook run --background refreshes the staged content as it was, after returning; with --strict or outside a repository it runs in the foreground", async () => {
    const repo = tempRepo({ "a.py": "def first():\n    pass\n" });
    try {
      gitOk(repo.path, "add", "a.py");
      gitOk(repo.path, "commit", "-qm", "one");
      write(repo.path, "a.py", "def staged_then():\n    pass\n");
      gitOk(repo.path, "add", "a.py");
      const r = cliChild(repo.path, ["hook", "run", "--background"]);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("");
      // The index moves on at once: the background run reads the trees it was handed.
      write(repo.path, "a.py", "def staged_later():\n    pass\n");
      gitOk(repo.path, "add", "a.py");
      const holds = (name: string) => () => sh(repo.path, "grep", ["-rl", name, ".ast_outline_cache/objects"]).stdout.trim() !== "";
      awaitBackgroundHooks(repo.path, undefined, holds("staged_then"));
      expect(sh(repo.path, "grep", ["-rl", "staged_then", ".ast_outline_cache/objects"]).stdout.trim()).not.toBe("");
      expect(sh(repo.path, "grep", ["-rl", "staged_later", ".ast_outline_cache"]).stdout.trim()).toBe("");
      // Handed off, not run here: the call returns true and the refresh lands afterwards.
      expect(startHookInBackground(testEnv(repo.path), { bin: BUN, script: CLI_SOURCE })).toBe(true);
      awaitBackgroundHooks(repo.path, undefined, holds("staged_later"));
      expect(sh(repo.path, "grep", ["-rl", "staged_later", ".ast_outline_cache/objects"]).stdout.trim()).not.toBe("");
      // As data: it says the run was handed off, and nothing of what that run will find.
      write(repo.path, "a.py", "def staged_json():\n    pass\n");
      gitOk(repo.path, "add", "a.py");
      const json = cliChild(repo.path, ["hook", "run", "--background", "--format", "json"]);
      expect(JSON.parse(json.stdout)).toEqual({ action: "run", background: true, messages: [] });
      awaitBackgroundHooks(repo.path, undefined, holds("staged_json"));
      expect(sh(repo.path, "grep", ["-rl", "staged_json", ".ast_outline_cache/objects"]).stdout.trim()).not.toBe("");
    } finally {
      repo.cleanup();
    }
    const outside = await runCli(["hook", "run", "--background"], "/");
    expect(outside.code).toBe(0);
    expect(outside.stderr).toContain("warning");
    expect((await runCli(["hook", "run", "--background", "--strict"], "/")).code).toBe(1);
  }, 60000);

  test("the documented husky line and pre-commit framework entry refresh the cache", () => {
    const repo = tempRepo({ "a.py": "def first():\n    pass\n" });
    try {
      const PATH = pathWith(repo.path);

      // husky: .husky/pre-commit holds the README's line; husky points core.hooksPath there.
      mkdirSync(join(repo.path, ".husky"));
      writeFileSync(join(repo.path, ".husky", "pre-commit"), "#!/bin/sh\nast-outline hook run\n");
      chmodSync(join(repo.path, ".husky", "pre-commit"), 0o755);
      gitOk(repo.path, "config", "core.hooksPath", ".husky");
      write(repo.path, "a.py", "def via_husky():\n    pass\n");
      gitOk(repo.path, "add", "a.py");
      expect(sh(repo.path, "git", ["commit", "-qm", "husky"], { PATH }).code).toBe(0);
      expect(sh(repo.path, "grep", ["-rl", "via_husky", ".ast_outline_cache/objects"]).stdout.trim()).not.toBe("");

      // pre-commit framework: a `language: system` hook runs its `entry` through the shell.
      const yaml = readFileSync(join(ROOT, ".pre-commit-hooks.yaml"), "utf8");
      const entry = /^\s*entry:\s*(.+)$/m.exec(yaml)![1].trim();
      expect(entry).toBe("ast-outline hook run");
      write(repo.path, "a.py", "def via_framework():\n    pass\n");
      gitOk(repo.path, "add", "a.py");
      expect(sh(repo.path, "sh", ["-c", entry], { PATH }).code).toBe(0);
      expect(sh(repo.path, "grep", ["-rl", "via_framework", ".ast_outline_cache/objects"]).stdout.trim()).not.toBe("");
    } finally {
      repo.cleanup();
    }
  }, 60000);
  // lefthook ships as a platform binary; the optional dependency brings the linux-x64 one.
  const LEFTHOOK = join(ROOT, "node_modules", "lefthook-linux-x64", "bin", "lefthook");
  test.skipIf(!existsSync(LEFTHOOK))("the documented lefthook entry refreshes the cache through a real lefthook", () => {
    const repo = tempRepo({ "a.py": "def first():\n    pass\n" });
    try {
      const PATH = pathWith(repo.path, { lefthook: LEFTHOOK });
      // The README's line, as written there, is the whole lefthook.yml.
      const line = /^- lefthook \(`lefthook.yml`\): `([^`]+)`/m.exec(readFileSync(join(ROOT, "README.md"), "utf8"));
      expect(line).not.toBeNull();
      writeFileSync(join(repo.path, "lefthook.yml"), `${line![1]}\n`);
      const install = sh(repo.path, "lefthook", ["install"], { PATH });
      expect(install.code).toBe(0);
      write(repo.path, "a.py", "def via_lefthook():\n    pass\n");
      gitOk(repo.path, "add", "a.py", "lefthook.yml");
      const commit = sh(repo.path, "git", ["commit", "-qm", "lefthook"], { PATH });
      expect(commit.code).toBe(0);
      expect(sh(repo.path, "grep", ["-rl", "via_lefthook", ".ast_outline_cache/objects"]).stdout.trim()).not.toBe("");
    } finally {
      repo.cleanup();
    }
  }, 60000);

  // husky v9's own layout (as `husky` 9.1.7 writes it: core.hooksPath .husky/_, each hook there a
  // two-line shim sourcing _/h, which runs .husky/<the hook's own name>), made by hand: husky
  // is not a dependency. `hook install` must not take the shim's place.
  test("hook install in a husky v9 repository changes nothing, exits 2 and names the line to add; the team's hook still runs", async () => {
    const repo = tempRepo({ "a.py": "def first():\n    pass\n" });
    try {
      const marker = join(repo.path, "team-hook-ran");
      write(repo.path, ".husky/_/h", '#!/usr/bin/env sh\nn=$(basename "$0")\ns=$(dirname "$(dirname "$0")")/$n\n[ ! -f "$s" ] && exit 0\nsh -e "$s" "$@"\n');
      write(repo.path, ".husky/_/pre-commit", '#!/usr/bin/env sh\n. "$(dirname "$0")/h"');
      write(repo.path, ".husky/_/.gitignore", "*");
      chmodSync(join(repo.path, ".husky/_/pre-commit"), 0o755);
      write(repo.path, ".husky/pre-commit", `echo ran >> "${marker}"\n`);
      gitOk(repo.path, "config", "core.hooksPath", ".husky/_");
      const before = sh(repo.path, "sh", ["-c", "find .husky -type f | sort | xargs cat; git config --get core.hooksPath"]).stdout;
      const r = await runCli(["hook", "install"], repo.path);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toBe("ast-outline: not installing: this repository's hooks are run by husky (core.hooksPath .husky/_); putting a hook there would stop .husky/pre-commit from running (add the line `ast-outline hook run` to .husky/pre-commit instead; nothing was changed)\n");
      expect(sh(repo.path, "sh", ["-c", "find .husky -type f | sort | xargs cat; git config --get core.hooksPath"]).stdout).toBe(before);
      gitOk(repo.path, "add", "a.py");
      expect(sh(repo.path, "git", ["commit", "-qm", "one"]).code).toBe(0);
      expect(readFileSync(marker, "utf8")).toBe("ran\n");
    } finally {
      repo.cleanup();
    }
  }, 60000);

  test.skipIf(!existsSync(LEFTHOOK))("hook install in a lefthook repository (the real lefthook) changes nothing, exits 2 and names the line to add", async () => {
    const repo = tempRepo({ "a.py": "def first():\n    pass\n" });
    try {
      const PATH = pathWith(repo.path, { lefthook: LEFTHOOK });
      const marker = join(repo.path, "team-hook-ran");
      writeFileSync(join(repo.path, "lefthook.yml"), `pre-commit:\n  commands:\n    team:\n      run: echo ran >> "${marker}"\n`);
      expect(sh(repo.path, "lefthook", ["install"], { PATH }).code).toBe(0);
      const hook = join(repo.path, ".git", "hooks", "pre-commit");
      const before = readFileSync(hook, "utf8");
      const r = await runCli(["hook", "install"], repo.path);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe("ast-outline: not installing: this repository's hooks are run by lefthook (lefthook.yml), which writes the pre-commit hook itself (add `pre-commit: { commands: { ast-outline: { run: ast-outline hook run } } }` to lefthook.yml instead (merged into its pre-commit: section), then run `lefthook install`; nothing was changed)\n");
      expect(readFileSync(hook, "utf8")).toBe(before);
      expect(existsSync(`${hook}.ast-outline-prev`)).toBe(false);
      gitOk(repo.path, "add", "a.py");
      expect(sh(repo.path, "git", ["commit", "-qm", "one"], { PATH }).code).toBe(0);
      expect(readFileSync(marker, "utf8").trim()).toBe("ran");
    } finally {
      repo.cleanup();
    }
  }, 60000);

  test("an npm install inside the repository: hook install says, in one line, what to do instead", () => {
    const repo = tempRepo({ "a.py": "def first():\n    pass\n" });
    try {
      const said = installHook(testEnv(repo.path), { bin: join(repo.path, "node_modules", "ast-outline-linux-x64", "bin", "ast-outline") });
      const line = said.filter((l) => l.includes("inside this repository"));
      expect(line).toEqual([`${join(repo.path, "node_modules", "ast-outline-linux-x64", "bin", "ast-outline")} is inside this repository, so the hook will not run it and commits will not refresh the cache: install ast-outline outside it (npm install -g ast-outline, or install.sh into ~/.local/bin), then run \`ast-outline hook install\` again`]);
    } finally {
      repo.cleanup();
    }
  });

  /** An executable `ast-outline` in `dir` that only records that it ran (its own path) in `log`. */
  function fakeOutline(dir: string, log: string, name = "ast-outline"): void {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), `#!/bin/sh\necho "$0" >> "${log}"\n`);
    chmodSync(join(dir, name), 0o755);
  }

  test("the hook never runs a program from the work tree: not node_modules/.bin, not a PATH entry inside the repo, not npx", () => {
    const repo = tempRepo({ "a.py": "def first():\n    pass\n" });
    const outside = tempDir("ast-outline-outside-");
    try {
      const log = join(outside.path, "ran.log");
      const home = join(outside.path, "home");
      mkdirSync(home);
      // What a cloned repository can carry, and a PATH that names the repository in every way:
      // relative entries, an empty one (the cwd), absolute ones, and a symlink into it.
      fakeOutline(join(repo.path, "node_modules", ".bin"), log);
      fakeOutline(join(repo.path, "bin"), log);
      fakeOutline(repo.path, log);
      symlinkSync(join(repo.path, "node_modules", ".bin"), join(outside.path, "link"));
      // npx would resolve the repository's node_modules first: a fake npx outside records any call.
      fakeOutline(join(outside.path, "tools"), log, "npx");
      const PATH = ["node_modules/.bin", "bin", ".", "", join(repo.path, "node_modules", ".bin"), join(repo.path, "bin"), join(outside.path, "link"), join(outside.path, "tools"), "/usr/bin", "/bin"].join(":");
      // The binary recorded at install time has moved away since.
      installHook(testEnv(repo.path), { bin: join(outside.path, "moved", "ast-outline") });
      gitOk(repo.path, "add", "a.py");
      const c = sh(repo.path, "git", ["commit", "-qm", "one"], { PATH, HOME: home });
      expect(c.code).toBe(0);
      expect(c.stderr).toContain("ast-outline not found outside this repository");
      expect(existsSync(log)).toBe(false);

      // A binary recorded inside the work tree is not run either; install says so.
      const inside = installHook(testEnv(repo.path), { bin: join(repo.path, "node_modules", ".bin", "ast-outline") });
      expect(inside.join("\n")).toContain("is inside this repository, so the hook will not run it");
      write(repo.path, "a.py", "def second():\n    pass\n");
      gitOk(repo.path, "add", "a.py");
      expect(sh(repo.path, "git", ["commit", "-qm", "two"], { PATH, HOME: home }).code).toBe(0);
      expect(existsSync(log)).toBe(false);

      // What the user installed outside the repository is run: first PATH, then the user folders.
      fakeOutline(join(outside.path, "user-path"), log);
      write(repo.path, "a.py", "def third():\n    pass\n");
      gitOk(repo.path, "add", "a.py");
      expect(sh(repo.path, "git", ["commit", "-qm", "three"], { PATH: `${PATH}:${join(outside.path, "user-path")}`, HOME: home }).code).toBe(0);
      expect(readFileSync(log, "utf8").trim().split("\n")).toEqual([join(outside.path, "user-path", "ast-outline")]);
      fakeOutline(join(home, ".local", "bin"), log);
      write(repo.path, "a.py", "def fourth():\n    pass\n");
      gitOk(repo.path, "add", "a.py");
      expect(sh(repo.path, "git", ["commit", "-qm", "four"], { PATH, HOME: home }).code).toBe(0);
      expect(readFileSync(log, "utf8").trim().split("\n").slice(1)).toEqual([join(home, ".local", "bin", "ast-outline")]);
    } finally {
      repo.cleanup();
      outside.cleanup();
    }
  }, 60000);

  test("install into a core.hooksPath outside the repository needs --force and says the folder is shared", () => {
    const repo = tempRepo({ "a.py": "def first():\n    pass\n" });
    const shared = tempDir("ast-outline-shared-hooks-");
    try {
      gitOk(repo.path, "config", "core.hooksPath", shared.path);
      const refused = cliChild(repo.path, ["hook", "install"]);
      expect(refused.code).toBe(2);
      expect(refused.stderr.trim().split("\n")).toHaveLength(1);
      expect(refused.stderr).toContain(`core.hooksPath ${shared.path} is outside this repository`);
      expect(refused.stderr).toContain("--force");
      expect(existsSync(join(shared.path, "pre-commit"))).toBe(false);

      const forced = cliChild(repo.path, ["hook", "install", "--force"]);
      expect(forced.code).toBe(0);
      expect(forced.stderr).toContain("is a shared hooks folder");
      expect(existsSync(join(shared.path, "pre-commit"))).toBe(true);
      const un = cliChild(repo.path, ["hook", "uninstall"]);
      expect(un.code).toBe(0);
      expect(un.stderr).toContain("is a shared hooks folder");
      expect(existsSync(join(shared.path, "pre-commit"))).toBe(false);

      // A hooks folder inside the repository (.githooks) or its git directory is not shared.
      gitOk(repo.path, "config", "core.hooksPath", ".githooks");
      const own = cliChild(repo.path, ["hook", "install"]);
      expect(own.code).toBe(0);
      expect(own.stderr).not.toContain("shared");
    } finally {
      repo.cleanup();
      shared.cleanup();
    }
  }, 60000);
});
