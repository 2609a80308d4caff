// Skipping `git ls-files` on a warm run when nothing it reads can have changed: a warm run
// otherwise only stats files, and starting git would be its largest single cost.
//
// What `git ls-files -co --exclude-standard` answers depends on: the index (.git/index), the
// names in every directory git walks (a file or folder added, removed or renamed changes its
// parent's mtime and ctime), and the ignore rules (every .gitignore, .git/info/exclude,
// core.excludesFile, and the config files that can set it). When git lists, we also record
// the stat of each of those; the next run that finds every one unchanged reuses the listing.
// Edited file contents need no listing: the per-file stat of refreshCache catches them.
//
// The folders git walks are the ancestors of every file it lists and of every ignored file it
// reports, plus folders that hold nothing listed (empty, or only ignored files), found by
// reading the folders above; wholly ignored folders (`build/`) are not walked, by git or us.
// Not trusted at all (git always runs): a worktree or submodule checkout (.git is a file),
// GIT_* variables, config from anywhere but files (`-c`, GIT_CONFIG_*), config that includes
// other files. Not recorded when anything it depends on changed within RACY_WINDOW_MS before
// git started (a change in the same clock tick could leave a stat unchanged).
import { readdirSync, readFileSync, statSync, type Dirent } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { CACHE_DIR, CACHE_FORMAT } from "../../core/cache/format.ts";
import { changedWithin, RACY_WINDOW_MS, stampPrint } from "../../core/stamp.ts";
import { undecodablePath } from "../../io/names.ts";
import { languageByName } from "../../core/languages/detect.ts";
import { git, GUARD_CONFIG } from "../../io/git.ts";
import { openCache } from "../../io/cache-store.ts";
import { settleCache, type CacheCheck } from "../../io/cache-trust.ts";
import { homeDir, type Env } from "../../io/env.ts";
import { gitListing, type Repo } from "./repo.ts";

export const SNAPSHOT_FILE = "listing.tsv";
const END = ".end";

export interface SnapshotIO {
  write(text: string): void;
}

/**
 * What a long-lived process (the MCP server) keeps of the last snapshot it read: the same text
 * is not parsed again, only its watched paths stat'ed, and the same listing (the same array,
 * which no caller changes) comes back while none of them moved.
 */
export interface SnapshotMemo {
  text?: string;
  /** Each watched path (absolute) with its recorded fingerprint. */
  watched?: [string, string][];
  paths?: string[];
}

/**
 * Every candidate file of a git work tree (gitListing), from the snapshot when nothing it watches
 * moved: then only the files git listed that have a language, which is all the cache looks at.
 * The snapshot is read only from a cache `check` (cache-trust.ts) found usable, and written only
 * to one; a git listing of the whole work tree settles whether git tracks the cache.
 */
export function listFilesFast(env: Env, repo: Repo, engine: string, check: CacheCheck, memo?: SnapshotMemo): string[] | Promise<string[]> {
  const list = () => gitListing(env, repo.root).then((l) => {
    settleCache(check, l.cacheTracked);
    return l.paths;
  });
  if (!snapshotAllowed(env, repo.root)) return list();
  if (!check.unsettled && !check.problem) {
    const known = readSnapshot(env, openCache(check, engine).readAux(SNAPSHOT_FILE), repo.root, engine, memo);
    if (known) return known;
  }
  return listAndRecord(env, repo.root, engine, { write: (text) => openCache(check, engine).writeAux(SNAPSHOT_FILE, text) }, list);
}

/** The stat fingerprint of a path, "-" when there is none. */
function fingerprint(path: string): string {
  try {
    const s = statSync(path);
    return `${stampPrint(s)} ${s.isDirectory() ? "d" : "f"}`;
  } catch {
    return "-";
  }
}

/** The snapshot's own format: a name that is not UTF-8 (a lone surrogate per byte, decodeName) is written escaped. */
const SNAPSHOT_FORMAT = 2;

/** HOME and XDG_CONFIG_HOME are in it because git finds its user config there: another HOME reads other files. */
function header(env: Env, engine: string): string {
  return `ast-outline-listing ${SNAPSHOT_FORMAT} ${CACHE_FORMAT} ${engine} ${JSON.stringify([homeDir(env), env.vars.XDG_CONFIG_HOME ?? ""])}`;
}

// JSON for a name with a line break, a tab, a quote or a surrogate: written raw as UTF-8, a name that is not
// UTF-8 (its bytes as lone surrogates) would come back as U+FFFD, another name, and be left out unsaid.
const escape = (p: string) => (/[\t\n\r\\"\uD800-\uDFFF]/.test(p) ? JSON.stringify(p) : p);
const unescape = (p: string) => (p.startsWith('"') ? (JSON.parse(p) as string) : p);

/** Git variables that cannot change what ls-files lists (transport, identity, editors, tracing); any other one turns the snapshot off. */
const HARMLESS_GIT_ENV = /^GIT_(SSL_|SSH|ASKPASS$|TERMINAL_PROMPT$|PAGER$|EDITOR$|SEQUENCE_EDITOR$|AUTHOR_|COMMITTER_|TRACE|HTTP_|PROXY_|CURL_|OPTIONAL_LOCKS$|MERGE_|REFLOG_ACTION$|FLUSH$)/;

/** Only a plain repository whose git sees no settings but files' (see the top). */
export function snapshotAllowed(env: Env, root: string): boolean {
  if (Object.keys(env.vars).some((k) => k.startsWith("GIT_") && !HARMLESS_GIT_ENV.test(k))) return false;
  try {
    return statSync(join(root, ".git")).isDirectory();
  } catch {
    return false;
  }
}

/** The listing a snapshot holds when every path it watches is as it was; undefined otherwise. */
export function readSnapshot(env: Env, text: string | undefined, root: string, engine: string, memo?: SnapshotMemo): string[] | undefined {
  if (text !== undefined && memo?.text === text) {
    for (const [path, fp] of memo.watched!) if (fingerprint(path) !== fp) return undefined;
    return memo.paths;
  }
  if (text === undefined || !text.startsWith(`${header(env, engine)}\n`) || !text.endsWith(`\n${END}\n`)) return undefined;
  const lines = text.split("\n");
  const paths: string[] = [];
  const watched: [string, string][] = [];
  for (let i = 1; i < lines.length - 2; i++) {
    const line = lines[i];
    const tab = line.indexOf("\t");
    if (tab !== 1) return undefined;
    if (line[0] === "=") {
      paths.push(unescape(line.slice(2)));
    } else if (line[0] === "@") {
      const tab2 = line.indexOf("\t", 2);
      if (tab2 < 0) return undefined;
      const path = unescape(line.slice(2, tab2));
      const abs = isAbsolute(path) ? path : join(root, path);
      const fp = line.slice(tab2 + 1);
      if (fingerprint(abs) !== fp) return undefined;
      watched.push([abs, fp]);
    } else return undefined;
  }
  if (memo) Object.assign(memo, { text, watched, paths });
  return paths;
}

interface Watched {
  /** Relative to the root (POSIX), or absolute for files outside it. */
  paths: string[];
}

/** The settings every git call is given (io/git.ts), as `config --list -z` prints them: `key\nvalue`. */
const GUARD_ENTRIES = new Set(GUARD_CONFIG.map((kv) => {
  const eq = kv.indexOf("=");
  return `${kv.slice(0, eq).toLowerCase()}\n${kv.slice(eq + 1)}`;
}));

/** Config files git read, and the excludes file it uses; undefined when config came from elsewhere or includes files. */
function configWatch(env: Env, root: string, configList: string): string[] | undefined {
  const home = homeDir(env);
  const xdg = env.vars.XDG_CONFIG_HOME || join(home, ".config");
  // Also the usual places that do not exist yet: creating one could add an excludes file.
  // (System config lives under git's install prefix: the usual ones are watched.)
  const files = new Set<string>([
    join(root, ".git", "config"), join(home, ".gitconfig"), join(xdg, "git", "config"),
    "/etc/gitconfig", "/usr/local/etc/gitconfig", "/opt/homebrew/etc/gitconfig",
  ]);
  let excludes = join(xdg, "git", "ignore");
  const fields = configList.split("\0");
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const origin = fields[i];
    if (origin === "command line:" && GUARD_ENTRIES.has(fields[i + 1])) continue; // ours, the same on every run
    if (!origin.startsWith("file:")) return undefined;
    files.add(resolve(root, origin.slice(5)));
    const nl = fields[i + 1].indexOf("\n");
    const key = (nl < 0 ? fields[i + 1] : fields[i + 1].slice(0, nl)).toLowerCase();
    if (key.startsWith("include.") || key.startsWith("includeif.")) return undefined;
    if (key === "core.excludesfile" && nl >= 0) {
      const value = fields[i + 1].slice(nl + 1);
      excludes = value.startsWith("~/") ? join(home, value.slice(2)) : resolve(root, value);
    }
  }
  files.add(excludes);
  return [...files];
}

/** Every folder git walks for this listing, and every .gitignore in them, relative to the root. */
function walkedFolders(root: string, listed: string[], ignored: string[]): Watched {
  const folders = new Set<string>([""]);
  const wholly = new Set<string>();
  const addAncestors = (p: string) => {
    for (let d = dirname(p); d !== "." && d !== "/" && !folders.has(d); d = dirname(d)) folders.add(d);
  };
  for (const p of listed) addAncestors(p.endsWith("/") ? p.slice(0, -1) : p);
  for (const p of ignored) {
    if (p.endsWith("/")) {
      wholly.add(p.slice(0, -1));
      addAncestors(p.slice(0, -1));
    } else addAncestors(p);
  }
  const out: string[] = [];
  const queue = [...folders];
  const seen = new Set(queue);
  while (queue.length) {
    const dir = queue.pop()!;
    out.push(dir);
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      continue; // gone: its fingerprint is "-" and must stay so
    }
    for (const e of entries) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.name === ".gitignore") out.push(rel);
      if (!e.isDirectory() || seen.has(rel) || wholly.has(rel)) continue;
      if (!dir && (e.name === ".git" || e.name === CACHE_DIR)) continue;
      seen.add(rel);
      // A folder holding nothing git listed: empty, only ignored files, or another repository.
      let nested = false;
      try {
        nested = statSync(join(root, rel, ".git")) !== undefined;
      } catch {
        // not a repository
      }
      if (nested) out.push(rel);
      else queue.push(rel);
    }
  }
  return { paths: out };
}

/**
 * The git listing (as gitListing gives it), with a snapshot recorded for the next run.
 * `list` runs the listing itself; the ignored files and the config are asked of git beside it.
 */
export async function listAndRecord(
  env: Env, root: string, engine: string, io: SnapshotIO, list: () => Promise<string[]>, racyWindowMs = RACY_WINDOW_MS,
): Promise<string[]> {
  const started = env.now();
  const [listed, ignoredOut, configOut] = await Promise.all([
    list(),
    git(env, root, ["ls-files", "-oi", "--exclude-standard", "--directory", "-z"], "ls-files").then((r) => r.stdout.toString("utf8"), () => undefined),
    git(env, root, ["config", "--list", "--show-origin", "-z"], "config").then((r) => r.stdout.toString("utf8"), () => undefined),
  ]);
  if (ignoredOut === undefined || configOut === undefined) return listed;
  const config = configWatch(env, root, configOut);
  if (!config) return listed;
  const ignored = ignoredOut.split("\0").filter(Boolean);
  const watched = [
    ".git/index", ".git/info/exclude",
    ...walkedFolders(root, listed, ignored).paths,
    ...config,
  ];
  const lines = [header(env, engine)];
  for (const p of watched) {
    const abs = isAbsolute(p) ? p : join(root, p);
    const fp = fingerprint(abs);
    if (fp !== "-") {
      const [mtimeMs, ctimeMs] = fp.split(" ").map(Number);
      // Changed just before or while git ran: its stat may not move again when it changes next.
      if (changedWithin({ mtimeMs, ctimeMs }, started, racyWindowMs)) return listed;
    }
    lines.push(`@\t${escape(p || ".")}\t${fp}`);
  }
  for (const p of listed) if (languageByName(undecodablePath(p)?.decoded ?? p)) lines.push(`=\t${escape(p)}`);
  lines.push(END, "");
  io.write(lines.join("\n"));
  return listed;
}
