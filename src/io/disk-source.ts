// The files under a folder as the repository index sees them (app/index/refresh.ts): the stat
// of each and its bytes, by path relative to the folder. One rule for every reader of a listing
// (index, search, digest, the hook; the MCP server's index stats through `regularFile` too and
// reads through the workspace gate, app/index/workspace-index.ts): a listed path is read only when it
// is a regular file itself (a symbolic link is not followed, wherever it points) and its folder,
// links resolved, lies inside the root. `git ls-files` lists a committed link as a file of its
// own, so without this a link to `../../home/.config/creds.json` would be read, outlined and
// cached; `outline <dir>` and `changed` never follow a link either.
import { closeSync, constants, fstatSync, lstatSync, openSync, realpathSync, type Stats } from "node:fs";
import { readOpenFile } from "./read-fd.ts";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import type { FileStamp } from "../core/stamp.ts";

export interface FileSource {
  /** The stat of a regular file, undefined when there is none (deleted, a folder, a link, outside, unreadable). */
  stat(path: string): FileStamp | undefined;
  /** The file's bytes; throws (with an errno `code`, or an OutlineError) when it cannot be read. */
  read(path: string): Uint8Array;
}

/** The work tree under `root` as it is on disk: regular files inside it, no link followed. */
export function diskSource(root: string): FileSource {
  const inside = insideTest(root);
  return {
    stat: (path) => regularFile(root, path, inside),
    read(path) {
      const full = join(root, path);
      if (!inside(dirname(full))) throw Object.assign(new Error(`${path} lies outside ${root}`), { code: "EXDEV" });
      return readNoFollow(full);
    },
  };
}

/**
 * The lstat of `root/path` when it is a regular file whose folder (links resolved) lies inside
 * `root`; undefined for anything else. `inside` (from insideTest) remembers the folders it checked.
 */
export function regularFile(root: string, path: string, inside = insideTest(root)): Stats | undefined {
  const full = join(root, path);
  try {
    const st = lstatSync(full);
    return st.isFile() && inside(dirname(full)) ? st : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a folder, links resolved, lies inside `root` (links resolved); answers cached per folder. */
export function insideTest(root: string): (dir: string) => boolean {
  let realRoot: string | undefined;
  const known = new Map<string, boolean>();
  return (dir) => {
    let ok = known.get(dir);
    if (ok !== undefined) return ok;
    try {
      realRoot ??= realpathSync(root);
      const rel = relative(realRoot, realpathSync(dir));
      ok = rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
    } catch {
      ok = false;
    }
    known.set(dir, ok);
    return ok;
  };
}

/** A regular file's bytes, opened without following a final link (one swapped in since the stat) and without blocking on a FIFO. */
function readNoFollow(full: string): Uint8Array {
  const fd = openSync(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw Object.assign(new Error(`${full} is not a regular file`), { code: "EINVAL" });
    return readOpenFile(fd, st.size);
  } finally {
    closeSync(fd);
  }
}
