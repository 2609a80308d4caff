// Both sides of every file a ChangeSet names, as bytes, with git's modes: what a patch needs
// and the ChangeSet does not carry. Asks git the same question `changed` asked (the same trees,
// the same rename detection) and reads the blobs in one `git cat-file --batch`; the work tree's
// side comes from the reader the caller gives (file-sides.ts reads the disk; changed --impact
// asks only for committed heads, and reads the work tree through its gate). Every file is read
// whatever its language (a patch holds every text change), but none over `maxBytes`: their
// sizes are asked first (`--batch-check`), so a huge asset in a pull request is named, not loaded.
import type { ChangeSet } from "../../core/diff/types.ts";
import type { Env } from "../../io/env.ts";
import { DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { blobSizes, diffPaths, readBlobs, repoRoot, type ChangeStatus } from "../../io/git.ts";

/** The work tree's side of one file: its bytes, "too large", or undefined (gone, not a file). */
export type WorkTreeReader = (path: string) => Uint8Array | "too large" | undefined;

export interface FileSides {
  status: ChangeStatus;
  path: string;
  oldPath?: string;
  /** git's modes, "000000" for a side that does not exist. */
  oldMode: string;
  newMode: string;
  /** Absent for a side that does not exist, is not a blob (a submodule), or is too large. */
  old?: Uint8Array;
  new?: Uint8Array;
  /** A side was over the size limit and not read. */
  tooLarge?: boolean;
}

const HAS_CONTENT = /^(100644|100755|120000)$/;

/** Keyed by the file's (head) path, as in `set.files`; git is asked in the run's working folder. */
/** `workTree` makes the reader of the work tree at the repository root; without it a work-tree side is left out. */
export async function readSides(env: Env, set: ChangeSet, maxBytes = DEFAULT_MAX_BYTES, workTree?: (root: string) => WorkTreeReader): Promise<Map<string, FileSides>> {
  const root = await repoRoot(env, env.cwd);
  const fromWorkTree = set.head === "WORKTREE";
  const staged = set.head === "INDEX";
  const head = fromWorkTree || staged ? undefined : set.head;
  const paths = await diffPaths(env, root, set.base, head, staged);
  const wanted: string[] = [];
  for (const p of paths) {
    if (p.oldBlob && HAS_CONTENT.test(p.oldMode)) wanted.push(p.oldBlob);
    if (!fromWorkTree && p.newBlob && HAS_CONTENT.test(p.newMode)) wanted.push(p.newBlob);
  }
  const sizes = await blobSizes(env, root, wanted);
  const small = (id: string) => (sizes.get(id) ?? Infinity) <= maxBytes;
  const blobs = await readBlobs(env, root, wanted.filter(small));
  const sides = new Map<string, FileSides>();
  const readWorkTree = workTree?.(root);
  for (const p of paths) {
    const f: FileSides = { status: p.status, path: p.path, oldMode: p.oldMode, newMode: p.newMode };
    if (p.oldPath !== undefined) f.oldPath = p.oldPath;
    const blob = (id: string) => {
      if (small(id)) return blobs.get(id);
      f.tooLarge = true;
      return undefined;
    };
    if (p.oldBlob && HAS_CONTENT.test(p.oldMode)) f.old = blob(p.oldBlob);
    if (p.status !== "deleted" && HAS_CONTENT.test(p.newMode)) {
      if (!fromWorkTree) f.new = p.newBlob ? blob(p.newBlob) : undefined;
      else {
        const read = readWorkTree?.(p.path);
        if (read === "too large") f.tooLarge = true;
        else f.new = read;
      }
    }
    sides.set(p.path, f);
  }
  return sides;
}

