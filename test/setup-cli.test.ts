// `ast-outline setup` end to end on real folders: every client in both scopes, a second run
// that changes no byte (the record included), --uninstall that gives back the trees as they
// were, --dry-run that writes nothing, conflicts that write nothing, links that lead out, and
// the written files checked against each client's documented format (docs/setup.md) for the
// clients that have no CLI here.
import { afterEach, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import { parse as parseToml } from "smol-toml";
import { runCli, tempDir } from "./helpers/cli.ts";

const COMMAND = "/opt/ast-outline/bin/ast-outline";
const ALL = ["claude", "codex", "gemini", "copilot", "vscode", "cursor", "opencode", "claude-desktop", "zed", "windsurf"];

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
});

function place() {
  const t = tempDir("ast-outline-setup-");
  cleanups.push(t.cleanup);
  const home = join(t.path, "home");
  const repo = join(t.path, "repo");
  mkdirSync(home);
  mkdirSync(repo);
  execFileSync("git", ["init", "-q", repo]);
  const vars = { HOME: home, XDG_CONFIG_HOME: undefined, XDG_STATE_HOME: undefined, CODEX_HOME: undefined, COPILOT_HOME: undefined, AST_OUTLINE_LAUNCHER: undefined };
  const setup = (...args: string[]) => runCli(["setup", ...args, "--command", COMMAND], repo, vars);
  return { root: t.path, home, repo, setup };
}

/** Every file and link under `dir`, with its bytes (or link target): the whole tree as data. */
function snapshot(dir: string, out: Record<string, string> = {}, base = dir): Record<string, string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    const rel = p.slice(base.length + 1);
    if (rel === "repo/.git" || rel.startsWith("repo/.git/")) continue;
    if (e.isSymbolicLink()) out[rel] = `-> ${readlinkSync(p)}`;
    else if (e.isDirectory()) {
      out[`${rel}/`] = "";
      snapshot(p, out, base);
    } else out[rel] = readFileSync(p, "latin1");
  }
  return out;
}

const json = (file: string) => parseJsonc(readFileSync(file, "utf8"), [], { allowTrailingComma: true }) as Record<string, any>;

describe("every client, both scopes: a second run changes no byte, --uninstall gives back the trees", () => {
  for (const scope of ["project", "user"]) {
    test(scope, async () => {
      const p = place();
      // Files people already have: other settings, comments, their own servers and notes.
      writeFileSync(join(p.repo, "AGENTS.md"), "# Rules\n\nBe brief.\n");
      mkdirSync(join(p.repo, ".vscode"));
      writeFileSync(join(p.repo, ".vscode", "mcp.json"), '{\n  // team servers\n  "servers": {\n    "db": { "type": "stdio", "command": "db-mcp" }\n  },\n  "inputs": []\n}\n');
      mkdirSync(join(p.home, ".codex"));
      writeFileSync(join(p.home, ".codex", "config.toml"), 'model = "o3"\n\n[mcp_servers.docs]\ncommand = "docs"\n');
      writeFileSync(join(p.home, ".claude.json"), '{\n  "numStartups": 3,\n  "projects": {}\n}\n');
      const clients = scope === "project" ? ALL.filter((c) => c !== "claude-desktop") : ALL;
      const before = snapshot(p.root);
      const first = await p.setup(...clients, "--scope", scope, "--hooks");
      expect(first.stderr).not.toContain("nothing was written");
      expect(first.code).toBe(0);
      const lines = first.stdout.trim().split("\n");
      expect(lines.every((l) => /: (created|updated) \(/.test(l))).toBe(true);
      const after = snapshot(p.root);
      expect(after).not.toEqual(before);
      const again = await p.setup(...clients, "--scope", scope, "--hooks");
      expect(again.code).toBe(0);
      expect(again.stdout.trim().split("\n").every((l) => l.includes(": unchanged"))).toBe(true);
      expect(snapshot(p.root)).toEqual(after);
      const gone = await p.setup(...clients, "--scope", scope, "--uninstall");
      expect(gone.code).toBe(0);
      expect(snapshot(p.root)).toEqual(before);
    });
  }
});

describe("the files as each client documents them (docs/setup.md)", () => {
  test("project scope", async () => {
    const p = place();
    expect((await p.setup(...ALL.filter((c) => c !== "claude-desktop"))).code).toBe(0);
    const r = (f: string) => join(p.repo, f);
    const std = { command: COMMAND, args: ["mcp"] };
    expect(json(r(".mcp.json")).mcpServers["ast-outline"]).toEqual({ type: "stdio", ...std });
    expect(json(r(".cursor/mcp.json")).mcpServers["ast-outline"]).toEqual(std);
    expect(json(r(".vscode/mcp.json")).servers["ast-outline"]).toEqual({ type: "stdio", ...std });
    expect(json(r(".gemini/settings.json")).mcpServers["ast-outline"]).toEqual(std);
    expect(json(r(".github/mcp.json")).mcpServers["ast-outline"]).toEqual({ type: "local", ...std, tools: ["*"] });
    expect(json(r("opencode.json")).mcp["ast-outline"]).toEqual({ type: "local", command: [COMMAND, "mcp"], enabled: true });
    expect(json(r(".zed/settings.json")).context_servers["ast-outline"]).toEqual({ ...std, env: {} });
    expect((parseToml(readFileSync(r(".codex/config.toml"), "utf8")) as any).mcp_servers["ast-outline"]).toEqual(std);
    expect(readFileSync(r(".cursor/rules/ast-outline.mdc"), "utf8")).toMatch(/^---\ndescription: .+\nalwaysApply: true\n---\n/);
    expect(readFileSync(r(".windsurf/rules/ast-outline.md"), "utf8")).toMatch(/^---\ntrigger: always_on\n---\n/);
    expect(readFileSync(r(".claude/skills/ast-outline/SKILL.md"), "utf8")).toMatch(/^---\nname: ast-outline\ndescription: .{20,1024}\n---\n/);
    for (const f of ["AGENTS.md", "CLAUDE.md", "GEMINI.md", ".github/copilot-instructions.md"]) expect(readFileSync(r(f), "utf8")).toContain("ast-outline outline");
    // Zed reads the first instructions file it finds: AGENTS.md here, which holds the block.
    expect(readFileSync(r("AGENTS.md"), "utf8").match(/ast-outline:begin/g)).toHaveLength(1);
  });

  test("user scope", async () => {
    const p = place();
    expect((await p.setup(...ALL, "--scope", "user", "--hooks")).code).toBe(0);
    const h = (f: string) => join(p.home, f);
    const std = { command: COMMAND, args: ["mcp"] };
    expect(json(h(".claude.json")).mcpServers["ast-outline"]).toEqual({ type: "stdio", ...std });
    expect(json(h(".config/Claude/claude_desktop_config.json")).mcpServers["ast-outline"]).toEqual(std);
    expect(json(h(".codeium/windsurf/mcp_config.json")).mcpServers["ast-outline"]).toEqual(std);
    expect(json(h(".cursor/mcp.json")).mcpServers["ast-outline"]).toEqual(std);
    expect(json(h(".config/Code/User/mcp.json")).servers["ast-outline"]).toEqual({ type: "stdio", ...std });
    expect(json(h(".copilot/mcp-config.json")).mcpServers["ast-outline"]).toEqual({ type: "local", ...std, tools: ["*"] });
    expect(json(h(".config/opencode/opencode.json")).mcp["ast-outline"]).toEqual({ type: "local", command: [COMMAND, "mcp"], enabled: true });
    expect(json(h(".config/zed/settings.json")).context_servers["ast-outline"]).toEqual({ ...std, env: {} });
    for (const f of [".claude/CLAUDE.md", ".codex/AGENTS.md", ".gemini/GEMINI.md", ".copilot/copilot-instructions.md", ".config/opencode/AGENTS.md", ".config/zed/AGENTS.md", ".codeium/windsurf/memories/global_rules.md"]) {
      expect(readFileSync(h(f), "utf8")).toContain("ast-outline outline");
    }
    // Claude Code's hooks: a SessionStart and a PreToolUse on Read, each the installed command with a time bound.
    const hooks = json(h(".claude/settings.json")).hooks;
    expect(hooks.SessionStart[0].hooks[0]).toEqual({ type: "command", command: `${COMMAND} agent-hook session-start`, timeout: 20 });
    expect(hooks.PreToolUse[0]).toEqual({ matcher: "Read", hooks: [{ type: "command", command: `${COMMAND} agent-hook read`, timeout: 10 }] });
    // Nothing in the repository.
    expect(Object.keys(snapshot(p.repo)).filter((f) => !f.startsWith(".git"))).toEqual([]);
  });
});

describe("what setup refuses, it refuses before writing anything", () => {
  test("a server entry it did not write: exit 2, the entry named, no file touched", async () => {
    const p = place();
    writeFileSync(join(p.repo, ".mcp.json"), '{"mcpServers": {"ast-outline": {"command": "npx", "args": ["ast-outline", "mcp"]}}}\n');
    const before = snapshot(p.root);
    const r = await p.setup("claude", "cursor");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(".mcp.json: mcpServers.ast-outline is already set, and not by ast-outline setup");
    expect(r.stderr).toContain("nothing was written");
    expect(snapshot(p.root)).toEqual(before);
  });

  test("a link that leads out of the project: refused, nothing written there", async () => {
    const p = place();
    const outside = join(p.root, "outside.json");
    writeFileSync(outside, "{}\n");
    symlinkSync(outside, join(p.repo, ".mcp.json"));
    const r = await p.setup("claude");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("leads outside");
    expect(readFileSync(outside, "utf8")).toBe("{}\n");
    expect(lstatSync(join(p.repo, ".mcp.json")).isSymbolicLink()).toBe(true);
  });

  test("a link inside the project is followed and kept a link", async () => {
    const p = place();
    writeFileSync(join(p.repo, "shared.json"), "{}\n");
    symlinkSync("shared.json", join(p.repo, ".mcp.json"));
    expect((await p.setup("claude")).code).toBe(0);
    expect(lstatSync(join(p.repo, ".mcp.json")).isSymbolicLink()).toBe(true);
    expect(json(join(p.repo, "shared.json")).mcpServers["ast-outline"].command).toBe(COMMAND);
  });

  test("user scope never records a command inside the repository", async () => {
    const p = place();
    const r = await runCli(["setup", "claude", "--scope", "user", "--command", join(p.repo, "node_modules", ".bin", "ast-outline")], p.repo, { HOME: p.home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("lies inside this repository");
    expect(Object.keys(snapshot(p.home))).toEqual([]);
  });

  test("unknown client, bad scope, Claude Desktop in project scope", async () => {
    const p = place();
    expect((await p.setup("emacs")).stderr).toContain("unknown client: emacs");
    expect((await p.setup("claude", "--scope", "global")).code).toBe(2);
    const desktop = await p.setup("claude-desktop");
    expect(desktop.stderr).toContain("no project configuration");
  });
});

test("--dry-run prints a unified diff and writes nothing", async () => {
  const p = place();
  writeFileSync(join(p.repo, "opencode.json"), '{\n  "theme": "x"\n}\n');
  const before = snapshot(p.root);
  const r = await p.setup("opencode", "--dry-run");
  expect(r.code).toBe(0);
  expect(r.stdout).toContain("--- a/opencode.json\n+++ b/opencode.json\n@@ -1,3 +1,13 @@\n {\n-  \"theme\": \"x\"\n+  \"theme\": \"x\",\n+  \"mcp\": {");
  expect(r.stdout).toContain("--- /dev/null\n+++ b/AGENTS.md\n@@ -0,0 +1,");
  expect(snapshot(p.root)).toEqual(before);
});

test("an npm install records the launcher, not the platform binary", async () => {
  const p = place();
  const launcher = join(p.root, "prefix", "bin", "ast-outline");
  const r = await runCli(["setup", "cursor", "--scope", "user"], p.repo, { HOME: p.home, AST_OUTLINE_LAUNCHER: launcher });
  expect(r.code).toBe(0);
  expect(json(join(p.home, ".cursor", "mcp.json")).mcpServers["ast-outline"]).toEqual({ command: launcher, args: ["mcp"] });
});
