// The tools the MCP server offers, as adapters from arguments to text: each calls the same use
// case as the CLI command of that name (src/app) and prints its answer with the same renderer
// (src/render), with the notes the CLI writes to stderr carried in the answer. Every read goes
// through the Workspace (the confinement gate); each question gets its own RepoSymbols view, so
// an answer reflects the disk at the time of the call, and parses are shared between questions
// while their file is unchanged. search_symbols and digest answer from the repository index
// (app/index/repo-index.ts), refreshed for the workspace's files before each answer.
import { callChain, findCallers } from "../app/calls/index.ts";
import { computeChanges } from "../app/changed/changes.ts";
import { changesWithImpact } from "../app/changed/with-impact.ts";
import { AGENT_HISTORY_LIMIT, CALL_DEPTH, CONTEXT_TOKENS, MAX_CHILDREN, MAX_TOKENS, SEARCH_LIMIT } from "../app/questions.ts";
import { symbolContext } from "../app/context/index.ts";
import { searchText } from "../app/text-search/index.ts";
import { textPattern } from "../core/search/text-pattern.ts";
import { symbolHistory } from "../app/history/index.ts";
import { digest, gitHistory } from "../app/digest/index.ts";
import { outlineEach } from "../app/outline-files.ts";
import { REGION_MAX_BYTES, checkRange, givenHash, normalizeHash, readRegionChecked } from "../app/region.ts";
import { WorkspaceIndex, type IndexCoverage } from "../app/index/workspace-index.ts";
import type { SymbolIndex } from "../app/index/index.ts";
import { estimateTokens } from "../core/text/tokens.ts";
import { languageByName } from "../core/languages/detect.ts";
import { ParseCache, repoSymbols, type RepoSymbols } from "../app/repo-symbols.ts";
import { parseKinds, searchSymbols } from "../app/search.ts";
import { findOne, symbolView, type SymbolMode } from "../app/symbol-view.ts";
import { inputError, usageError } from "../core/errors.ts";
import { normalizeQuery } from "../core/symbols/find.ts";
import { pathFilter } from "../core/text/glob.ts";
import { printable } from "../core/text/quote.ts";
import { envAt, type Env } from "../io/env.ts";
import { requireOwnRepository } from "../io/git-place.ts";
import { DEFAULT_MAX_BYTES, SKIP_SNIFF_BYTES } from "../io/files.ts";
import type { FileAccess } from "../io/workspace.ts";
import type { WalkNote } from "../io/walk.ts";
import { renderCallChainText, renderCallersText } from "../render/calls-text.ts";
import { renderChangedText } from "../render/changed/index.ts";
import { affectedTests } from "../app/tests/index.ts";
import { renderTestsText } from "../render/tests-text.ts";
import { renderDigestAnswer, flatDigestFits } from "../render/digest/index.ts";
import { renderHistoryText } from "../render/history-text.ts";
import { FolderOutlineText, renderOutlineText } from "../render/outline/index.ts";
import { regionAnswer } from "../render/region-text.ts";
import { searchAnswer } from "../render/search-text.ts";
import { renderSymbolText } from "../render/symbol/index.ts";
import { fitContext, renderContextText } from "../render/context/index.ts";
import { textSearchAnswer } from "../render/text-search.ts";

export const MAX_REGION_LINES = 2000;
/** A folder's outline stops outlining files past about this many tokens, and names the rest. */
export const FOLDER_OUTLINE_TOKENS = 8000;

/**
 * How long search_symbols and digest wait for an index being built before they answer from what
 * it holds so far: well within the tool-call timeouts clients use (60 s by default in the MCP
 * SDK and Codex), short enough that an agent is not left waiting on its first question.
 */
export const DEFAULT_PATIENCE_MS = 10_000;

/** What a question that needs the repository index is told while it is built. */
export interface Waiting {
  patienceMs?: number;
  /** Called about every second while the index is built: files indexed so far, of those listed. */
  progress?: (c: IndexCoverage) => void;
}

export class AgentTools {
  private readonly parses = new ParseCache();
  private readonly index: WorkspaceIndex;

  constructor(readonly workspace: FileAccess, readonly env: Env, private readonly patienceMs = DEFAULT_PATIENCE_MS) {
    this.index = new WorkspaceIndex(env, workspace);
  }

  /** This question's view of the repository: listed afresh, parses reused while unchanged. */
  private repo(): RepoSymbols {
    return repoSymbols(this.env, this.workspace, this.parses);
  }

  async getOutline(path: string, maxChildren = MAX_CHILDREN, allDocs = false): Promise<string> {
    const opts = { maxChildren, docs: allDocs ? ("all" as const) : ("top" as const) };
    const target = this.workspace.locate(path);
    const repo = this.repo();
    if (this.workspace.probe(target) !== "folder") return renderOutlineText((await repo.parsed(target)).outline, opts);
    const problems: WalkNote[] = [];
    // Code first, then data, build and styling files (a repository's top is mostly CI YAML,
    // Makefiles and Markdown by name order); each group in walk order.
    const isData = (path: string) => (languageByName(path)?.data ? 1 : 0);
    const listed = this.workspace.list(target, problems).sort((a, b) => isData(a.path) - isData(b.path));
    const sizes = new Map(listed.map((f) => [f.path, f.stamp.size]));
    const source = {
      size: (p: string) => sizes.get(p)!,
      head: (p: string) => this.workspace.read(p, DEFAULT_MAX_BYTES).bytes.subarray(0, SKIP_SNIFF_BYTES),
      outline: async (p: string) => (await repo.parsed(p)).outline,
    };
    const text = new FolderOutlineText({ ...opts, budget: FOLDER_OUTLINE_TOKENS });
    let reached = 0;
    for await (const item of outlineEach(listed.map((f) => ({ path: f.path, explicit: false })), source, DEFAULT_MAX_BYTES)) {
      text.add(item);
      reached++;
      if (!text.open) break;
    }
    return text.finish(target, listed.slice(reached).map((f) => f.path), problems);
  }

  async getSymbol(path: string, name: string, mode?: SymbolMode, label?: string, hash?: string, focus?: string): Promise<string> {
    const given = hash === undefined ? undefined : givenHash(hash);
    const repo = this.repo();
    const file = await repo.parsed(path);
    return renderSymbolText(await symbolView(repo, file, findOne(file, name), mode, label, given, focus));
  }

  /** With a hash that is not the file's: a symbol's (symbol-hash.ts), checked against the file's outline when it has one. */
  async readRegion(path: string, start: number, end: number, hash?: string): Promise<string> {
    checkRange(start, end);
    const expectedHash = hash ? normalizeHash(hash) : undefined;
    const file = this.workspace.read(path, REGION_MAX_BYTES);
    const req = { startLine: start, endLine: end, expectedHash, maxLines: MAX_REGION_LINES };
    return regionAnswer(await readRegionChecked(file, req, hash, async () => (await this.repo().parsed(path)).outline));
  }

  /**
   * The index for a search or a digest: whole when it is ready within the patience; else what is
   * indexed so far, and a note saying how much that covers (the index goes on building).
   */
  private async patientIndex(wait: Waiting): Promise<{ index: (verifyObjects: boolean) => Promise<SymbolIndex>; note: string }> {
    const got = await this.index.within(wait.patienceMs ?? this.patienceMs, wait.progress);
    if (!got.partial) return { index: async (verify) => (verify ? this.index.refresh(true) : got.index), note: "" };
    const { indexed, listed } = got.partial;
    const n = (x: number) => x.toLocaleString("en-US");
    const note = `(partial answer: the workspace is being indexed; this covers ${n(indexed)} of ${n(listed)} source files. The index keeps building: ask again shortly for the rest.)\n`;
    return { index: async () => got.index, note };
  }

  async searchSymbols(query: string, kind?: string, glob?: string, limit = SEARCH_LIMIT, wait: Waiting = {}): Promise<string> {
    const kinds = parseKinds(kind);
    const { index, note } = await this.patientIndex(wait);
    const result = await searchSymbols({ query, kinds, within: glob === undefined ? [] : [glob], limit }, index);
    return searchAnswer(result) + note;
  }

  /** Lines of text across the workspace, each with its enclosing symbol; the text as written unless `fixed` is false (then a JavaScript regex). */
  async searchText(query: string, glob?: string, limit = SEARCH_LIMIT, fixed = true): Promise<string> {
    const pattern = textPattern(query, { fixed });
    return textSearchAnswer(await searchText(this.env, this.repo(), { pattern, within: glob === undefined ? [] : [glob], limit }));
  }

  /** One symbol with its callees' signatures, the types it names and its callers' lines, within the budget. */
  async getContext(path: string, name: string, maxTokens = CONTEXT_TOKENS): Promise<string> {
    const repo = this.repo();
    const file = await repo.parsed(path);
    return renderContextText(fitContext(await symbolContext(repo, file, findOne(file, name)), maxTokens));
  }

  async getCalls(path: string, name: string, depth = CALL_DEPTH, maxTokens = MAX_TOKENS): Promise<string> {
    const repo = this.repo();
    const file = await repo.parsed(path);
    return renderCallChainText(await callChain(repo, { path: file.file.path, symbol: findOne(file, name) }, depth), maxTokens);
  }

  async getCallers(name: string, glob?: string, maxTokens = MAX_TOKENS): Promise<string> {
    const last = normalizeQuery(name).split(".").pop() ?? "";
    if (!last) throw usageError("empty name");
    const { text, notes } = renderCallersText(await findCallers(this.repo(), last, glob), maxTokens);
    return text + notes.map((n) => `${printable(n)}\n`).join("");
  }

  /** The commits that changed one symbol; moves are followed only into files inside the workspace. */
  async symbolHistory(path: string, name: string, limit = AGENT_HISTORY_LIMIT, since?: string): Promise<string> {
    if (!this.workspace.admits(path)) this.workspace.locate(path); // the refusal, worded as for every tool
    const admits = (file: string) => this.workspace.admits(file);
    requireOwnRepository(this.env, this.workspace.base);
    return renderHistoryText(await symbolHistory({ env: envAt(this.env, this.workspace.base), path, symbol: name, limit, since, admits }));
  }

  /** A map of the workspace's files (those matching `glob`, if given), fitted to the budget. */
  async digest(glob?: string, maxTokens = MAX_TOKENS, focus: string[] = [], wait: Waiting = {}): Promise<string> {
    const keep = glob === undefined ? () => true : pathFilter(glob);
    // With a focus, git's log of recent commits (it never rejects) runs while the index is refreshed.
    const recent = focus.length ? gitHistory(this.env, this.workspace.base)() : undefined;
    const history = recent && (() => recent);
    const { index, note } = await this.patientIndex(wait);
    // The note's tokens come out of the budget.
    const budget = Math.max(1, maxTokens - estimateTokens(note));
    const answer = await digest(await index(false), { keep, focus, maxTokens: budget, history, flatFits: (files) => flatDigestFits(files, budget) });
    if (!answer) {
      if (note) return `nothing indexed yet ${note}`;
      throw inputError(`no source files${glob === undefined ? "" : ` matching ${printable(glob)}`}`, "get_outline of a folder lists what is there");
    }
    return renderDigestAnswer(answer, budget) + note;
  }

  /** Which symbols a change touched. Revisions get the same checks as on the command line (computeChanges); only changes inside the workspace roots are read and reported, and call sites and the files `tests` walks are read through the same workspace. */
  async changedSymbols(base?: string, head?: string, staged = false, impact = false, tests = false): Promise<string> {
    const at = envAt(this.env, this.workspace.base);
    requireOwnRepository(at, at.cwd);
    const set = await computeChanges({ env: at, base, head, staged, confine: this.workspace });
    const text = renderChangedText(impact ? await changesWithImpact(at, set, { access: this.workspace }) : set);
    if (!tests) return text;
    const reached = await affectedTests({ env: at, base, head, staged, confine: this.workspace, access: this.workspace });
    return `${text}\n${renderTestsText(reached)}`;
  }
}
