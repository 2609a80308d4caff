// Both sides of every file a ChangeSet names, as bytes (git-sides.ts), the work tree's from the
// disk by the one rule of every listing reader: what `changed --format patch` and the formats
// that point at head lines need.
import type { ChangeSet } from "../../core/diff/types.ts";
import type { Env } from "../../io/env.ts";
import { diskSource, type FileSource } from "../../io/disk-source.ts";
import { DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { readSides, type FileSides } from "./git-sides.ts";

export type { FileSides } from "./git-sides.ts";

/** Keyed by the file's (head) path, as in `set.files`; git is asked in the run's working folder. */
export function readChangedSides(env: Env, set: ChangeSet, maxBytes = DEFAULT_MAX_BYTES): Promise<Map<string, FileSides>> {
  return readSides(env, set, maxBytes, (root) => {
    const disk = diskSource(root);
    return (path) => readWorkTree(disk, path, maxBytes);
  });
}

/** A work-tree file by the one rule of every listing reader (io/disk-source.ts): a regular file, no link followed. */
function readWorkTree(disk: FileSource, path: string, maxBytes: number): Uint8Array | "too large" | undefined {
  try {
    const st = disk.stat(path);
    if (!st) return undefined;
    return st.size > maxBytes ? "too large" : disk.read(path);
  } catch {
    return undefined; // gone since git listed it
  }
}
