// A folder's outline as one answer under a token budget (the MCP get_outline of a folder):
// each file's text outline (text.ts), until the answer is about `budget` tokens; the
// files after that are listed by name, and what could not be outlined or listed is named.
import { printable, quotePath } from "../../core/text/quote.ts";
import { estimateTokens } from "../../core/text/tokens.ts";
import type { OutlineItem } from "../../core/views.ts";
import { renderOutlineText, type TextOptions } from "./text.ts";

/** Files named after the budget ran out, at most. */
const MORE_NAMED = 50;

export class FolderOutlineText {
  private readonly parts: string[] = [];
  private used = 0;

  constructor(private readonly opts: TextOptions & { budget: number }) {}

  /** False once the budget is spent: the caller names the remaining files in finish(). */
  get open(): boolean {
    return this.used <= this.opts.budget;
  }

  add(item: OutlineItem): void {
    if (item.type === "outline") {
      const text = renderOutlineText(item.outline, this.opts);
      this.used += estimateTokens(text);
      this.parts.push(text);
    } else if (item.type === "skipped") this.parts.push(skippedLine(item.path, item.reason));
    else if (item.type === "failed") this.parts.push(skippedLine(item.path, item.error.message));
  }

  /** The answer: the outlines, then the files not reached, then what could not be listed. */
  finish(folder: string, rest: string[], problems: { path: string; reason: string }[]): string {
    const parts = [...this.parts];
    if (rest.length) parts.push(`… ${rest.length} more files not outlined (ask for them one folder or file at a time): ${rest.slice(0, MORE_NAMED).map(quotePath).join(", ")}${rest.length > MORE_NAMED ? ", …" : ""}\n`);
    for (const n of problems) parts.push(skippedLine(n.path, n.reason));
    if (!parts.length) return `no supported source files under ${quotePath(folder)}\n`;
    return parts.join("\n");
  }
}

function skippedLine(path: string, reason: string): string {
  return `${quotePath(path)}: skipped (${printable(reason)})\n`;
}
