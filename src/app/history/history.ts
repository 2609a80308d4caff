// `history`: the commits that added, modified, renamed or moved one symbol, newest first. Walks
// the file's git log (following file renames), diffs each commit's two versions of the file
// with `changed`'s engine, and keeps the changes of the one symbol, whose name follows its
// renames. Where the symbol appears out of nothing, the whole commit is diffed once: a move from
// another file continues the walk there, else the one definition gone from that commit that this
// symbol came from (core/history/origin.ts). Outlines of past versions come from (and go to) the
// repository's cache, by content hash.
import { posix } from "node:path";
import { diffFiles, type FileInput } from "../../core/diff/diff.ts";
import { classify, SideText, type DiffSide, type SymNode } from "../../core/diff/source.ts";
import { kindGroup, matchSimilar, matchUnique } from "../../core/diff/match.ts";
import type { ChangeSet, FileChange, SymbolChange } from "../../core/diff/types.ts";
import { inputError, usageError } from "../../core/errors.ts";
import type { HistoryEnd, HistoryEntry, SymbolHistory } from "../../core/history/types.ts";
import { originOf, type OriginCandidate } from "../../core/history/origin.ts";
import { sinceSeconds } from "../../core/history/since.ts";
import { detectLanguage } from "../../core/languages/detect.ts";
import { outlineSource } from "../../core/outline/outline.ts";
import { printable, quotePath } from "../../core/text/quote.ts";
import { decodeSource } from "../../core/text/lines.ts";
import { flatten } from "../../core/symbols/find.ts";
import type { OutlineSymbol } from "../../core/types.ts";
import { envAt, type Env } from "../../io/env.ts";
import { DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { blobAt, checkRevision, fileLog, git, readBlobs, resolveCommits, type ChangedPath, type LogCommit } from "../../io/git.ts";
import { trustedCache } from "../index/lookup.ts";
import { computeChangeWork, diffWithComments, failureReason, fileInput, loadAskedComments, side, type ChangeWork, type SideContext } from "../changed/changes.ts";
import { findOne } from "../symbol-view.ts";

export interface HistoryOptions {
  env: Env;
  /** The file, relative to env.cwd (or absolute, inside the repository). */
  path: string;
  symbol: string;
  /** Where the walk starts (default HEAD). */
  rev?: string;
  /** At most this many commits (0: all). */
  limit?: number;
  /** Only commits since this date (see core/history/since.ts). */
  since?: string;
  maxBytes?: number;
  /** Whether a file (an absolute path) may be read: a move from elsewhere ends the walk (the MCP workspace). */
  admits?: (path: string) => boolean;
}

/** Where the symbol came from in one commit: its change, the file it was in, how similar (history's own origin search). */
interface Link {
  change: SymbolChange;
  from: string;
  similarity?: number;
  /** Its own text as it was, its container renamed around it: followed, not listed (as `nameBefore`). */
  quiet?: boolean;
}

/** What the tracked symbol is called where, going back in time. */
interface Track {
  path: string;
  name: string;
}

export async function symbolHistory(opts: HistoryOptions): Promise<SymbolHistory> {
  const { env } = opts;
  const limit = opts.limit ?? 0;
  const since = opts.since === undefined ? undefined : sinceSeconds(opts.since);
  const rev = opts.rev ?? "HEAD";
  checkRevision(rev, "--rev");
  const { root, shas } = await resolveCommits(env, env.cwd, [{ rev, flag: "--rev", given: opts.rev !== undefined }]);
  const start = shas[0];
  const path = await repoPath(env, opts.path);
  if (opts.admits && !opts.admits(posix.join(root, path))) throw inputError(`${quotePath(opts.path)} is outside what may be read`);
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;

  // The symbol as it is at the start.
  const blob = await blobAt(env, root, start, path);
  if (!blob) throw inputError(`${quotePath(path)} does not exist at ${rev === "HEAD" ? "HEAD" : printable(rev)}`, "history follows committed files; name one that is in the commit");
  const bytes = (await readBlobs(env, root, [blob])).get(blob)!;
  const language = detectLanguage(path, bytes);
  if (!language) throw inputError(`cannot outline ${quotePath(path)}: unsupported language`, "`ast-outline languages` lists what is supported");
  const store = trustedCache(env, root);
  const outline = store?.readOutline(bytes, language.id, path) ?? (await outlineSource({ path, bytes, language }));
  const symbol = implementation(outline.symbols, findOne({ outline }, opts.symbol));

  // Each version is the new side of one commit and the old side of the next: outlined once.
  const shared: SideContext = { store, remember: true, deferred: [], outlines: new WeakMap() };
  const history: SymbolHistory = {
    path,
    symbol: symbol.qualifiedName,
    kind: symbol.kind,
    startLine: symbol.startLine,
    endLine: symbol.endLine,
    rev: start,
    commits: [],
    end: since === undefined ? "history" : "since",
    examined: 0,
    skipped: [],
  };
  let track: Track = { path, name: symbol.qualifiedName };
  let from: string | undefined = start;
  while (from) {
    const log = await fileLog(env, root, from, track.path, since);
    from = undefined;
    const ids = log.flatMap((c) => c.paths.flatMap((p) => [p.oldBlob, p.newBlob])).filter((id): id is string => id !== undefined);
    const blobs = await readBlobs(env, root, ids);
    for (const commit of log) {
      const record = commit.paths.find((p) => p.path === track.path);
      if (!record) continue;
      history.examined++;
      const before = record.oldPath ?? record.path;
      // Comments asked for in this commit's diff only: each commit loads its own.
      const ctx: SideContext = { ...shared, deferred: [] };
      let input: FileInput;
      try {
        input = await fileInput(record, record.oldBlob ? blobs.get(record.oldBlob) : undefined, record.newBlob ? blobs.get(record.newBlob) : undefined, maxBytes, ctx);
      } catch (e) {
        input = { path: record.path, status: record.status, skipped: failureReason(e) };
      }
      if (input.skipped) {
        history.skipped.push({ commit: commit.sha, path: record.path, reason: input.skipped });
        track = { ...track, path: before };
        continue;
      }
      // A first pass without the comments cached outlines lack (a parse each): most commits
      // leave this symbol's text as it was, and then no comment can matter.
      const quick = diffFiles([input]);
      let change = changeOf(quick, track) && changeOf(await diffWithComments([input], ctx), track);
      const name = change?.oldQualifiedName ?? nameBefore(quick, track.name);
      // Its file renamed around it, the symbol itself as it was: moved all the same.
      if (!change && before !== record.path) change = await carried(input, record, blobs, track.name, name, ctx);
      track = { path: before, name };
      if (!change) continue;
      // Where the file's diff leaves the symbol's origin open: it appeared, or it was paired by
      // name alone with a definition of another family (a method with the interface property of
      // its name). Another class of this file, a move in the whole commit, or its own origin.
      let link: Link | undefined;
      if (change.change === "added" || (change.change === "modified" && input.old && otherFamily(input.old, change))) {
        const across = change.change === "added" ? withinFile(input, change, diffFiles([input])) : undefined;
        if (across) link = { ...across, from: before };
        else if (commit.parents.length) {
          const whole = await computeChangeWork({ env: envAt(env, root), base: `${commit.sha}^`, head: commit.sha });
          const moved = change.change === "added" ? moveInto(whole.set, record.path, change) : undefined;
          link = moved ? { change: moved, from: moved.oldPath! } : await originIn(whole, record.path, before, change);
        }
      }
      if (link) {
        if (!link.quiet) history.commits.push(entry(commit, record.path, link.change, link.from === before ? record.oldPath : link.from, link.similarity));
        track = { path: link.from, name: link.change.oldQualifiedName ?? link.change.qualifiedName };
        if (reached(history, limit)) break;
        if (link.from === before) continue;
        if (opts.admits && !opts.admits(posix.join(root, track.path))) {
          history.end = "outside";
          break;
        }
        from = `${commit.sha}^`;
        break;
      }
      history.commits.push(entry(commit, record.path, change, record.oldPath));
      if (change.change === "added") {
        history.end = "added";
        break;
      }
      if (reached(history, limit)) break;
    }
  }
  return history;
}

function reached(history: SymbolHistory, limit: number): boolean {
  if (!limit || history.commits.length < limit) return false;
  history.end = "limit";
  return true;
}

/**
 * Of definitions sharing one qualified name (overloads, then the implementation), the one with a
 * body: the last that is not a bare declaration. Its history is the name's history.
 */
function implementation(symbols: OutlineSymbol[], found: OutlineSymbol): OutlineSymbol {
  const same = flatten(symbols).filter((s) => s.qualifiedName === found.qualifiedName);
  return same.filter((s) => !s.declaration).pop() ?? same[same.length - 1] ?? found;
}

/**
 * The tracked symbol's change in a one-file diff (its name on the new side), if any. Where
 * overloads share the name, the change that continues an older definition goes first: overloads
 * added beside an implementation do not end its history.
 */
function changeOf(files: FileChange[], track: Track): SymbolChange | undefined {
  const mine = files[0]?.symbols.filter((c) => c.change !== "removed" && c.qualifiedName === track.name) ?? [];
  const found = mine.find((c) => c.change !== "added") ?? mine[0];
  // Pulled up from several classes at once: one definition, several origins, none to follow (never one by order).
  return found && fannedIn(mine, found) ? asAdded(found) : found;
}

/** Whether `c` is one of several pairings of one new definition (a fan-in: pulled up from several classes). */
function fannedIn(changes: SymbolChange[], c: SymbolChange): boolean {
  return (c.change === "moved" || c.change === "renamed") && changes.some((d) => d !== c && d.change !== "added" && d.qualifiedName === c.qualifiedName && d.startLine === c.startLine);
}

/** A fanned-in symbol as history lists it: appeared here. */
function asAdded(c: SymbolChange): SymbolChange {
  const { oldQualifiedName: _n, oldPath: _p, oldStartLine: _s, oldEndLine: _e, oldSignature: _g, evidence: _v, similarity: _m, ...rest } = c;
  return { ...rest, change: "added", signatureChanged: false, valueChanged: false, docChanged: false, bodyChanged: false, cosmetic: false };
}

/** The unchanged symbol of a renamed file, as a move from the file's old name (undefined when it is not on both sides). */
async function carried(input: FileInput, record: ChangedPath, blobs: Map<string, Buffer>, name: string, oldName: string, ctx: SideContext): Promise<SymbolChange | undefined> {
  const symbolsOf = async (given: DiffSide | undefined, path: string, blob: string | undefined) => {
    if (given) return given.symbols;
    const bytes = blob ? blobs.get(blob) : undefined;
    const language = bytes && detectLanguage(path, bytes);
    return bytes && language ? (await side(path, bytes, decodeSource(bytes), language, undefined, ctx)).symbols : [];
  };
  const now = flatten(await symbolsOf(input.new, record.path, record.newBlob)).find((s) => s.qualifiedName === name);
  const was = flatten(await symbolsOf(input.old, record.oldPath!, record.oldBlob)).find((s) => s.qualifiedName === oldName);
  if (!now || !was) return undefined;
  return {
    change: "moved",
    kind: now.kind,
    name: now.name,
    qualifiedName: now.qualifiedName,
    ...(oldName !== name ? { oldQualifiedName: oldName } : {}),
    oldPath: record.oldPath,
    startLine: now.startLine,
    endLine: now.endLine,
    oldStartLine: was.startLine,
    oldEndLine: was.endLine,
    signature: now.signature,
    signatureChanged: false,
    valueChanged: false,
    docChanged: false,
    bodyChanged: false,
    cosmetic: false,
    anchors: [],
  };
}

/**
 * A symbol the diff calls added that left another container of the same file: a removed one
 * with the same body, or clearly the most similar text (the diff's own matching rules, applied
 * across containers), as a rename to its new qualified name (`quiet` when only the container's
 * name changed around it).
 */
function withinFile(input: FileInput, added: SymbolChange, files: FileChange[]): { change: SymbolChange; quiet: boolean } | undefined {
  if (!input.old || !input.new) return undefined;
  const nodes = (text: SideText) => {
    const out: SymNode[] = [];
    const walk = (n: SymNode) => n.children.forEach((c) => (out.push(c), walk(c)));
    walk(text.root);
    return out;
  };
  const changes = files[0]?.symbols ?? [];
  const removed = new Set(changes.filter((c) => c.change === "removed").map((c) => `${c.qualifiedName}@${c.oldStartLine}`));
  const addedKeys = new Set(changes.filter((c) => c.change === "added").map((c) => `${c.qualifiedName}@${c.startLine}`));
  const olds = nodes(new SideText(input.old)).filter((n) => removed.has(`${n.sym.qualifiedName}@${n.sym.startLine}`));
  const news = nodes(new SideText(input.new)).filter((n) => addedKeys.has(`${n.sym.qualifiedName}@${n.sym.startLine}`));
  const target = news.find((n) => n.sym.qualifiedName === added.qualifiedName && n.sym.startLine === added.startLine);
  if (!target || !olds.length) return undefined;
  const exact = matchUnique(olds, news, (o, n) => o.body !== "" && o.body === n.body);
  const pairs = [...exact, ...matchSimilar(olds.filter((o) => !exact.some((p) => p.old === o)), news.filter((n) => !exact.some((p) => p.new === n)))];
  const o = pairs.find((p) => p.new === target)?.old;
  return o && { change: linked(added, o, target, "renamed"), quiet: containerRenamed(o, target) };
}

/** The same own text under the same name in another container of the file: no change of its own (as `nameBefore`). */
function containerRenamed(o: SymNode, target: SymNode): boolean {
  return o.sym.name === target.sym.name && o.raw === target.raw;
}

/** The added symbol's change as one from `o`, its definition on the old side. */
function linked(added: SymbolChange, o: SymNode, target: SymNode, how: "renamed" | "moved", oldPath?: string): SymbolChange {
  // What the diff said of the other side (a pair by name) is not this link's.
  const { oldQualifiedName: _name, oldPath: _path, oldSignature: _signature, ...base } = added;
  return {
    ...base,
    change: how,
    ...(o.sym.qualifiedName !== target.sym.qualifiedName ? { oldQualifiedName: o.sym.qualifiedName } : {}),
    ...(oldPath !== undefined ? { oldPath } : {}),
    oldStartLine: o.sym.startLine,
    oldEndLine: o.sym.endLine,
    ...classify(o, target),
    ...(o.sym.signature !== target.sym.signature ? { oldSignature: o.sym.signature } : {}),
  };
}

/**
 * Where the diff's rules found no origin for the added symbol: history's own question for this
 * one symbol (core/history/origin.ts). `before` is the symbol's file before the commit; `from`
 * is the origin's.
 */
async function originIn(work: ChangeWork, path: string, before: string, added: SymbolChange): Promise<Link | undefined> {
  const ask = () => {
    const target = targetNode(work, path, added);
    const origin = target && originOf(target, before, originCandidates(work, before, added.name));
    return origin && target && { origin, target };
  };
  // The comment-free text of changed lines needs their comments: asked on the first pass, used on the second.
  let found = ask();
  if (await loadAskedComments(work.ctx)) found = ask();
  if (!found) return undefined;
  const { origin, target } = found;
  // Gone from its file, the origin has another name there, or is in another file.
  const how = origin.path !== before ? "moved" : "renamed";
  return { change: linked(added, origin.node, target, how, how === "moved" ? origin.path : undefined), from: origin.path, similarity: origin.similarity, quiet: how === "renamed" && containerRenamed(origin.node, target) };
}

/** A symbol change's node on the new side of the commit's file `path`. */
export function targetNode(work: ChangeWork, path: string, change: SymbolChange): SymNode | undefined {
  const file = work.inputs.find((i) => i.path === path && !i.skipped);
  return file?.new && new SideText(file.new).all().find((n) => n.sym.qualifiedName === change.qualifiedName && n.sym.startLine === change.startLine);
}

/**
 * The definitions a symbol named `name`, in file `before` before the commit, may come from: those
 * whose name is gone from their file (removed, renamed or moved away, their container renamed, or
 * the name kept only by a definition of another family); from other files only under `name`.
 */
export function originCandidates(work: ChangeWork, before: string, name: string): OriginCandidate[] {
  const candidates: OriginCandidate[] = [];
  for (const input of work.inputs) {
    if (input.skipped || !input.old) continue;
    const was = input.oldPath ?? input.path;
    const kept = new Set(input.new ? flatten(input.new.symbols).map(family) : []);
    const gone = (s: OutlineSymbol) => !kept.has(family(s)) && (was === before || s.name === name);
    if (!flatten(input.old.symbols).some(gone)) continue;
    for (const node of new SideText(input.old).all()) if (gone(node.sym)) candidates.push({ node, path: was });
  }
  return candidates;
}

/** A definition's name within its kind family: a method and a property of one name are two. */
const family = (s: OutlineSymbol) => `${kindGroup(s.kind)}\0${s.qualifiedName}`;

/** Whether the old side of a pair is of another kind family than the symbol now. */
function otherFamily(old: DiffSide, change: SymbolChange): boolean {
  const was = flatten(old.symbols).find((s) => s.qualifiedName === (change.oldQualifiedName ?? change.qualifiedName) && s.startLine === change.oldStartLine);
  return was !== undefined && kindGroup(was.kind) !== kindGroup(change.kind);
}

/** The symbol's name before a commit in which it did not change itself: a container renamed around it renames it too. */
function nameBefore(files: FileChange[], name: string): string {
  let best: SymbolChange | undefined;
  for (const c of files[0]?.symbols ?? []) {
    if (c.oldQualifiedName === undefined || !name.startsWith(`${c.qualifiedName}.`)) continue;
    if (!best || c.qualifiedName.length > best.qualifiedName.length) best = c;
  }
  return best ? best.oldQualifiedName + name.slice(best.qualifiedName.length) : name;
}

/** In the whole commit's diff (asked only where the symbol appeared): a move into `path` if it was one. */
function moveInto(set: ChangeSet, path: string, added: SymbolChange): SymbolChange | undefined {
  const file = set.files.find((f) => f.path === path);
  const own = file?.symbols.find((c) => c.change === "moved" && c.qualifiedName === added.qualifiedName && c.startLine === added.startLine);
  if (own) return fannedIn(file!.symbols, own) ? undefined : own;
  // A member moves with its container, listed only when its own text changed too.
  const outer = file?.symbols
    .filter((c) => c.change === "moved" && added.qualifiedName.startsWith(`${c.qualifiedName}.`) && c.startLine! <= added.startLine! && added.endLine! <= c.endLine!)
    .sort((a, b) => b.qualifiedName.length - a.qualifiedName.length)[0];
  if (!outer) return undefined;
  const oldName = (outer.oldQualifiedName ?? outer.qualifiedName) + added.qualifiedName.slice(outer.qualifiedName.length);
  return { ...added, change: "moved", oldPath: outer.oldPath, ...(oldName !== added.qualifiedName ? { oldQualifiedName: oldName } : {}) };
}

function entry(commit: LogCommit, path: string, change: SymbolChange, oldPath: string | undefined, similarity?: number): HistoryEntry {
  // changed's own evidence and similarity are left out: history's `similarity` is its origin link's (docs/contract.md).
  const { anchors: _anchors, oldPath: _old, evidence: _evidence, similarity: _similarity, ...rest } = change;
  return {
    commit: commit.sha,
    date: new Date(commit.time * 1000).toISOString().replace(/\.000Z$/, "Z"),
    author: commit.author,
    subject: commit.subject,
    path,
    ...(oldPath !== undefined && oldPath !== path ? { oldPath } : {}),
    ...rest,
    ...(similarity !== undefined ? { similarity } : {}),
  };
}

/** The file as a path from the repository root (git's view: `rev-parse --show-prefix` is where env.cwd is inside it). */
async function repoPath(env: Env, file: string): Promise<string> {
  if (file === "" || /[\0\n]/.test(file)) throw usageError(`bad file name: ${JSON.stringify(file).slice(0, 60)}`);
  const prefix = (await git(env, env.cwd, ["rev-parse", "--show-prefix"], "rev-parse")).stdout.toString("utf8").trim();
  const top = (await git(env, env.cwd, ["rev-parse", "--show-cdup"], "rev-parse")).stdout.toString("utf8").trim();
  const rel = posix.isAbsolute(file) ? absoluteInside(env, file, top) : posix.normalize(posix.join(prefix, file.split("\\").join("/")));
  if (rel === undefined || rel === "." || rel === ".." || rel.startsWith("../") || rel.endsWith("/")) throw inputError(`${quotePath(file)} is not a file inside this repository`, "history reads a file's commits in the repository around the current folder");
  return rel;
}

/** An absolute path as one relative to the root (env.cwd + `cdup`), or undefined when outside. */
function absoluteInside(env: Env, file: string, cdup: string): string | undefined {
  const root = posix.resolve(env.cwd, cdup || ".");
  const rel = posix.relative(root, posix.normalize(file));
  return rel.startsWith("..") || posix.isAbsolute(rel) ? undefined : rel;
}
