// Folder outlines: which files a walk finds. Hidden folders hold source like any other
// (`.github/` scripts, `.vitepress/` config); version control's folders and the cache are never
// walked; the .gitignore files above a folder apply whether it is named by a relative or an
// absolute path.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, tempDir } from "./helpers/cli.ts";

const dir = tempDir("ast-outline-walk-");
afterAll(() => dir.cleanup());

function repoWith(files: Record<string, string>): string {
  const root = join(dir.path, `repo${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(join(root, ".git"), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

async function outlinedPaths(args: string[], cwd: string): Promise<string[]> {
  const r = await runCli(["outline", "--format", "jsonl", ...args], cwd);
  expect(r.code).toBe(0);
  return r.stdout.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l).path);
}

describe("folder walks", () => {
  test("files in hidden folders are outlined; .git and the cache are not", async () => {
    const root = repoWith({
      ".gitignore": ".cache/\n",
      ".github/scripts/release.ts": "export function release() {}\n",
      ".vitepress/config.ts": "export default { title: 'x' };\n",
      ".eslintrc.cjs": "module.exports = { root: true };\n",
      ".cache/tmp.py": "def tmp(): pass\n",
      ".git/hooks/pre-commit.sh": "run() { :; }\n",
      ".ast_outline_cache/stale.py": "def stale(): pass\n",
      "src/main.ts": "export function main() {}\n",
    });
    expect(await outlinedPaths(["."], root)).toEqual([".eslintrc.cjs", ".github/scripts/release.ts", ".vitepress/config.ts", "src/main.ts"]);
  });

  test("an absolute folder gets the .gitignore rules of the folders above it, as a relative one does", async () => {
    const root = repoWith({
      ".gitignore": "pkg/generated/\n*.gen.py\n",
      "pkg/.gitignore": "scratch.py\n",
      "pkg/api/handlers.py": "def handle(): pass\n",
      "pkg/api/models.gen.py": "class Model: pass\n",
      "pkg/api/scratch.py": "x = 1\n",
      "pkg/generated/client.py": "def call(): pass\n",
    });
    const relative = await outlinedPaths(["pkg/api"], root);
    expect(relative).toEqual(["pkg/api/handlers.py"]);
    const absolute = await outlinedPaths([join(root, "pkg", "api")], root);
    expect(absolute).toEqual([join(root, "pkg", "api", "handlers.py")]);
    // From another working folder too.
    expect(await outlinedPaths([join(root, "pkg")], dir.path)).toEqual([join(root, "pkg", "api", "handlers.py")]);
  });
});
