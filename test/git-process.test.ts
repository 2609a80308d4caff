// git through Bun's spawn (what the binary and `bun` from source use) and through
// node:child_process (Node, Deno) gives the same answers and the same errors.
import { afterAll, describe, expect, test } from "bun:test";
import { OutlineError } from "../src/core/errors.ts";
import { diffPaths, findRepoRoot, gitSync, readBlobs, resolveCommits, startBlobReader } from "../src/io/git.ts";
import { defaultRunner, nodeRunner, type ProcessRunner } from "../src/io/process.ts";
import { processEnv, type Env } from "../src/io/env.ts";
import { gitOk, tempRepo, write } from "./helpers/git-repo.ts";

const repo = tempRepo({ "a.py": "def f():\n    return 1\n", "b.txt": "x\n".repeat(50_000) });
gitOk(repo.path, "add", ".");
gitOk(repo.path, "commit", "-qm", "one");
write(repo.path, "a.py", "def f():\n    return 2\n");
gitOk(repo.path, "mv", "b.txt", "c.txt");
gitOk(repo.path, "commit", "-qam", "two");
afterAll(() => repo.cleanup());

const viaBunSpawn = processEnv({ processes: defaultRunner() });
const viaNode = processEnv({ processes: nodeRunner });

async function errorOf(p: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    expect(e).toBeInstanceOf(OutlineError);
    return (e as Error).message;
  }
  throw new Error("expected an error");
}

/** Everything `changed`, the cache and the hook ask git, through the runner of `env`. */
async function answers(env: Env) {
  const { root, shas } = await resolveCommits(env, repo.path, [{ rev: "HEAD~1", flag: "--base" }, { rev: "HEAD", flag: "--head" }]);
  const paths = await diffPaths(env, root, shas[0], shas[1], false);
  const blobs = await readBlobs(env, root, paths.flatMap((p) => [p.oldBlob, p.newBlob].filter((b): b is string => b !== undefined)));
  // Started before it is asked, as `changed` does; asked for nothing, it ends quietly.
  const idle = await startBlobReader(env, root)([]);
  return {
    root,
    shas,
    paths,
    blobs: [...blobs].map(([id, bytes]) => [id, bytes.length, bytes.subarray(0, 30).toString("utf8")]),
    idle: idle.size,
    lsFiles: gitSync(env, root, ["ls-files", "-z"]).toString("utf8"),
    hashed: gitSync(env, root, ["hash-object", "--stdin"], new TextEncoder().encode("hello\n")).toString("utf8"),
    found: findRepoRoot(env, repo.path),
    outside: findRepoRoot(env, "/"),
    errors: [
      await errorOf(resolveCommits(env, repo.path, [{ rev: "nope", flag: "--base" }])),
      await errorOf(diffPaths(env, root, "0".repeat(40), undefined, false)),
      await errorOf(readBlobs(env, root, ["f".repeat(40)])),
      await errorOf(() => gitSync(env, root, ["frobnicate"])),
      await errorOf(resolveCommits(env, "/", [{ rev: "HEAD", flag: "--base" }])),
    ],
  };
}

describe("git runs the same through Bun's spawn and node:child_process", () => {
  test("answers and errors", async () => {
    const viaBun = await answers(viaBunSpawn);
    const node = await answers(viaNode);
    expect(viaBun.paths.map((p) => [p.status, p.path, p.oldPath])).toEqual([
      ["modified", "a.py", undefined],
      ["renamed", "c.txt", "b.txt"],
    ]);
    expect(viaBun.blobs.find(([, , head]) => String(head).startsWith("def f():\n    return 2"))).toBeDefined();
    expect(viaBun.blobs.find(([, size]) => size === 100_000)).toBeDefined(); // more than one pipe buffer
    expect(viaBun.lsFiles).toBe("a.py\0c.txt\0");
    expect(viaBun.hashed.trim()).toBe("ce013625030ba8dba906f756967f9e9ca394464a");
    expect(viaBun.outside).toBeUndefined();
    expect(viaBun.errors[0]).toContain("unknown revision: nope");
    expect(viaBun.errors[4]).toBe("not a git repository");
    expect(node).toEqual(viaBun);
  });

  test("git missing from PATH is one input error either way", async () => {
    for (const [bun, processes] of [[true, defaultRunner()], [false, nodeRunner]] as [boolean, ProcessRunner][]) {
      const env = processEnv({ processes, vars: { ...process.env, PATH: "/nonexistent" } });
      const message = await errorOf(diffPaths(env, repo.path, "HEAD", undefined, false));
      expect({ bun, message }).toEqual({ bun, message: "git is not installed or not on PATH" });
    }
  });
});
