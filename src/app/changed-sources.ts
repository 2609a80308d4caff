// Both sides of every file a ChangeSet names, as bytes, with git's modes: what a patch needs
// and the ChangeSet does not carry. Asks git the same question `changed` asked (the same trees,
// the same rename detection), reads the blobs in one `git cat-file --batch`, and the work tree
// from disk. Every file is read whatever its language: a patch holds every text change.
import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ChangeSet } from "../core/diff/types.ts";
import { diffPaths, readBlobs, repoRoot, type ChangeStatus } from "../io/git.ts";

export interface FileSides {
  status: ChangeStatus;
  path: string;
  oldPath?: string;
  /** git's modes, "000000" for a side that does not exist. */
  oldMode: string;
  newMode: string;
  /** Absent for a side that does not exist or is not a blob (a submodule). */
  old?: Uint8Array;
  new?: Uint8Array;
}

const HAS_CONTENT = /^(100644|100755|120000)$/;

/** Keyed by the file's (head) path, as in `set.files`. */
export async function readChangedSides(cwd: string, set: ChangeSet): Promise<Map<string, FileSides>> {
  const root = await repoRoot(cwd);
  const fromWorkTree = set.head === "WORKTREE";
  const staged = set.head === "INDEX";
  const head = fromWorkTree || staged ? undefined : set.head;
  const paths = await diffPaths(root, set.base, head, staged);
  const ids: string[] = [];
  for (const p of paths) {
    if (p.oldBlob && HAS_CONTENT.test(p.oldMode)) ids.push(p.oldBlob);
    if (!fromWorkTree && p.newBlob && HAS_CONTENT.test(p.newMode)) ids.push(p.newBlob);
  }
  const blobs = await readBlobs(root, ids);
  const sides = new Map<string, FileSides>();
  for (const p of paths) {
    const f: FileSides = { status: p.status, path: p.path, oldMode: p.oldMode, newMode: p.newMode };
    if (p.oldPath !== undefined) f.oldPath = p.oldPath;
    if (p.oldBlob && HAS_CONTENT.test(p.oldMode)) f.old = blobs.get(p.oldBlob);
    if (p.status !== "deleted" && HAS_CONTENT.test(p.newMode)) f.new = fromWorkTree ? readWorkTree(root, p.path) : p.newBlob ? blobs.get(p.newBlob) : undefined;
    sides.set(p.path, f);
  }
  return sides;
}

function readWorkTree(root: string, path: string): Uint8Array | undefined {
  const full = join(root, path);
  try {
    const st = lstatSync(full);
    return st.isFile() ? readFileSync(full) : undefined;
  } catch {
    return undefined; // gone since git listed it
  }
}
