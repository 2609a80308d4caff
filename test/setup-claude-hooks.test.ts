// The hooks that `setup claude --hooks` installs, run by the real Claude Code (devDependency)
// against a stand-in for the Messages API on 127.0.0.1: the model's side is scripted (it asks to
// Read a long file, then stops), Claude Code's side is real. What reaches the model shows that
// the SessionStart map arrives as added context, that the Read's hook adds the file's outline,
// and that the Read itself still runs (its result holds the file's lines).
import { afterAll, expect, test } from "bun:test";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { BINARY, ROOT, binaryAvailable, tempDir } from "./helpers/cli.ts";

const CLAUDE = join(ROOT, "node_modules", ".bin", "claude");
const why = !binaryAvailable() ? "dist/ast-outline is not built (npm run build)" : !existsSync(CLAUDE) ? "node_modules/.bin/claude is not installed (npm ci)" : undefined;
if (why) console.log(`setup-claude-hooks: skipped: ${why}`);

const t = tempDir("ast-outline-claude-hooks-");
afterAll(() => t.cleanup());

/** A scripted model: the first turn with tools asks to Read `target`, every later turn says "done". Every request is kept. */
function fakeModel(target: string): Promise<{ server: Server; port: number; requests: { url: string; body: any }[] }> {
  const requests: { url: string; body: any }[] = [];
  const event = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => (raw += d));
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : {};
      requests.push({ url: req.url ?? "", body });
      if (!req.url?.startsWith("/v1/messages") || req.url.includes("count_tokens")) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(req.url?.includes("count_tokens") ? '{"input_tokens": 10}' : "{}");
        return;
      }
      const asked = JSON.stringify(body.messages ?? []).includes("tool_result");
      const read = !asked && (body.tools ?? []).some((tool: { name: string }) => tool.name === "Read");
      const block = read ? { type: "tool_use", id: "toolu_01", name: "Read", input: { file_path: target } } : { type: "text", text: "done" };
      const stop = read ? "tool_use" : "end_turn";
      if (!body.stream) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id: "msg_1", type: "message", role: "assistant", model: body.model, content: [block], stop_reason: stop, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(event("message_start", { message: { id: "msg_1", type: "message", role: "assistant", model: body.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } }));
      if (read) {
        res.write(event("content_block_start", { index: 0, content_block: { ...block, input: {} } }));
        res.write(event("content_block_delta", { index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify((block as { input: object }).input) } }));
      } else {
        res.write(event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }));
        res.write(event("content_block_delta", { index: 0, delta: { type: "text_delta", text: "done" } }));
      }
      res.write(event("content_block_stop", { index: 0 }));
      res.write(event("message_delta", { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } }));
      res.end(event("message_stop", {}));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port, requests })));
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

test.skipIf(why !== undefined)(`Claude Code runs the hooks: the map at session start, the outline beside a Read that still happens${why ? ` (skipped: ${why})` : ""}`, async () => {
  const home = join(t.path, "home");
  const repo = join(t.path, "repo");
  mkdirSync(home);
  cpSync(join(ROOT, "src"), join(repo, "src"), { recursive: true });
  spawnSync("git", ["init", "-q", repo]);
  spawnSync("git", ["-C", repo, "add", "."]);
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, DISABLE_AUTOUPDATER: "1", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1" };
  for (const k of ["XDG_CONFIG_HOME", "XDG_STATE_HOME", "AST_OUTLINE_LAUNCHER", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX"]) delete env[k];
  expect(spawnSync(BINARY, ["setup", "claude", "--scope", "user", "--hooks"], { cwd: repo, env, encoding: "utf8" }).status).toBe(0);

  const target = join(repo, "src", "io", "git.ts");
  const model = await fakeModel(target);
  try {
    const r = await run(CLAUDE, ["-p", "Read src/io/git.ts", "--output-format", "json"], repo, { ...env, ANTHROPIC_BASE_URL: `http://127.0.0.1:${model.port}`, ANTHROPIC_API_KEY: "sk-ant-test" });
    expect(r.code).toBe(0);
    const turns = model.requests.filter((q) => q.url.startsWith("/v1/messages") && Array.isArray(q.body.messages)).map((q) => JSON.stringify(q.body.messages));
    expect(turns.length).toBeGreaterThanOrEqual(2);
    // Every turn carries the SessionStart map; the turn after the Read carries the outline and the file's own lines.
    expect(turns[0]).toContain("SessionStart hook additional context: Map of this repository by ast-outline");
    const after = turns.find((s) => s.includes("tool_result"))!;
    expect(after).toContain("PreToolUse:Read hook additional context:");
    expect(after).toContain("git.ts (typescript, ");
    // The Read's own result: the file's first line, numbered as Claude Code's Read numbers it.
    expect(after).toContain("1\\t// The one place that runs git, and the one place its failures become errors.");
    expect(JSON.parse(r.out.slice(r.out.indexOf("{"))).permission_denials).toEqual([]);
  } finally {
    model.server.close();
  }
}, 300_000);
