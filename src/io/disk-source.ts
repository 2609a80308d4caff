// The files under a folder as the repository index sees them (app/refresh-cache.ts): the stat
// of each and its bytes, by path relative to the folder. The MCP server's index uses its own
// source instead, which reads through the workspace gate (app/workspace-index.ts).
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { StatLike } from "../core/cache/format.ts";

export interface FileSource {
  /** The stat of a regular file, undefined when there is none (deleted, a folder, unreadable). */
  stat(path: string): StatLike | undefined;
  /** The file's bytes; throws (with an errno `code`, or an OutlineError) when it cannot be read. */
  read(path: string): Uint8Array;
}

/** The work tree under `root` as it is on disk (links followed, as git's checkout has them). */
export function diskSource(root: string): FileSource {
  return {
    stat(path) {
      try {
        const st = statSync(join(root, path));
        return st.isFile() ? st : undefined;
      } catch {
        return undefined;
      }
    },
    read: (path) => readFileSync(join(root, path)),
  };
}
