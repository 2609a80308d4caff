// `setup --scope user` checked by the real clients (devDependencies, pinned): Claude Code's own
// health check connects to the server, Codex lists it enabled, Gemini CLI and GitHub Copilot CLI
// list it. HOME is a
// temporary folder, so no account is needed and nothing of the machine's is touched. A second
// setup changes no byte and --uninstall gives back every file, with the clients' own state
// files among them. A client that cannot run here is skipped with the reason, never passed.
import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BINARY, ROOT, binaryAvailable, tempDir } from "./helpers/cli.ts";

const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);
const t = tempDir("ast-outline-clients-");
afterAll(() => t.cleanup());
const home = join(t.path, "home");
const repo = join(t.path, "repo");
mkdirSync(home);
mkdirSync(repo);
spawnSync("git", ["init", "-q", repo]);

const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: "", XDG_STATE_HOME: "", CODEX_HOME: "", AST_OUTLINE_LAUNCHER: "", DISABLE_AUTOUPDATER: "1", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", NO_COLOR: "1" };
for (const k of ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "CODEX_HOME", "AST_OUTLINE_LAUNCHER"]) delete (env as Record<string, string | undefined>)[k];

function run(command: string, args: string[]) {
  const r = spawnSync(command, args, { cwd: repo, env, encoding: "utf8", timeout: 120_000 });
  return { code: r.status, out: `${r.stdout ?? ""}${r.stderr ?? ""}` };
}

/** Why this client cannot be asked here, or undefined. */
function missing(name: string): string | undefined {
  if (!binaryAvailable()) return "dist/ast-outline is not built (npm run build)";
  if (!existsSync(bin(name))) return `node_modules/.bin/${name} is not installed (npm ci)`;
  const r = run(bin(name), ["--version"]);
  return r.code === 0 ? undefined : `${name} --version failed here: ${r.out.trim().split("\n")[0]}`;
}

function snapshot(dir: string, out: Record<string, string> = {}): Record<string, string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) snapshot(p, out);
    else out[p] = readFileSync(p, "latin1");
  }
  return out;
}

const setup = (...args: string[]) => run(BINARY, ["setup", "claude", "codex", "gemini", "copilot", "--scope", "user", ...args]);

const CLIENTS: [string, string[], RegExp][] = [
  ["claude", ["mcp", "list"], /ast-outline: .*ast-outline mcp - ✔ Connected/],
  ["codex", ["mcp", "list"], /ast-outline\s+\S*ast-outline\s+mcp\s.*\benabled\b/],
  ["gemini", ["mcp", "list"], /ast-outline: \S*ast-outline mcp \(stdio\)/],
  ["copilot", ["mcp", "list"], /^\s+ast-outline \(local\)$/m],
];

describe("the real clients read what setup --scope user wrote", () => {
  const why = CLIENTS.map(([name]) => missing(name)).find(Boolean);
  if (why) console.log(`setup-clients: skipped: ${why}`);

  test.skipIf(why !== undefined)(`a second setup changes no byte, --uninstall gives back every file${why ? ` (skipped: ${why})` : ""}`, () => {
    // The clients' own state first, as a user has it.
    for (const [name, args] of CLIENTS) run(bin(name), args);
    const before = snapshot(home);
    const first = setup("--hooks");
    expect(first.code).toBe(0);
    const after = snapshot(home);
    expect(after).not.toEqual(before);
    expect(setup("--hooks").code).toBe(0);
    expect(snapshot(home)).toEqual(after);
    expect(setup("--uninstall").code).toBe(0);
    expect(snapshot(home)).toEqual(before);
  }, 300_000);

  for (const [name, args, listed] of CLIENTS) {
    const reason = missing(name);
    test.skipIf(reason !== undefined)(`${name} ${args.join(" ")} shows the server${reason ? ` (skipped: ${reason})` : ""}`, () => {
      expect(setup().code).toBe(0);
      const r = run(bin(name), args);
      expect(r.out).toMatch(listed);
      // Taken back, the client no longer lists it.
      expect(setup("--uninstall").code).toBe(0);
      expect(run(bin(name), args).out).not.toMatch(listed);
    }, 300_000);
  }
});
