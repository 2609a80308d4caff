// The MCP server's confinement: every path a client names must lie inside a workspace root,
// both as written (no `..` or absolute path out) and after following symlinks (realpath).
// Anything else is refused before a byte of it is read.
import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { OutlineError } from "../core/errors.ts";

export class Workspace {
  /** Real paths of the roots; the first is the primary one (relative paths start there). */
  readonly roots: string[];

  constructor(roots: string[]) {
    if (!roots.length) throw new Error("a workspace needs a root");
    this.roots = roots.map((r) => {
      try {
        return realpathSync(r);
      } catch {
        throw new OutlineError("input", `no such root folder: ${r}`, "give an existing folder to --root");
      }
    });
  }

  get primary(): string {
    return this.roots[0];
  }

  /**
   * The path to read (relative to the primary root, which is the server's cwd), after the
   * checks. Throws an input error for an escape and a not-found error for a missing file.
   */
  resolve(userPath: string): string {
    if (!userPath || userPath.includes("\0")) throw new OutlineError("input", "empty or invalid path");
    const lexical = resolve(this.primary, userPath);
    if (!this.roots.some((r) => within(r, lexical))) {
      throw new OutlineError("input", `refused: ${userPath} is outside the workspace`, `paths must stay inside ${this.roots.join(", ")}; use paths relative to ${this.primary}`);
    }
    let real: string;
    try {
      real = realpathSync(lexical);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") throw new OutlineError("not-found", `no such file: ${userPath}`, "get_outline on a folder (e.g. \".\") lists the files; paths are relative to the workspace root");
      throw new OutlineError("input", `cannot read ${userPath}: ${code ?? String(e)}`);
    }
    if (!this.roots.some((r) => within(r, real))) {
      throw new OutlineError("input", `refused: ${userPath} is a symlink that leads outside the workspace`, "only files inside the workspace roots are read");
    }
    return relative(this.primary, real) || ".";
  }
}

function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}
