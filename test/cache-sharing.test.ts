// Sharing a cache through what CI already has (docs/sharing-the-cache.md): a cache made in one
// clone and restored into another (the Actions cache, an artifact: other inodes, other mtimes)
// is reused after its objects are checked against the files they claim to describe, never
// trusted blindly: an object that does not fit its file is parsed again, and a cache restored
// into a folder outside a work tree, or one the repository tracks, is not used at all.
import { describe, expect, test } from "bun:test";
import { cpSync, readFileSync, realpathSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { engineId } from "../src/app/engine/index.ts";
import { CACHE_DIR } from "../src/core/cache/format.ts";
import { contentHash } from "../src/core/hash.ts";
import { CacheStore } from "../src/io/cache-store.ts";
import { runCli, tempDir } from "./helpers/cli.ts";
import { reposPerTest } from "./helpers/git.ts";

const newRepo = reposPerTest();

const FILES: Record<string, string> = {
  "app/models.py": "class User:\n    def name(self):\n        return 'u'\n",
  "app/views.py": "from app.models import User\n\n\ndef show(u: User) -> str:\n    return u.name()\n",
  "web/page.ts": "export function render(x: number): string {\n  return String(x);\n}\n",
  "lib/util.go": "package lib\n\nfunc Twice(x int) int {\n\treturn 2 * x\n}\n",
};

/** `index`'s counts: parsed and reused. */
async function indexCounts(cwd: string): Promise<{ parsed: number; reused: number; stderr: string }> {
  const r = await runCli(["index"], cwd);
  expect(r.code).toBe(0);
  const m = /: (\d+) parsed, (\d+) reused/.exec(r.stdout)!;
  return { parsed: Number(m[1]), reused: Number(m[2]), stderr: r.stderr };
}

/** A clone of `origin`'s work tree elsewhere, as CI checks it out: every file new (inodes), an hour later (mtimes). */
function cloneOf(origin: string): string {
  const d = tempDir("ast-outline-clone-");
  const dir = realpathSync(d.path);
  const r = Bun.spawnSync(["git", "clone", "-q", origin, join(dir, "w")]);
  expect(r.exitCode).toBe(0);
  const later = new Date(Date.now() + 3600_000);
  for (const f of Object.keys(FILES)) utimesSync(join(dir, "w", f), later, later);
  return join(dir, "w");
}

/** A repository of FILES, committed and indexed; `parsed` is what its `index` parsed. */
async function indexedOrigin(): Promise<{ path: string; parsed: number }> {
  const origin = newRepo();
  for (const [f, text] of Object.entries(FILES)) origin.write(f, text);
  origin.commit("one");
  return { path: origin.path, parsed: (await indexCounts(origin.path)).parsed };
}

/** A clone of `origin` with its cache restored as actions/cache or an artifact does: the folder's files, copied (other inodes and mtimes). */
function cloneWithCache(origin: string): string {
  const clone = cloneOf(origin);
  cpSync(join(origin, CACHE_DIR), join(clone, CACHE_DIR), { recursive: true });
  return clone;
}

describe("a cache restored into another clone", () => {
  test("is reused after its objects are checked: nothing parsed again, search answers from it", async () => {
    const origin = await indexedOrigin();
    expect(origin.parsed).toBe(4);
    const clone = cloneWithCache(origin.path);
    const restored = await indexCounts(clone);
    expect(restored).toEqual({ parsed: 0, reused: 4, stderr: "" });
    const search = await runCli(["search", "Twice", "--format", "json"], clone);
    expect(JSON.parse(search.stdout).results.map((h: { path: string }) => h.path)).toEqual(["lib/util.go"]);
    // The second run trusts the records it wrote for this clone's files (their stats), and reads nothing again.
    expect(await indexCounts(clone)).toEqual({ parsed: 0, reused: 4, stderr: "" });
  });

  test("an object that does not fit its file is parsed again, and what is answered is the file's own", async () => {
    const origin = await indexedOrigin();
    const clone = cloneWithCache(origin.path);
    // Whoever made the shared cache planted an outline under views.py's hash that hides `show`
    // (a valid object of this engine, written by the store itself: only its claim is false).
    const views = readFileSync(join(clone, "app/views.py"));
    const store = new CacheStore(clone, engineId());
    const lines = views.toString("utf8").split("\n").length - 1;
    expect(store.writeOutline({
      path: "app/views.py", language: "python", hash: contentHash(views), lineCount: lines, imports: [], diagnostics: [],
      symbols: [{ kind: "function", name: "harmless", qualifiedName: "harmless", signature: "def harmless()", startLine: 1, endLine: lines }],
    })).toBeGreaterThan(0);
    await store.flush();
    const restored = await indexCounts(clone);
    expect(restored).toEqual({ parsed: 1, reused: 3, stderr: "" });
    const search = await runCli(["search", "show", "--format", "json"], clone);
    expect(JSON.parse(search.stdout).results.map((h: { name: string }) => h.name)).toContain("show");
    expect((await runCli(["search", "harmless", "--format", "json"], clone)).code).toBe(1);
  });

  test("restored where git tracks it, or outside a work tree, it is not used", async () => {
    const origin = await indexedOrigin();
    // Committed with the code (an artifact unpacked and added by mistake): someone else's.
    const clone = cloneWithCache(origin.path);
    Bun.spawnSync(["git", "-C", clone, "add", "-f", CACHE_DIR]);
    const tracked = await runCli(["search", "Twice"], clone);
    expect(tracked.stderr).toContain(`ignoring ${CACHE_DIR}: it is tracked by git`);

    // An archive of the files, no .git: who made it cannot be told.
    const bare = tempDir("ast-outline-archive-");
    cpSync(origin.path, bare.path, { recursive: true, filter: (src) => !src.includes(`${origin.path}/.git`) });
    writeFileSync(join(bare.path, "marker.txt"), "not a repository\n");
    const archive = await runCli(["search", "Twice", "--root", "."], bare.path);
    expect(archive.stderr).toContain(`ignoring ${CACHE_DIR}: it is not inside a git work tree`);
    bare.cleanup();
  });
});
