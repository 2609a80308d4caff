// One language decision per file: outline, symbol, index/search, changed, calls and the MCP
// server all see the same language for an ambiguous file. A `.h` header whose first C++ marker
// lies past its first 256 bytes is C++ everywhere, and so is a `.sh` script whose `#!` names zsh.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BUN, CLI_SOURCE, gitOk, tempRepo, write } from "./helpers/git-repo.ts";
import { runCli } from "./helpers/cli.ts";

const LICENCE = "/*\n" + Array.from({ length: 6 }, (_, i) => ` * Licence line ${i}: long enough to push the first C++ marker past 256 bytes.\n`).join("") + " */\n";
const HEADER = `${LICENCE}#include <stddef.h>

int helper(int x);

namespace geo {

class Shape {
 public:
  double area() const { return scale(2.0) + helper(1); }
  double scale(double f) const { return f * 2; }
};

}  // namespace geo
`;
const ZSH_SCRIPT = "#!/usr/bin/env zsh\nsetopt extendedglob\n\nsync_dotfiles() {\n  print -r -- ${(j:,:)@}\n}\n";

const repo = tempRepo({ "README.md": "# x\n" });
let client: Client;
const text = (r: any): string => r.content.map((c: any) => c.text).join("");

beforeAll(async () => {
  gitOk(repo.path, "add", ".");
  gitOk(repo.path, "commit", "-qm", "readme");
  write(repo.path, "include/shape.h", HEADER);
  write(repo.path, "bin/sync.sh", ZSH_SCRIPT);
  gitOk(repo.path, "add", ".");
  gitOk(repo.path, "commit", "-qm", "shape");
  client = new Client({ name: "test", version: "0" });
  await client.connect(new StdioClientTransport({ command: BUN, args: [CLI_SOURCE, "mcp"], cwd: repo.path, stderr: "pipe" }));
}, 30000);

afterAll(async () => {
  await client?.close();
  repo.cleanup();
});

describe("one language decision per file", () => {
  test("the header's C++ marker is past 256 bytes (what the commands used to sniff)", () => {
    expect(HEADER.indexOf("namespace")).toBeGreaterThan(256);
  });

  test("outline", async () => {
    const r = await runCli(["outline", "--format", "json", "include/shape.h", "bin/sync.sh"], repo.path);
    expect(r.code).toBe(0);
    const [h, s] = JSON.parse(r.stdout);
    expect([h.language, s.language]).toEqual(["cpp", "zsh"]);
  });

  test("symbol", async () => {
    const r = await runCli(["symbol", "--format", "json", "include/shape.h", "Shape.area"], repo.path);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).language).toBe("cpp");
  });

  test("index and search", async () => {
    expect((await runCli(["index"], repo.path)).code).toBe(0);
    const r = await runCli(["search", "--format", "json", "Shape"], repo.path);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results.map((x: any) => `${x.path} ${x.qualifiedName}`)).toContain("include/shape.h geo.Shape");
  });

  test("changed", async () => {
    const r = await runCli(["changed", "--base", "HEAD~1", "--head", "HEAD", "--format", "json"], repo.path);
    expect(r.code).toBe(0);
    const files = Object.fromEntries(JSON.parse(r.stdout).files.map((f: any) => [f.path, f.language]));
    expect(files).toEqual({ "include/shape.h": "cpp", "bin/sync.sh": "zsh" });
  });

  test("calls", async () => {
    const r = await runCli(["calls", "include/shape.h", "Shape.area"], repo.path);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("include/shape.h:17-17 geo.Shape.area");
  });

  test("MCP", async () => {
    const outline = text(await client.callTool({ name: "get_outline", arguments: { path: "include/shape.h" } }));
    expect(outline).toContain("include/shape.h (cpp,");
    const script = text(await client.callTool({ name: "get_outline", arguments: { path: "bin/sync.sh" } }));
    expect(script).toContain("bin/sync.sh (zsh,");
    expect(text(await client.callTool({ name: "search_symbols", arguments: { query: "Shape" } }))).toContain("geo.Shape");
  });
});
