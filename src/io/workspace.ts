// The one gate every cross-file read passes (the MCP tools; the CLI's `symbol --skeleton/--drill`,
// `calls`, `callers`): a path is read only when it lies inside a root both as written (no `..`
// or absolute path out) and after following symlinks (realpath), and then it is opened without
// following a final symlink and read only if it is a regular file. The app functions that
// answer cross-file questions (repo-symbols, call-chain, callers, symbol-view, and the MCP
// server's index, workspace-index) receive a FileAccess and read no file's content any other
// way; test/confinement.test.ts checks their imports and runs them on a workspace that is not
// on disk at all.
import { closeSync, constants, fstatSync, lstatSync, openSync, realpathSync } from "node:fs";
import { readOpenFile } from "./read-fd.ts";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { OutlineError, inputError } from "../core/errors.ts";
import { stampOf, type FileStamp } from "../core/stamp.ts";
import type { SourceFile } from "./files.ts";
import { toDisplayPath } from "./paths.ts";
import { expandPaths, type WalkNote } from "./walk.ts";
import { nodeProbe } from "./node-probe.ts";
import { workTreeAbove } from "./work-tree.ts";
import { UNDECODABLE_NAME, undecodablePath } from "./names.ts";
import { cutText, quotePath } from "../core/text/quote.ts";

/** What a path is, as far as the workspace lets anyone know: outside paths are never stat-ed. */
export type Probe = "file" | "folder" | "other" | "missing" | "outside";


export interface ListedFile {
  path: string;
  stamp: FileStamp;
}

/** The reads the cross-file questions may make. Every method confines; nothing else reads. */
export interface FileAccess {
  /** Where relative paths start (absolute); the paths it answers with are relative to it. */
  readonly base: string;
  /** Real absolute paths nothing outside of which is read. */
  readonly roots: readonly string[];
  /** Absolute folders the repo-wide questions list (each inside a root); modules are looked up under them too. */
  readonly listRoots: readonly string[];
  /** The checked path to read, relative to the base, POSIX slashes; throws "refused" or "no such file". */
  locate(path: string): string;
  /** Silent form of locate for paths the tool makes up (import candidates): no error, no oracle outside. */
  probe(path: string): Probe;
  /** Whether a path, existing or not, lies inside the roots (its deepest existing folder checked by realpath). */
  admits(path: string): boolean;
  /** The stamp of a regular file inside the roots, undefined for anything else. */
  stamp(path: string): FileStamp | undefined;
  /** A regular file's bytes, after the check; throws OutlineError (refused, missing, too large, not a file). */
  read(path: string, maxBytes: number): SourceFile & { stamp: FileStamp };
  /**
   * Source files (regular files of a known language; `anyFile`: every file) under a folder (a
   * located one) or, by default, under every listing root; `problems` receives what could not be listed.
   */
  list(folder?: string, problems?: WalkNote[], anyFile?: boolean): ListedFile[];
}

/** Longest path argument echoed in a message. */
const SHOWN_MAX = 200;

export class Workspace implements FileAccess {
  readonly roots: string[];
  readonly listRoots: string[];
  /** Relative paths start here; answers name files relative to it. */
  readonly base: string;

  /**
   * @param roots folders to confine to (resolved against the base, then realpath-ed)
   * @param opts.base where relative paths start (default: the first root)
   * @param opts.list folders the repo-wide questions walk (default: the roots)
   */
  constructor(roots: string[], opts: { base?: string; list?: string[] } = {}) {
    if (!roots.length) throw new Error("a workspace needs a root");
    const base = opts.base === undefined ? undefined : realFolder(opts.base, "base folder");
    this.roots = [...new Set(roots.map((r) => realFolder(base ? resolve(base, r) : r, "root folder")))];
    this.base = base ?? this.roots[0];
    this.listRoots = (opts.list ?? this.roots).map((l) => realFolder(resolve(this.base, l), "folder"));
    for (const l of this.listRoots) if (!this.inside(l)) throw inputError(`${shown(l)} is outside ${this.roots.join(", ")}`);
  }

  get primary(): string {
    return this.roots[0];
  }

  locate(path: string): string {
    if (invalid(path)) throw inputError("empty or invalid path (a NUL byte)", "give a path relative to the workspace root, e.g. \".\"");
    const p = this.check(path);
    if (p.kind === "outside") {
      throw new OutlineError(
        p.why === "lexical" ? { kind: "outside-workspace", file: shown(path), roots: this.roots, base: this.base } : { kind: "link-outside", file: shown(path), swapped: false },
      );
    }
    if (p.kind === "missing") throw new OutlineError({ kind: "no-such-path", file: shown(path), hint: "an outline of a folder (e.g. \".\") lists the files; paths are relative to the workspace root" });
    if (p.kind === "error") throw new OutlineError({ kind: "cannot-read", file: shown(path), cause: p.code });
    return this.display(p.real);
  }

  probe(path: string): Probe {
    const p = this.check(path);
    if (p.kind === "outside" || p.kind === "missing") return p.kind;
    if (p.kind === "error") return "other";
    try {
      const st = lstatSync(p.real);
      return st.isFile() ? "file" : st.isDirectory() ? "folder" : "other";
    } catch {
      return "missing";
    }
  }

  admits(path: string): boolean {
    if (invalid(path)) return false;
    const lexical = resolve(this.base, path);
    if (!this.inside(lexical)) return false;
    // A deleted file is admitted by its nearest existing folder.
    for (let p = lexical; ; p = dirname(p)) {
      try {
        return this.inside(realpathSync(p));
      } catch {
        if (dirname(p) === p) return false;
      }
    }
  }

  stamp(path: string): FileStamp | undefined {
    const p = this.check(path);
    if (p.kind !== "inside") return undefined;
    try {
      const st = lstatSync(p.real);
      return st.isFile() ? stampOf(st) : undefined;
    } catch {
      return undefined;
    }
  }

  read(path: string, maxBytes: number): SourceFile & { stamp: FileStamp } {
    const real = resolve(this.base, this.locate(path));
    const display = this.display(real);
    let fd: number;
    try {
      // No final symlink (swapped in since the check), no blocking on a FIFO.
      fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT") throw new OutlineError({ kind: "no-such-path", file: display });
      if (code === "ELOOP") throw new OutlineError({ kind: "link-outside", file: display, swapped: true });
      if (code === "EACCES" || code === "EPERM") throw new OutlineError({ kind: "permission-denied", file: display });
      throw new OutlineError({ kind: "cannot-read", file: display, cause: code ?? String(e) });
    }
    try {
      const st = fstatSync(fd);
      if (st.isDirectory()) throw new OutlineError({ kind: "is-a-directory", file: display, hint: "name a file, or outline the folder" });
      if (!st.isFile()) throw new OutlineError({ kind: "not-a-regular-file", file: display });
      if (st.size > maxBytes) throw new OutlineError({ kind: "too-large", file: display, bytes: st.size, hint: "read lines of it with read_region / `region`" });
      return { path: display, bytes: readOpenFile(fd, st.size), stat: st, stamp: stampOf(st) };
    } catch (e) {
      if (e instanceof OutlineError) throw e;
      throw new OutlineError({ kind: "cannot-read", file: display, cause: (e as NodeJS.ErrnoException).code ?? String(e) });
    } finally {
      closeSync(fd);
    }
  }

  list(folder?: string, problems?: WalkNote[], anyFile = false): ListedFile[] {
    const starts = folder === undefined ? this.listRoots.map((l) => this.display(l)) : [this.locate(folder)];
    const notes: WalkNote[] = [];
    const out: ListedFile[] = [];
    // The walk starts at checked folders and descends into real folders only (it follows no
    // symlink), so a listed path is inside as walked; lstat keeps regular files that still exist.
    // Reads check each path again in full.
    for (const e of expandPaths(starts, notes, this.base, anyFile)) {
      const path = toDisplayPath(e.path);
      try {
        const st = lstatSync(resolve(this.base, path));
        if (st.isFile()) out.push({ path, stamp: stampOf(st) });
      } catch {
        // deleted since the walk saw it
      }
    }
    // What could not be read at all (a folder, a name that is not UTF-8) is the caller's to name.
    if (problems) for (const n of notes) if (n.problem) problems.push(n);
    return out;
  }

  private check(path: string):
    | { kind: "inside"; real: string }
    | { kind: "outside"; why: "lexical" | "symlink" }
    | { kind: "missing" }
    | { kind: "error"; code: string } {
    if (invalid(path)) return { kind: "error", code: "not a valid path" };
    // Its bytes would have to be checked and opened as bytes all the way (path.resolve would
    // make its escaped bytes U+FFFD, another name): refused for what it is, not "no such file".
    if (undecodablePath(path)) return { kind: "error", code: UNDECODABLE_NAME };
    const lexical = resolve(this.base, path);
    if (!this.inside(lexical)) return { kind: "outside", why: "lexical" };
    let real: string;
    try {
      real = realpathSync(lexical);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
      return { kind: "error", code: code ?? String(e) };
    }
    if (!this.inside(real)) return { kind: "outside", why: "symlink" };
    return { kind: "inside", real };
  }

  private inside(path: string): boolean {
    return this.roots.some((r) => within(r, path));
  }

  private display(real: string): string {
    return toDisplayPath(relative(this.base, real)) || ".";
  }
}

/**
 * The workspace of the CLI's cross-file commands: the repository (git work tree, else the
 * folder itself) holding the current folder and the one holding each file the user named.
 * The user's own paths are read wherever they point; what the tool follows by itself (imports,
 * name matches, callers) stays inside those repositories. Repo-wide listings walk the current folder.
 */
export function cliWorkspace(cwd: string, named: string[] = []): Workspace {
  const roots = [repositoryOf(cwd)];
  for (const p of named) {
    try {
      roots.push(repositoryOf(dirname(realpathSync(resolve(cwd, p)))));
    } catch {
      // A missing file: reading it fails with the usual message.
    }
  }
  return new Workspace(roots, { base: cwd, list: ["."] });
}

/** The work tree's top at or above `dir` (symlinks resolved), else `dir` itself. */
export function repositoryOf(dir: string): string {
  const start = realpathSync(dir);
  return workTreeAbove(start, nodeProbe) ?? start;
}

function realFolder(path: string, what: string): string {
  try {
    return realpathSync(path);
  } catch {
    throw inputError(`no such ${what}: ${shown(path)}`, "give an existing folder");
  }
}


function invalid(path: string): boolean {
  return typeof path !== "string" || path === "" || path.includes("\0");
}

function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/** A path as echoed in a message: control characters escaped, long ones cut. */
/** A path argument in a message: cut, then quoted with escapes as git prints it (`"bad\377.py"`). */
export function shown(path: string): string {
  return quotePath(cutText(String(path), SHOWN_MAX));
}
