// A folder's outline as one answer under a token budget (the MCP get_outline of a folder): each
// file's text outline (text.ts) while it fits in what is left of the budget; a file whose outline
// does not fit is named instead, and once the budget is nearly spent the files not reached are
// named too, as many as the room kept for that line allows. What could not be outlined or
// listed is named. The answer never exceeds the budget (core/text/tokens.ts's estimate).
import { printable, quotePath } from "../../core/text/quote.ts";
import { estimateTokens } from "../../core/text/tokens.ts";
import type { OutlineItem } from "../../core/views.ts";
import { renderOutlineText, type TextOptions } from "./text.ts";

/** The share of the budget kept for the closing lines (files not outlined, what was skipped). */
const CLOSING_SHARE = 0.1;
/** Outlining stops once less than this share of the outlines' room is left, or after this many files in a row did not fit. */
const FULL_SHARE = 0.05;
const MISSES_IN_A_ROW = 20;

export class FolderOutlineText {
  private readonly parts: string[] = [];
  private readonly notShown: string[] = [];
  private readonly skipped: string[] = [];
  private used = 0;
  private misses = 0;
  private readonly room: number;

  constructor(private readonly opts: TextOptions & { budget: number }) {
    this.room = Math.floor(opts.budget * (1 - CLOSING_SHARE));
  }

  /** False once the budget is (nearly) spent: the caller names the remaining files in finish(). */
  get open(): boolean {
    return this.room - this.used >= this.room * FULL_SHARE && this.misses < MISSES_IN_A_ROW;
  }

  add(item: OutlineItem): void {
    if (item.type === "outline") {
      const text = renderOutlineText(item.outline, this.opts);
      const cost = estimateTokens(text) + 1; // and the blank line after it
      if (this.used + cost > this.room) {
        this.notShown.push(item.outline.path);
        this.misses++;
        return;
      }
      this.misses = 0;
      this.used += cost;
      this.parts.push(text);
    } else if (item.type === "skipped") this.skipped.push(skippedLine(item.path, item.reason));
    else if (item.type === "failed") this.skipped.push(skippedLine(item.path, item.error.message));
  }

  /** The answer: the outlines, then the files not outlined, then what was skipped or could not be listed. */
  finish(folder: string, rest: string[], problems: { path: string; reason: string }[]): string {
    const notShown = [...this.notShown, ...rest];
    const closing: string[] = [];
    let left = this.opts.budget - this.used;
    const take = (line: string) => {
      const cost = estimateTokens(line) + 1;
      if (cost > left) return false;
      left -= cost;
      closing.push(line);
      return true;
    };
    const others = [...this.skipped, ...problems.map((n) => skippedLine(n.path, n.reason))];
    if (notShown.length) take(notShownLine(folder, notShown, Math.min(MAX_NOT_SHOWN_CHARS, left * 4 - 8 - (others.length ? Math.min(800, left * 2) : 0))));
    let dropped = 0;
    for (const line of others) if (!take(line)) dropped++;
    if (dropped) take(`… ${dropped} more files skipped\n`);
    const parts = [...this.parts, ...closing];
    if (!parts.length) return `no supported source files under ${quotePath(folder)}\n`;
    return parts.join("\n");
  }
}

/** The line naming the files not outlined is at most this long: past it, folders are counted, not listed. */
const MAX_NOT_SHOWN_CHARS = 2400;

/**
 * The files not outlined: how many under each folder (the folders with most first), then the
 * names of those directly in it, as far as `chars` allows.
 */
function notShownLine(folder: string, paths: string[], chars: number): string {
  const prefix = folder === "." ? "" : `${folder.replace(/\/$/, "")}/`;
  const here: string[] = [];
  const below = new Map<string, number>();
  for (const p of paths) {
    const rel = p.startsWith(prefix) ? p.slice(prefix.length) : p;
    const slash = rel.indexOf("/");
    if (slash < 0) here.push(p);
    else below.set(rel.slice(0, slash + 1), (below.get(rel.slice(0, slash + 1)) ?? 0) + 1);
  }
  let line = `… ${paths.length} more files not outlined (ask for a folder or a file):`;
  const add = (part: string) => {
    if (line.length + part.length + 4 > chars) return false;
    line += part;
    return true;
  };
  const folders = [...below].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  let shown = 0;
  for (const [name, n] of folders) {
    if (!add(`${shown ? "," : ""} ${quotePath(prefix + name)} ${n}`)) break;
    shown++;
  }
  if (shown < folders.length) add(`, … ${folders.length - shown} more folders`);
  if (here.length) {
    let named = 0;
    add(`${folders.length ? ";" : ""} here:`);
    for (const p of here) {
      if (!add(`${named ? "," : ""} ${quotePath(p)}`)) break;
      named++;
    }
    if (named < here.length) add(`, … ${here.length - named} more`);
  }
  return `${line}\n`;
}

function skippedLine(path: string, reason: string): string {
  return `${quotePath(path)}: skipped (${printable(reason)})\n`;
}
