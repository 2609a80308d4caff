// The tools the MCP server offers, as plain async functions from arguments to text. Each
// question gets its own RepoSymbols view over the Workspace (the confinement gate, the only way
// any of them reads a file), so an answer reflects the disk at the time of the call; parses
// are shared between questions while their file is unchanged.
import { OutlineError } from "../core/errors.ts";
import { printable, quoteName, quotePath } from "../core/text/quote.ts";
import { flatten, normalizeQuery } from "../core/symbols/find.ts";
import { LineIndex } from "../core/text/lines.ts";
import { contentHash } from "../core/hash.ts";
import type { OutlineSymbol } from "../core/types.ts";
import { looksBinary } from "../io/files.ts";
import type { Env } from "../io/env.ts";
import type { FileAccess } from "../io/workspace.ts";
import type { WalkNote } from "../io/walk.ts";
import { renderOutlineText, HASH_PREFIX } from "../render/outline-text.ts";
import { approxTokens, renderCallChainText, renderCallersText } from "../render/calls-text.ts";
import { ParseCache, repoSymbols, type RepoSymbols } from "../app/repo-symbols.ts";
import { callChain, findCallers } from "../app/calls.ts";
import { defaultSymbolText, drillText, findOne, fullText, skeletonText, type SymbolMode } from "../app/symbol-view.ts";

export const MAX_REGION_LINES = 2000;
/** read_region reads files up to this size. */
const REGION_MAX_BYTES = 64 * 1024 * 1024;

export class AgentTools {
  private readonly parses = new ParseCache();

  constructor(readonly workspace: FileAccess, readonly env: Env) {}

  /** This question's view of the repository: listed afresh, parses reused while unchanged. */
  private repo(): RepoSymbols {
    return repoSymbols(this.env, this.workspace, this.parses);
  }

  async getOutline(path: string, maxChildren = 40, allDocs = false): Promise<string> {
    const opts = { maxChildren, docs: allDocs ? ("all" as const) : ("top" as const) };
    const target = this.workspace.locate(path);
    const repo = this.repo();
    if (this.workspace.probe(target) !== "folder") return renderOutlineText((await repo.parsed(target)).outline, opts);
    // A folder: every file's outline, until the answer is about 8k tokens; the rest listed by name.
    const parts: string[] = [];
    let used = 0;
    const left: string[] = [];
    const problems: WalkNote[] = [];
    for (const { path: p } of this.workspace.list(target, problems)) {
      if (used > 8000) {
        left.push(p);
        continue;
      }
      try {
        const text = renderOutlineText((await repo.parsed(p)).outline, opts);
        used += approxTokens(text);
        parts.push(text);
      } catch (err) {
        if (!(err instanceof OutlineError)) throw err;
        if (err.kind === "not-found") continue; // deleted since the listing: no longer in the folder
        parts.push(`${quotePath(p)}: skipped (${printable(err.message)})\n`);
      }
    }
    if (left.length) parts.push(`… ${left.length} more files not outlined (ask for them one folder or file at a time): ${left.slice(0, 50).map(quotePath).join(", ")}${left.length > 50 ? ", …" : ""}\n`);
    for (const n of problems) parts.push(`${quotePath(n.path)}: skipped (${printable(n.reason)})\n`);
    if (!parts.length) return `no supported source files under ${quotePath(target)}\n`;
    return parts.join("\n");
  }

  async getSymbol(path: string, name: string, mode?: SymbolMode, label?: string): Promise<string> {
    const repo = this.repo();
    const file = await repo.parsed(path);
    const symbol = findOne(file, name);
    if (mode === "drill") {
      if (!label) throw new OutlineError("usage", "mode drill needs a label", "take one from the skeleton: if@12, for@30, call:helper, or a branch number");
      return drillText(repo, file, symbol, label);
    }
    if (mode === "skeleton") return skeletonText(file, symbol);
    return mode === "full" ? fullText(file, symbol) : defaultSymbolText(file, symbol);
  }

  readRegion(path: string, start: number, end: number, hash?: string): string {
    if (end < start) throw new OutlineError("usage", `end line ${end} is before start line ${start}`);
    const file = this.workspace.read(path, REGION_MAX_BYTES);
    if (looksBinary(file.bytes)) throw new OutlineError("input", `${file.path} is a binary file`, "read_region reads text files");
    const index = new LineIndex(file.bytes);
    const now = contentHash(file.bytes);
    if (start > index.lineCount) throw new OutlineError("input", `${file.path} has ${index.lineCount} lines; line ${start} is past the end`);
    const last = Math.min(end, index.lineCount, start + MAX_REGION_LINES - 1);
    const out: string[] = [`# ${quotePath(file.path)}:${start}-${last} of ${index.lineCount} lines (sha256:${now.slice(0, HASH_PREFIX)})`];
    if (hash) {
      const want = hash.trim().toLowerCase().replace(/^sha256:/, "");
      if (!now.startsWith(want)) out.push(`# STALE: the file changed since sha256:${want.slice(0, HASH_PREFIX)}; these line numbers may not be the ones you meant. Call get_outline again.`);
    }
    if (last < end) out.push(`# showing ${start}-${last}${last === start + MAX_REGION_LINES - 1 ? ` (at most ${MAX_REGION_LINES} lines a call)` : ""}`);
    const dec = new TextDecoder();
    const width = String(last).length;
    index.lines(start, last).forEach((l, i) => out.push(`${String(start + i).padStart(width)}  ${dec.decode(l)}`));
    return out.join("\n") + "\n";
  }

  async searchSymbols(query: string, kind?: string, glob?: string, limit = 50): Promise<string> {
    const q = normalizeQuery(query);
    const last = q.split(".").pop() ?? q;
    if (!last) throw new OutlineError("usage", "empty query", "give a name or part of one");
    const lower = q.toLowerCase();
    const hits: { path: string; s: OutlineSymbol; rank: number }[] = [];
    const repo = this.repo();
    for (const path of repo.filesMentioning(last, glob, true)) {
      let f;
      try {
        f = await repo.parsed(path);
      } catch (e) {
        if (e instanceof OutlineError) continue;
        throw e;
      }
      for (const s of flatten(f.outline.symbols)) {
        if (kind && s.kind !== kind) continue;
        const qn = s.qualifiedName.toLowerCase();
        const n = s.name.toLowerCase();
        const rank = s.qualifiedName === q || s.name === q ? 0 : qn === lower || n === lower ? 1 : n.startsWith(lower) ? 2 : qn.endsWith(`.${lower}`) ? 3 : qn.includes(lower) ? 4 : -1;
        if (rank >= 0) hits.push({ path, s, rank });
      }
    }
    hits.sort((a, b) => a.rank - b.rank || a.path.localeCompare(b.path) || a.s.startLine - b.s.startLine);
    if (!hits.length) return `no symbols matching \`${printable(query)}\`${kind ? ` of kind ${printable(kind)}` : ""}\n`;
    const shown = hits.slice(0, limit).map((h) => `${quotePath(h.path)}:${h.s.startLine}-${h.s.endLine} ${h.s.kind} ${quoteName(h.s.qualifiedName)} — ${printable(h.s.signature)}`);
    if (hits.length > limit) shown.push(`… ${hits.length - limit} more (narrow with kind or path)`);
    return shown.join("\n") + "\n";
  }

  async getCalls(path: string, name: string, depth = 2, maxTokens = 2000): Promise<string> {
    const repo = this.repo();
    const file = await repo.parsed(path);
    const symbol = findOne(file, name);
    const chain = await callChain(repo, { path: file.file.path, symbol }, depth);
    return renderCallChainText(chain, maxTokens);
  }

  async getCallers(name: string, glob?: string, maxTokens = 2000): Promise<string> {
    const last = normalizeQuery(name).split(".").pop() ?? "";
    if (!last) throw new OutlineError("usage", "empty name");
    const groups = await findCallers(this.repo(), last, glob);
    if (!groups.length) return `no calls to \`${printable(last)}\` found${glob ? ` in ${printable(glob)}` : ""} (matching is by name; calls through variables or reflection are not seen)\n`;
    return renderCallersText(last, groups, maxTokens);
  }

  /** A map of the repo: per file its top-level symbols (classes with their member count). */
  async digest(glob?: string, maxTokens = 4000): Promise<string> {
    const repo = this.repo();
    const files = repo.files(glob);
    const out: string[] = [`${files.length} source files${glob ? ` matching ${printable(glob)}` : ""} (get_outline <file> for the full outline)`];
    let used = approxTokens(out[0]);
    for (let i = 0; i < files.length; i++) {
      let line: string;
      try {
        const o = (await repo.parsed(files[i])).outline;
        const tops = o.symbols.filter((s) => s.kind !== "variable").map((s) => (s.children?.length ? `${quoteName(s.name)}(${s.children.length})` : quoteName(s.name)));
        line = `${quotePath(o.path)} [${o.lineCount}]: ${tops.join(", ")}`;
        if (line.length > 400) line = `${line.slice(0, 399)}…`;
      } catch (e) {
        if (!(e instanceof OutlineError)) throw e;
        continue;
      }
      if (used + approxTokens(line) > maxTokens) {
        out.push(`… ${files.length - i} more files cut by the ${maxTokens}-token budget (narrow with path, e.g. "src/**")`);
        break;
      }
      used += approxTokens(line);
      out.push(line);
    }
    return out.join("\n") + "\n";
  }
}
