// `changed`: from revisions to symbol changes. Asks git what changed (with its rename
// detection), reads both sides of only those files (blobs in one batch, the work tree from
// disk), outlines each version once, and hands everything to the pure diff core.
import { readFileSync, lstatSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { diffFiles, type FileInput } from "../../core/diff/diff.ts";
import { splitLines, type DiffSide } from "../../core/diff/source.ts";
import type { ChangeSet, FileChange, FileStatus } from "../../core/diff/types.ts";
import { OutlineError, usageError } from "../../core/errors.ts";
import { limitReason } from "../../core/parse/limits.ts";
import type { SkipReason, UnreadableReason } from "../../core/skip-reason.ts";
import { detectLanguage as detectByContent, languageByName as languageByPlainName } from "../../core/languages/detect.ts";
import type { LanguageSpec } from "../../core/languages/registry.ts";
import { outlineSource } from "../../core/outline/outline.ts";
import { type DiffCommentSpan, diffCommentSpans, rowRuns } from "../../core/parse/comments.ts";
import { initRuntime, loadGrammar, loadQuery, withTree } from "../../core/parse/parser.ts";
import type { CacheStore } from "../../io/cache-store.ts";
import { commentLines, diffLines } from "../../core/diff/lines.ts";
import { lineEdits } from "../../core/diff/edits.ts";
import type { Tree } from "web-tree-sitter";
import type { OutlineSymbol } from "../../core/types.ts";
import { decodeSource } from "../../core/text/lines.ts";
import { DEFAULT_MAX_BYTES, isLockfile, looksBinary, unreadableReason } from "../../io/files.ts";
import { undecodablePath } from "../../io/names.ts";
import type { Env } from "../../io/env.ts";
import { diffPaths, mergeBase, startBlobReader, resolveCommits, checkRevision, type ChangedPath, type Revision } from "../../io/git.ts";

export interface ChangedOptions {
  /** The run; git is asked in its working folder. */
  env: Env;
  base?: string;
  head?: string;
  staged?: boolean;
  mergeBase?: boolean;
  maxBytes?: number;
  /**
   * Only changes inside these roots (a git pathspec), each path also admitted by the gate before
   * it is read: the MCP workspace (src/io/workspace.ts). Roots outside the repository count for nothing.
   */
  confine?: { roots: readonly string[]; admits(path: string): boolean };
  /** Only paths matching these git pathspecs (the user's, after `--`), relative to env.cwd, magic allowed. */
  pathspec?: readonly string[];
}

const REGULAR = new Set(["100644", "100755"]);

/** A git path as a name to detect by: one that is not UTF-8 (names.ts) goes by its decoded name. */
function plainName(path: string): string {
  return undecodablePath(path)?.decoded ?? path;
}

/** The one language decision (detect.ts), from the file's name and content. */
function detectLanguage(path: string, content: Uint8Array): LanguageSpec | undefined {
  return detectByContent(plainName(path), content);
}

/** Which language the name alone points to (a candidate; the content decides). */
function languageByName(path: string): LanguageSpec | undefined {
  return languageByPlainName(plainName(path));
}

/** Symbols are compared, imports never: their query patterns are not even compiled. */
const DEFINITIONS_ONLY = { imports: false };

export async function computeChanges(opts: ChangedOptions): Promise<ChangeSet> {
  return (await computeChangeWork(opts)).set;
}

/** A change set with the inputs it was computed from and their context (history asks more of one commit's sides). */
export interface ChangeWork {
  set: ChangeSet;
  inputs: FileInput[];
  ctx: SideContext;
}

export async function computeChangeWork(opts: ChangedOptions): Promise<ChangeWork> {
  if (opts.base !== undefined) checkRevision(opts.base, "--base");
  if (opts.head !== undefined) checkRevision(opts.head, "--head");
  if (opts.staged && opts.head !== undefined) throw usageError("--staged compares with the index, so it takes no --head", "drop one of them");
  const revs: Revision[] = [{ rev: opts.base ?? "HEAD", flag: "--base", given: opts.base !== undefined }];
  if (opts.head !== undefined || opts.mergeBase) revs.push({ rev: opts.head ?? "HEAD", flag: "--head", given: opts.head !== undefined });
  // Everything independent starts at once, so the git calls run inside the runtime's compile:
  // the tree-sitter runtime compiles while git runs in its own processes, `git diff` runs
  // beside `git rev-parse` (on the revisions as given; its paths are relative to the root
  // whatever the cwd), and `git cat-file --batch` starts before the blob ids are known.
  initRuntime().catch(() => {}); // a failure surfaces where parsing awaits it
  const { env } = opts;
  const early = opts.mergeBase || opts.confine ? undefined : diffPaths(env, env.cwd, `${revs[0].rev}^{commit}`, opts.head === undefined ? undefined : `${opts.head}^{commit}`, Boolean(opts.staged), [], opts.pathspec);
  early?.catch(() => {}); // awaited (or replaced) below, once the revisions are known good
  const readBlobsOnce = startBlobReader(env, env.cwd);
  try {
    return await changesFrom(opts, revs, early, readBlobsOnce);
  } finally {
    readBlobsOnce([]).catch(() => {}); // lets cat-file go if a failure came first (a second call is a no-op)
  }
}

async function changesFrom(
  opts: ChangedOptions,
  revs: Revision[],
  early: Promise<ChangedPath[]> | undefined,
  readBlobsOnce: (ids: string[]) => Promise<Map<string, Buffer>>,
): Promise<ChangeWork> {
  const { env } = opts;
  const { root, shas } = await resolveCommits(env, env.cwd, revs);
  let base = shas[0];
  const head = opts.head !== undefined ? shas[1] : undefined;
  if (opts.mergeBase) base = await mergeBase(env, root, base, shas[1]);
  // The early diff's own failure (unexpected once rev-parse agreed) gets the precise error from the plain call.
  const scope = opts.confine && pathspecWithin(root, opts.confine.roots);
  // The user's pathspecs are relative to the working folder, so that diff runs there (its paths stay the root's).
  const all = scope?.length === 0 ? [] : await (early ?? Promise.reject()).catch(() => diffPaths(env, opts.pathspec ? env.cwd : root, base, head, Boolean(opts.staged), scope, opts.pathspec));
  const gate = opts.confine;
  const paths = gate ? all.filter((p) => gate.admits(join(root, p.path)) && (p.oldPath === undefined || gate.admits(join(root, p.oldPath)))) : all;
  const fromWorkTree = head === undefined && !opts.staged;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;

  // Only files a language could claim are read: by name, or (no extension) by a `#!` line.
  const mayParse = (path: string) => languageByName(path) !== undefined || !/\.[^/.]+$/.test(plainName(path));
  const blobIds: string[] = [];
  for (const p of paths) {
    if (p.oldBlob && REGULAR.has(p.oldMode) && mayParse(p.oldPath ?? p.path)) blobIds.push(p.oldBlob);
    if (!fromWorkTree && p.newBlob && REGULAR.has(p.newMode) && mayParse(p.path)) blobIds.push(p.newBlob);
  }
  // Compile what parsing will need while git reads the blobs (wall time: git runs in its own
  // process). Every file a change touches is parsed, both sides: no cached outline is trusted
  // here. An object can be checked against the names it lists, never for what it leaves out, and
  // a review (the PR comment, SARIF) must not miss a function because a restored cache omits it.
  const store: CacheStore | undefined = undefined;
  const warm = warmUp(paths.map((p) => languageByName(p.path) ?? (p.oldPath ? languageByName(p.oldPath) : undefined)), true);
  const blobs = await readBlobsOnce(blobIds);
  await warm;

  const ctx: SideContext = { store, deferred: [] };
  const inputs: FileInput[] = [];
  for (const p of paths) {
    const oldBytes = p.oldBlob ? blobs.get(p.oldBlob) : undefined;
    const newSide = p.status === "deleted" ? undefined : fromWorkTree ? readWorkTree(root, p.path, mayParse) : p.newBlob ? blobs.get(p.newBlob) : undefined;
    if (newSide && !(newSide instanceof Uint8Array)) {
      inputs.push(skippedInput(p, newSide.unreadable));
      continue;
    }
    try {
      inputs.push(await fileInput(p, oldBytes, newSide, maxBytes, ctx));
    } catch (e) {
      // One file that cannot be outlined (nested past the limit, too large to parse) is listed
      // with the reason; the rest of the review goes on.
      inputs.push(skippedInput(p, failureReason(e)));
    }
  }
  const files = await diffWithComments(inputs, ctx);
  return { set: { base, head: head ?? (opts.staged ? "INDEX" : "WORKTREE"), files }, inputs, ctx };
}

/**
 * The diff of these inputs with every comment it used known. Outlines from the cache come
 * without a tree: where the diff asked for comments of such a side (a symbol's text differs, or
 * renames are matched), parse just those sides, then diff again: the diff is pure, so the last
 * pass is the answer. (Comments can change which symbols pair up, and so which sides are asked:
 * repeat until no pass asks for a side not loaded yet; each side loads at most once.)
 */
export async function diffWithComments(inputs: FileInput[], ctx: SideContext): Promise<FileChange[]> {
  let files = diffFiles(inputs);
  while (await loadAskedComments(ctx)) files = diffFiles(inputs);
  return files;
}

/** Load the comments of the sides a pass asked for and did not have; false when there were none (the last pass was whole). */
export async function loadAskedComments(ctx: SideContext): Promise<boolean> {
  const pending = ctx.deferred.filter((d) => d.asked && !d.spans);
  for (const d of pending) d.spans = await d.load();
  return pending.length > 0;
}

/** The roots inside the repository, relative to its root ([] when none is; undefined when one holds all of it). */
function pathspecWithin(root: string, roots: readonly string[]): string[] | undefined {
  const top = realpathSync(root);
  const inside = (from: string, to: string) => {
    const rel = relative(from, to);
    return rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  };
  if (roots.some((r) => inside(r, top))) return undefined;
  return roots.filter((r) => inside(top, r)).map((r) => relative(top, r).split(sep).join("/"));
}

/** Start loading grammars (and outline queries) for these languages; failures surface later, where they are used. */
function warmUp(languages: (LanguageSpec | undefined)[], queries: boolean): Promise<unknown> {
  const seen = new Set<LanguageSpec>();
  const jobs: Promise<unknown>[] = [];
  for (const spec of languages) {
    if (!spec || seen.has(spec) || spec.embedded) continue;
    seen.add(spec);
    jobs.push(queries ? loadQuery(spec, DEFINITIONS_ONLY) : loadGrammar(spec.grammar));
  }
  return Promise.allSettled(jobs);
}

interface DeferredComments {
  asked: boolean;
  spans?: DiffCommentSpan[];
  load: () => Promise<DiffCommentSpan[]>;
}

export interface SideContext {
  /** The repo's .ast_outline_cache (`history` only: `changed` parses every side it compares). */
  store?: CacheStore;
  /**
   * Store what is parsed in `store` (`history`, which reads the same old blobs again on every
   * run). Such outlines are whole (imports included), as every cache reader expects.
   */
  remember?: boolean;
  /** Outlines already read or made, by the bytes object they describe (one version seen twice is looked up once). */
  outlines?: WeakMap<Uint8Array, OutlineSymbol[]>;
  deferred: DeferredComments[];
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A work-tree file as read: its bytes, gone (git saw it, it was deleted since), or why it could not be read. */
type WorkTreeRead = Uint8Array | { unreadable: UnreadableReason } | undefined;

function readWorkTree(root: string, path: string, mayParse: (p: string) => boolean): WorkTreeRead {
  if (!mayParse(path)) return undefined;
  // A name that is not UTF-8 is opened by its bytes.
  const odd = undecodablePath(path);
  const full = odd ? Buffer.concat([Buffer.from(`${root}/`), odd.bytes]) : join(root, path);
  try {
    if (!lstatSync(full).isFile()) return undefined;
    return readFileSync(full);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // Deleted since git listed it: git reports it as deleted too.
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    // Anything else is not "no symbols": the file is listed with why it was not read.
    return { unreadable: unreadableReason(e) };
  }
}

export function failureReason(e: unknown): SkipReason {
  const limit = limitReason(e);
  if (limit !== undefined) return limit;
  if (e instanceof OutlineError) return `not outlined: ${e.message}`;
  return `not outlined: internal error: ${e instanceof Error ? e.message : String(e)}`;
}

export function skippedInput(p: ChangedPath, reason: SkipReason): FileInput {
  const input: FileInput = { path: p.path, status: p.status, skipped: reason };
  if (p.oldPath !== undefined) input.oldPath = p.oldPath;
  const lang = languageByName(p.path) ?? (p.oldPath ? languageByName(p.oldPath) : undefined);
  if (lang) input.language = lang.id;
  return input;
}

export async function fileInput(p: ChangedPath, oldBytes: Uint8Array | undefined, newBytes: Uint8Array | undefined, maxBytes: number, ctx: SideContext): Promise<FileInput> {
  const status: FileStatus = p.status;
  const input: FileInput = { path: p.path, status };
  if (p.oldPath !== undefined) input.oldPath = p.oldPath;
  const modes = [p.oldMode, p.newMode].filter((m) => !/^0+$/.test(m));
  if (modes.includes("160000")) return { ...input, skipped: "submodule" };
  if (modes.includes("120000")) return { ...input, skipped: "symlink" };

  const newLang = newBytes ? detectLanguage(p.path, newBytes) : undefined;
  const oldLang = oldBytes ? detectLanguage(p.oldPath ?? p.path, oldBytes) : undefined;
  const language = newLang ?? oldLang;
  if (!language || (newBytes && !newLang) || (oldBytes && !oldLang) || (!newBytes && !oldBytes)) {
    const lang = languageByName(p.path) ?? languageByName(p.oldPath ?? p.path);
    if (lang) input.language = lang.id;
    return { ...input, skipped: [oldBytes, newBytes].some((b) => b && looksBinary(b)) ? "binary" : lang ? "unreadable" : "unsupported language" };
  }
  input.language = language.id;
  if (isLockfile(p.path)) return { ...input, skipped: "lockfile" };
  if ([oldBytes, newBytes].some((b) => b && looksBinary(b))) return { ...input, skipped: "binary" };
  if ([oldBytes, newBytes].some((b) => b && b.length > maxBytes)) return { ...input, skipped: "too large" };
  // Same bytes on both sides (a pure rename, a mode change): no symbol can differ, nothing to parse.
  if (oldBytes && newBytes && sameBytes(oldBytes, newBytes)) return input;
  const oldText = oldBytes && decodeSource(oldBytes);
  const newText = newBytes && decodeSource(newBytes);
  // Where both sides exist, comments matter only on the lines that changed (to call an edit
  // cosmetic, to compare what was removed or added): unchanged lines count the same on both sides.
  const oldLines = oldText !== undefined && newText !== undefined ? splitLines(oldText) : [];
  const newLines = oldText !== undefined && newText !== undefined ? splitLines(newText) : [];
  const changed = oldText !== undefined && newText !== undefined ? diffLines(oldLines, newLines) : undefined;
  if (changed) input.lines = changed;
  const asked = changed && commentLines(changed, oldLines.length, newLines.length);
  // A file added or deleted whole: its symbols are matched against those of other files (moves),
  // whose changed lines are read without comments; so is all of it.
  const whole: [number, number][] | undefined = changed ? undefined : [[0, Number.MAX_SAFE_INTEGER >> 1]];
  // The old side's tree, kept (a cheap copy) to parse the new side incrementally from it: the
  // same outline as a parse from scratch, for a fraction of the time on small edits.
  let reusable: Tree | undefined;
  const keep = changed && oldLang === newLang && !oldLang!.embedded ? (tree: Tree) => (reusable = tree.copy()) : undefined;
  try {
    if (oldBytes) input.old = await side(p.oldPath ?? p.path, oldBytes, oldText!, oldLang!, asked ? rowRuns(asked.old) : whole, ctx, keep);
    const edits = reusable && lineEdits(oldText!, newText!, changed!, oldLines.length, newLines.length);
    if (edits) for (const e of edits) reusable!.edit(e);
    if (newBytes) input.new = await side(p.path, newBytes, newText!, newLang!, asked ? rowRuns(asked.new) : whole, ctx, undefined, edits ? reusable : undefined);
  } finally {
    reusable?.delete();
  }
  // Split once: the diff core needs the same lines.
  if (changed && input.old && input.new) {
    input.old.lines = oldLines;
    input.new.lines = newLines;
  }
  return input;
}

/** Outlines (by their symbols array) of versions the parser could not read whole: `ctx.outlines` keeps only the symbols. */
const UNPARSED = new WeakSet<OutlineSymbol[]>();

export async function side(
  path: string,
  bytes: Uint8Array,
  text: string,
  language: LanguageSpec,
  commentRows: [number, number][] | undefined,
  ctx: SideContext,
  keepTree?: (tree: Tree) => void,
  oldTree?: Tree,
): Promise<DiffSide> {
  // An embedded script (Vue) is parsed apart from its host file: no comment spans there.
  const wanted = commentRows && commentRows.length && !language.embedded;
  const docstrings = language.bodyDocstring ? { bodyDocstring: true } : {};
  const known = ctx.outlines?.get(bytes);
  const cached = known ? { symbols: known } : ctx.store?.readOutline(bytes, language.id, path);
  if (cached) {
    ctx.outlines?.set(bytes, cached.symbols);
    if ("unparsedRanges" in cached && cached.unparsedRanges?.length) UNPARSED.add(cached.symbols);
    const unparsed = UNPARSED.has(cached.symbols) ? { unparsed: true } : {};
    if (!wanted) return { path, text, symbols: cached.symbols, comments: [], ...docstrings, ...unparsed };
    // Comments come from a tree, parsed only if the diff asks (see computeChanges).
    const d: DeferredComments = {
      asked: false,
      load: () => withTree(language.grammar, text, (tree) => diffCommentSpans(language, tree, commentRows)),
    };
    ctx.deferred.push(d);
    return { path, text, symbols: cached.symbols, comments: () => d.spans ?? ((d.asked = true), []), ...docstrings, ...unparsed };
  }
  let comments: DiffCommentSpan[] = [];
  // The outline's own tree gives the comments: each version is parsed once.
  const outline = await outlineSource({
    path,
    bytes,
    language,
    oldTree,
    ...(ctx.remember && ctx.store ? {} : DEFINITIONS_ONLY),
    inspectTree: (tree) => {
      if (wanted) comments = diffCommentSpans(language, tree, commentRows);
      keepTree?.(tree);
    },
  });
  if (ctx.remember) ctx.store?.writeOutline(outline);
  ctx.outlines?.set(bytes, outline.symbols);
  if (!outline.unparsedRanges?.length) return { path, text, symbols: outline.symbols, comments, ...docstrings };
  UNPARSED.add(outline.symbols);
  return { path, text, symbols: outline.symbols, comments, ...docstrings, unparsed: true };
}
