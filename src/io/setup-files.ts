// The edge of `setup`: where the files are (from the environment), reading them, writing them
// atomically (a temporary file in the same folder, then rename), and the record of what setup
// wrote, kept in the user's state folder: a repository's own content can never plant one.
// A file is only read or written where its real path (symlinks resolved) lies inside the
// folder of its scope (the project, or the user's home and config folders).
import { closeSync, fsyncSync, lstatSync, mkdirSync, openSync, readFileSync, realpathSync, renameSync, rmdirSync, statSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { OutlineError, inputError } from "../core/errors.ts";
import type { Places, SetupState } from "../app/setup/index.ts";
import { homeDir, type Env } from "./env.ts";
import { repositoryOf, shown } from "./workspace.ts";

const posix = (p: string) => p.split(sep).join("/");

export function setupPlaces(env: Env): Places {
  const home = resolve(homeDir(env));
  const configHome = env.vars.XDG_CONFIG_HOME && isAbsolute(env.vars.XDG_CONFIG_HOME) ? env.vars.XDG_CONFIG_HOME : join(home, ".config");
  return {
    project: posix(repositoryOf(env.cwd)),
    home: posix(home),
    configHome: posix(configHome),
    appData: posix(env.vars.APPDATA ?? join(home, "AppData", "Roaming")),
    appSupport: posix(join(home, "Library", "Application Support")),
    platform: process.platform,
    codexHome: posix(env.vars.CODEX_HOME && isAbsolute(env.vars.CODEX_HOME) ? env.vars.CODEX_HOME : join(home, ".codex")),
    copilotHome: posix(env.vars.COPILOT_HOME && isAbsolute(env.vars.COPILOT_HOME) ? env.vars.COPILOT_HOME : join(home, ".copilot")),
    exists: (p) => {
      try {
        lstatSync(p);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** The folders a scope may write under (their real paths). */
export function scopeRoots(places: Places, scope: "project" | "user"): string[] {
  const dirs = scope === "project" ? [places.project] : [places.home, places.configHome, places.codexHome, places.copilotHome, places.appData];
  return dirs.map(realOrSelf);
}

function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return resolve(p);
  }
}

function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/** The real path a write to `file` lands on (its folder's and, for a link, its target's), refused when it leaves the roots. */
export function realTarget(file: string, roots: string[]): string {
  let dir = dirname(file);
  const rest: string[] = [basename(file)];
  // The deepest folder that exists, resolved; the missing ones below it are made there.
  for (;;) {
    try {
      dir = realpathSync(dir);
      break;
    } catch {
      if (dirname(dir) === dir) break;
      rest.unshift(basename(dir));
      dir = dirname(dir);
    }
  }
  let real = join(dir, ...rest);
  try {
    const st = lstatSync(real);
    if (st.isSymbolicLink()) real = realpathSync(real);
    const target = statSync(real);
    if (!target.isFile()) throw new OutlineError({ kind: "not-a-regular-file", file: shown(file), hint: "setup only edits files" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  if (!roots.some((r) => within(r, real))) throw inputError(`${shown(file)} leads outside ${shown(roots[0])} (through a symbolic link to ${shown(real)})`, "setup writes no file through a link that leaves its scope");
  return real;
}

export function readText(file: string): string | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw inputError(`${shown(file)} is not UTF-8 text`, "setup edits text files only");
  }
}

/** Makes the missing folders above `file`; returns those it made, top first. */
function makeParents(file: string): string[] {
  const made: string[] = [];
  for (let d = dirname(file); ; d = dirname(d)) {
    try {
      lstatSync(d);
      break;
    } catch {
      made.unshift(d);
      if (dirname(d) === d) break;
    }
  }
  if (made.length) mkdirSync(made[made.length - 1], { recursive: true });
  return made;
}

/** Writes `text` to `file` through a temporary file and a rename; keeps the old file's mode. Returns the folders it made. */
export function writeAtomic(file: string, text: string): string[] {
  const made = makeParents(file);
  let mode = 0o644;
  try {
    mode = statSync(file).mode & 0o7777;
  } catch {
    // a new file
  }
  const tmp = join(dirname(file), `.${basename(file)}.ast-outline-${process.pid}-${Date.now().toString(36)}.tmp`);
  const fd = openSync(tmp, "wx", mode);
  try {
    const bytes = Buffer.from(text, "utf8");
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
  try {
    renameSync(tmp, file);
  } catch (e) {
    unlinkSync(tmp);
    throw e;
  }
  return made;
}

/** Removes a file setup made, and the folders it made for it once they are empty. */
export function removeMade(file: string, dirs: string[] = []): void {
  try {
    unlinkSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  removeDirs(dirs);
}

/** Removes those of the folders that are empty, deepest first (one may hold another's files until then). */
export function removeDirs(dirs: string[]): void {
  for (const d of [...new Set(dirs)].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(d);
    } catch {
      // not empty (something else is there now), or gone: left as it is
    }
  }
}

/** The record's place: $XDG_STATE_HOME/ast-outline/setup.json, else ~/.local/state/ast-outline/setup.json. */
export function statePath(env: Env): string {
  const home = resolve(homeDir(env));
  const base = env.vars.XDG_STATE_HOME && isAbsolute(env.vars.XDG_STATE_HOME) ? env.vars.XDG_STATE_HOME : join(home, ".local", "state");
  return join(base, "ast-outline", "setup.json");
}

export function readState(file: string): SetupState {
  const text = readText(file);
  if (text === null) return { version: 1, files: {} };
  try {
    const state = JSON.parse(text) as SetupState;
    if (state && state.version === 1 && state.files && typeof state.files === "object") return state;
  } catch {
    // fall through
  }
  throw inputError(`${shown(file)} is not a setup record this version reads`, "move it away to start afresh (setup then cannot take back what it recorded)");
}

/** Writes the record, or removes it (and the folders made for it) when it holds nothing. */
export function writeState(file: string, state: SetupState): void {
  const old = readText(file);
  if (!Object.keys(state.files).length) {
    if (old !== null) removeMade(file, state.dirs ?? []);
    return;
  }
  let dirs = state.dirs;
  if (old === null) {
    const made = makeParents(file);
    dirs = made.length ? made : undefined;
  }
  const text = `${JSON.stringify({ ...state, dirs }, null, 2)}\n`;
  if (text !== old) writeAtomic(file, text);
}

/** The command an agent client should start: the npm launcher when that is what ran us (AST_OUTLINE_LAUNCHER), else this program. */
export function selfLaunch(env: Env, self: { bin: string; script?: string }): { command: string; args: string[] } {
  const launcher = env.vars.AST_OUTLINE_LAUNCHER;
  if (launcher && isAbsolute(launcher)) return { command: launcher, args: [] };
  return self.script ? { command: self.bin, args: [self.script] } : { command: self.bin, args: [] };
}
