// The agent clients `setup` knows, as data: for each scope, the file that registers an MCP
// server and its shape, the instructions file, and (Claude Code) the skill and the hooks.
// Where each fact comes from: docs/setup.md (the client's own documentation, and for Claude
// Code, Codex and Gemini CLI the real client in test/setup-clients.test.ts). Pure.
import { join } from "node:path/posix";
import { CURSOR_RULE, SKILL, WINDSURF_RULE, WORKFLOW } from "./instructions.ts";
import type { Edit } from "./plan.ts";

export type Scope = "project" | "user";

/** Folders the files live in, resolved at the edge from the environment. POSIX slashes. */
export interface Places {
  project: string;
  home: string;
  /** $XDG_CONFIG_HOME, else ~/.config. */
  configHome: string;
  /** %APPDATA% on Windows. */
  appData: string;
  /** ~/Library/Application Support on macOS. */
  appSupport: string;
  platform: string;
  /** $CODEX_HOME, else ~/.codex. */
  codexHome: string;
  /** $COPILOT_HOME, else ~/.copilot. */
  copilotHome: string;
  exists(path: string): boolean;
}

/** How the server is started: the absolute path of the installed command and its arguments. */
export interface Launch {
  command: string;
  args: string[];
}

export interface Target {
  file: string;
  edit: Edit;
}

export interface Client {
  id: string;
  name: string;
  /** The targets for a scope; an empty list: the client has nothing at that scope (says why). */
  targets(scope: Scope, at: Places, launch: Launch, opts: { hooks: boolean }): Target[];
  /** Said when a scope lacks the server or the instructions. */
  notes?: Partial<Record<Scope, string>>;
}

export const SERVER_NAME = "ast-outline";
const serverArgs = (l: Launch) => [...l.args, "mcp"];

const member = (file: string, path: string[], value: unknown, what = `MCP server ${SERVER_NAME}`): Target => ({ file, edit: { kind: "json-member", path, value, what } });
const block = (file: string): Target => ({ file, edit: { kind: "block", content: WORKFLOW, what: "instructions block" } });
const whole = (file: string, content: string, what: string): Target => ({ file, edit: { kind: "file", content, what } });
const stdio = (l: Launch) => ({ command: l.command, args: serverArgs(l) });

/** A per-OS application folder: macOS's Application Support, Windows' AppData, else the XDG config folder. */
function appDir(at: Places, name: { mac: string; win: string; linux: string }): string {
  if (at.platform === "darwin") return join(at.appSupport, name.mac);
  if (at.platform === "win32") return join(at.appData, name.win);
  return join(at.configHome, name.linux);
}

const firstExisting = (at: Places, files: string[], fallback: string) => files.find((f) => at.exists(f)) ?? fallback;

/** POSIX sh quoting, for the hook commands Claude Code runs through a shell. */
export function shQuote(s: string): string {
  return /^[A-Za-z0-9_./:@%+=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Claude Code's hooks: a short map at session start, an outline beside each Read of a long file. */
export function claudeHooks(l: Launch): { event: string; group: unknown }[] {
  const cmd = (event: string) => [l.command, ...l.args, "agent-hook", event].map(shQuote).join(" ");
  return [
    { event: "SessionStart", group: { matcher: "startup|clear|compact", hooks: [{ type: "command", command: cmd("session-start"), timeout: 20 }] } },
    { event: "PreToolUse", group: { matcher: "Read", hooks: [{ type: "command", command: cmd("read"), timeout: 10 }] } },
  ];
}

export const CLIENTS: Client[] = [
  {
    id: "claude",
    name: "Claude Code",
    targets(scope, at, l, opts) {
      const dir = scope === "user" ? join(at.home, ".claude") : join(at.project, ".claude");
      const hooksFile = scope === "user" ? join(dir, "settings.json") : join(dir, "settings.local.json");
      return [
        member(scope === "user" ? join(at.home, ".claude.json") : join(at.project, ".mcp.json"), ["mcpServers", SERVER_NAME], { type: "stdio", ...stdio(l) }),
        block(scope === "user" ? join(dir, "CLAUDE.md") : join(at.project, "CLAUDE.md")),
        whole(join(dir, "skills", "ast-outline", "SKILL.md"), SKILL, "skill ast-outline"),
        ...(opts.hooks ? claudeHooks(l).map((h) => ({ file: hooksFile, edit: { kind: "json-item", path: ["hooks", h.event], value: h.group, what: `${h.event} hook` } as Edit })) : []),
      ];
    },
  },
  {
    id: "codex",
    name: "Codex CLI",
    targets(scope, at, l) {
      const dir = scope === "user" ? at.codexHome : join(at.project, ".codex");
      return [
        { file: join(dir, "config.toml"), edit: { kind: "toml-table", path: ["mcp_servers", SERVER_NAME], value: stdio(l), what: `MCP server ${SERVER_NAME}` } },
        block(scope === "user" ? join(at.codexHome, "AGENTS.md") : join(at.project, "AGENTS.md")),
      ];
    },
    notes: { project: "Codex reads a project's .codex/config.toml only once the project is trusted" },
  },
  {
    id: "gemini",
    name: "Gemini CLI",
    targets(scope, at, l) {
      const dir = scope === "user" ? join(at.home, ".gemini") : join(at.project, ".gemini");
      return [member(join(dir, "settings.json"), ["mcpServers", SERVER_NAME], stdio(l)), block(scope === "user" ? join(dir, "GEMINI.md") : join(at.project, "GEMINI.md"))];
    },
  },
  {
    id: "copilot",
    name: "GitHub Copilot CLI",
    targets(scope, at, l) {
      const entry = { type: "local", ...stdio(l), tools: ["*"] };
      if (scope === "user") return [member(join(at.copilotHome, "mcp-config.json"), ["mcpServers", SERVER_NAME], entry), block(join(at.copilotHome, "copilot-instructions.md"))];
      return [member(join(at.project, ".github", "mcp.json"), ["mcpServers", SERVER_NAME], entry), block(join(at.project, ".github", "copilot-instructions.md"))];
    },
  },
  {
    id: "vscode",
    name: "VS Code (Copilot agent mode)",
    targets(scope, at, l) {
      const entry = { type: "stdio", ...stdio(l) };
      if (scope === "user") return [member(join(appDir(at, { mac: "Code", win: "Code", linux: "Code" }), "User", "mcp.json"), ["servers", SERVER_NAME], entry)];
      return [member(join(at.project, ".vscode", "mcp.json"), ["servers", SERVER_NAME], entry), block(join(at.project, ".github", "copilot-instructions.md"))];
    },
    notes: { user: "VS Code keeps user instructions in its profile: no instructions file written" },
  },
  {
    id: "cursor",
    name: "Cursor",
    targets(scope, at, l) {
      if (scope === "user") return [member(join(at.home, ".cursor", "mcp.json"), ["mcpServers", SERVER_NAME], stdio(l))];
      return [member(join(at.project, ".cursor", "mcp.json"), ["mcpServers", SERVER_NAME], stdio(l)), whole(join(at.project, ".cursor", "rules", "ast-outline.mdc"), CURSOR_RULE, "rule ast-outline")];
    },
    notes: { user: "Cursor keeps user rules in its settings: no instructions file written" },
  },
  {
    id: "opencode",
    name: "opencode",
    targets(scope, at, l) {
      const dir = scope === "user" ? join(at.configHome, "opencode") : at.project;
      const config = firstExisting(at, [join(dir, "opencode.json"), join(dir, "opencode.jsonc")], join(dir, "opencode.json"));
      return [member(config, ["mcp", SERVER_NAME], { type: "local", command: [l.command, ...serverArgs(l)], enabled: true }), block(join(dir, "AGENTS.md"))];
    },
  },
  {
    id: "claude-desktop",
    name: "Claude Desktop",
    targets(scope, at, l) {
      if (scope === "project") return [];
      return [member(join(appDir(at, { mac: "Claude", win: "Claude", linux: "Claude" }), "claude_desktop_config.json"), ["mcpServers", SERVER_NAME], stdio(l))];
    },
    notes: { project: "Claude Desktop has no project configuration: use --scope user", user: "Claude Desktop has no instructions file" },
  },
  {
    id: "zed",
    name: "Zed",
    targets(scope, at, l) {
      const entry = { command: l.command, args: serverArgs(l), env: {} };
      if (scope === "user") {
        const dir = at.platform === "win32" ? join(at.appData, "Zed") : join(at.configHome, "zed");
        return [member(join(dir, "settings.json"), ["context_servers", SERVER_NAME], entry), block(join(dir, "AGENTS.md"))];
      }
      // Zed reads the first of these that exists: the block goes there, so it is read.
      const rules = [".rules", ".cursorrules", ".windsurfrules", ".clinerules", ".github/copilot-instructions.md", "AGENT.md", "AGENTS.md", "CLAUDE.md", "GEMINI.md"].map((f) => join(at.project, f));
      return [member(join(at.project, ".zed", "settings.json"), ["context_servers", SERVER_NAME], entry), block(firstExisting(at, rules, join(at.project, "AGENTS.md")))];
    },
  },
  {
    id: "windsurf",
    name: "Windsurf",
    targets(scope, at, l) {
      if (scope === "user") return [member(join(at.home, ".codeium", "windsurf", "mcp_config.json"), ["mcpServers", SERVER_NAME], stdio(l)), block(join(at.home, ".codeium", "windsurf", "memories", "global_rules.md"))];
      return [whole(join(at.project, ".windsurf", "rules", "ast-outline.md"), WINDSURF_RULE, "rule ast-outline")];
    },
    notes: { project: "Windsurf reads MCP servers only from ~/.codeium/windsurf/mcp_config.json: add it with --scope user" },
  },
];

export function clientById(id: string): Client | undefined {
  return CLIENTS.find((c) => c.id === id);
}
