// The git calls the cache and the hook need. Every call is argument-vector based (no shell),
// and a failing git call is an error, never silently "nothing".
import { execFileSync, spawnSync } from "node:child_process";
import { inputError } from "../core/errors.ts";

const MAX_BUFFER = 512 * 1024 * 1024;

export function git(cwd: string, args: string[], input?: Uint8Array): Buffer {
  const r = spawnSync("git", args, { cwd, input, maxBuffer: MAX_BUFFER });
  if (r.error) throw inputError(`cannot run git: ${(r.error as NodeJS.ErrnoException).code ?? r.error.message}`, "is git installed and on PATH?");
  if (r.status !== 0) {
    const why = r.stderr.toString("utf8").trim().split("\n")[0] || `exit ${r.status}`;
    throw inputError(`git ${args[0]} failed: ${why}`);
  }
  return r.stdout;
}

/** The work-tree root of the repository around cwd, or undefined outside one. */
export function repoRoot(cwd: string): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd, stdio: ["ignore", "pipe", "ignore"] }).toString("utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}

function splitZ(out: Buffer): string[] {
  return out.toString("utf8").split("\0").filter(Boolean);
}

/** Tracked files plus untracked files that are not ignored, relative to the root. */
export function listRepoFiles(root: string): string[] {
  return splitZ(git(root, ["ls-files", "-co", "--exclude-standard", "-z", "--deduplicate"]));
}

/** Files added, copied, modified or renamed in the index (what a commit would record). */
export function stagedFiles(root: string): string[] {
  return splitZ(git(root, ["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMR", "--no-renames"]));
}

/** The index's blob ids for the given paths (`git ls-files -s`). */
export function stagedBlobIds(root: string, paths: string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (!paths.length) return out;
  const lines = git(root, ["ls-files", "-s", "-z", "--", ...paths]).toString("utf8").split("\0");
  for (const line of lines) {
    const m = /^(\d+) ([0-9a-f]+) (\d)\t(.*)$/s.exec(line);
    if (m && m[3] === "0" && m[1] !== "160000") out.set(m[4], m[2]);
  }
  return out;
}

/** Read blobs in one `git cat-file --batch` call. */
export function readBlobs(root: string, ids: string[]): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  if (!ids.length) return out;
  const buf = git(root, ["cat-file", "--batch"], Buffer.from(ids.join("\n") + "\n"));
  let pos = 0;
  for (const id of ids) {
    const nl = buf.indexOf(0x0a, pos);
    if (nl < 0) break;
    const header = buf.subarray(pos, nl).toString("utf8").split(" ");
    if (header[1] === "missing") {
      pos = nl + 1;
      continue;
    }
    const size = Number(header[2]);
    out.set(id, new Uint8Array(buf.subarray(nl + 1, nl + 1 + size)));
    pos = nl + 1 + size + 1; // content, then a newline
  }
  return out;
}

/** A path git resolves inside its own directory (`hooks`, `info/exclude`), absolute. */
export function gitPath(root: string, name: string): string {
  const p = git(root, ["rev-parse", "--path-format=absolute", "--git-path", name]).toString("utf8").trim();
  return p;
}
