// The tools the MCP server offers, as adapters from arguments to text: each calls the same use
// case as the CLI command of that name (src/app) and prints its answer with the same renderer
// (src/render), with the notes the CLI writes to stderr carried in the answer. Every read goes
// through the Workspace (the confinement gate); each question gets its own RepoSymbols view, so
// an answer reflects the disk at the time of the call, and parses are shared between questions
// while their file is unchanged. search_symbols and digest answer from the repository index
// (app/index/repo-index.ts), refreshed for the workspace's files before each answer.
import { callChain, findCallers } from "../app/calls/index.ts";
import { symbolHistory } from "../app/history/index.ts";
import { digest, gitHistory } from "../app/digest/index.ts";
import { outlineEach } from "../app/outline-files.ts";
import { REGION_MAX_BYTES, checkRange, givenHash, isSymbolHash, normalizeHash, readRegion, readRegionBySymbol } from "../app/region.ts";
import { languageByName } from "../core/languages/detect.ts";
import { WorkspaceIndex } from "../app/index/workspace-index.ts";
import { ParseCache, repoSymbols, type RepoSymbols } from "../app/repo-symbols.ts";
import { parseKinds, searchSymbols } from "../app/search.ts";
import { findOne, symbolView, type SymbolMode } from "../app/symbol-view.ts";
import { OutlineError } from "../core/errors.ts";
import { normalizeQuery } from "../core/symbols/find.ts";
import { pathFilter } from "../core/text/glob.ts";
import { printable } from "../core/text/quote.ts";
import { envAt, type Env } from "../io/env.ts";
import { requireOwnRepository } from "../io/git-place.ts";
import { DEFAULT_MAX_BYTES, SKIP_SNIFF_BYTES } from "../io/files.ts";
import type { FileAccess } from "../io/workspace.ts";
import type { WalkNote } from "../io/walk.ts";
import { renderCallChainText, renderCallersText } from "../render/calls-text.ts";
import { renderDigestAnswer, flatDigestFits } from "../render/digest/index.ts";
import { renderHistoryText } from "../render/history-text.ts";
import { FolderOutlineText, renderOutlineText } from "../render/outline/index.ts";
import { regionAnswer } from "../render/region-text.ts";
import { searchAnswer } from "../render/search-text.ts";
import { renderSymbolText } from "../render/symbol/index.ts";

export const MAX_REGION_LINES = 2000;
/** A folder's outline stops outlining files past about this many tokens, and names the rest. */
export const FOLDER_OUTLINE_TOKENS = 8000;

export class AgentTools {
  private readonly parses = new ParseCache();
  private readonly index: WorkspaceIndex;

  constructor(readonly workspace: FileAccess, readonly env: Env) {
    this.index = new WorkspaceIndex(env, workspace);
  }

  /** This question's view of the repository: listed afresh, parses reused while unchanged. */
  private repo(): RepoSymbols {
    return repoSymbols(this.env, this.workspace, this.parses);
  }

  async getOutline(path: string, maxChildren = 40, allDocs = false): Promise<string> {
    const opts = { maxChildren, docs: allDocs ? ("all" as const) : ("top" as const) };
    const target = this.workspace.locate(path);
    const repo = this.repo();
    if (this.workspace.probe(target) !== "folder") return renderOutlineText((await repo.parsed(target)).outline, opts);
    const problems: WalkNote[] = [];
    const listed = this.workspace.list(target, problems);
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
    const view = readRegion(file, req);
    if (view.staleSince === undefined || !languageByName(file.path)) return regionAnswer(view);
    const parsed = await this.repo().parsed(path).catch(() => undefined);
    return regionAnswer(parsed ? readRegionBySymbol(file, req, view, parsed.outline, isSymbolHash(hash!)) : view);
  }

  async searchSymbols(query: string, kind?: string, glob?: string, limit = 50): Promise<string> {
    const result = await searchSymbols(
      { query, kinds: parseKinds(kind), within: glob === undefined ? [] : [glob], limit },
      (verifyObjects) => this.index.refresh(verifyObjects),
    );
    return searchAnswer(result);
  }

  async getCalls(path: string, name: string, depth = 2, maxTokens = 2000): Promise<string> {
    const repo = this.repo();
    const file = await repo.parsed(path);
    return renderCallChainText(await callChain(repo, { path: file.file.path, symbol: findOne(file, name) }, depth), maxTokens);
  }

  async getCallers(name: string, glob?: string, maxTokens = 2000): Promise<string> {
    const last = normalizeQuery(name).split(".").pop() ?? "";
    if (!last) throw new OutlineError("usage", "empty name");
    const { text, notes } = renderCallersText(await findCallers(this.repo(), last, glob), maxTokens);
    return text + notes.map((n) => `${printable(n)}\n`).join("");
  }

  /** The commits that changed one symbol; moves are followed only into files inside the workspace. */
  async symbolHistory(path: string, name: string, limit = 20, since?: string): Promise<string> {
    if (!this.workspace.admits(path)) this.workspace.locate(path); // the refusal, worded as for every tool
    const admits = (file: string) => this.workspace.admits(file);
    requireOwnRepository(this.env, this.workspace.base);
    return renderHistoryText(await symbolHistory({ env: envAt(this.env, this.workspace.base), path, symbol: name, limit, since, admits }));
  }

  /** A map of the workspace's files (those matching `glob`, if given), fitted to the budget. */
  async digest(glob?: string, maxTokens = 4000, focus: string[] = []): Promise<string> {
    const keep = glob === undefined ? () => true : pathFilter(glob);
    // With a focus, git's log of recent commits (it never rejects) runs while the index is refreshed.
    const recent = focus.length ? gitHistory(this.env, this.workspace.base)() : undefined;
    const history = recent && (() => recent);
    const answer = await digest(await this.index.refresh(false), { keep, focus, maxTokens, history, flatFits: (files) => flatDigestFits(files, maxTokens) });
    if (!answer) throw new OutlineError("input", `no source files${glob === undefined ? "" : ` matching ${printable(glob)}`}`, "get_outline of a folder lists what is there");
    return renderDigestAnswer(answer, maxTokens);
  }
}
