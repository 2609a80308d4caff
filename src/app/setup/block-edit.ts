// Our block in a Markdown instructions file (AGENTS.md, CLAUDE.md, GEMINI.md, a rules file),
// between two marker lines, so it can be found again, replaced and removed without touching
// the rest of the file. Pure.

export const BLOCK_BEGIN = "<!-- ast-outline:begin (written by `ast-outline setup`; `ast-outline setup --uninstall` removes it) -->";
export const BLOCK_END = "<!-- ast-outline:end -->";

const BEGIN_LINE = /^<!-- ast-outline:begin\b.*-->[ \t]*\r?$/m;
const END_LINE = /^<!-- ast-outline:end -->[ \t]*\r?$/m;

export function blockText(content: string, eol = "\n"): string {
  return [BLOCK_BEGIN, ...content.trimEnd().split("\n"), BLOCK_END].join(eol) + eol;
}

/** Where a block already stands: from its begin line to past its end line (and that line's break). */
export function findBlock(text: string): { start: number; end: number } | undefined {
  const b = BEGIN_LINE.exec(text);
  if (!b) return undefined;
  END_LINE.lastIndex = 0;
  const rest = text.slice(b.index);
  const e = END_LINE.exec(rest);
  if (!e) return undefined;
  let end = b.index + e.index + e[0].length;
  if (text[end] === "\n") end++;
  return { start: b.index, end };
}

/** The block put in place of the one there, else appended after a blank line. */
export function blockInsert(text: string | null, content: string): string {
  if (text === null || !text.trim()) return blockText(content);
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const block = blockText(content, eol);
  const there = findBlock(text);
  if (there) return text.slice(0, there.start) + block + text.slice(there.end);
  return text + (text.endsWith("\n") ? "" : eol) + eol + block;
}

/** The text without the block (and the blank line setup put before it); unchanged if there is none. */
export function blockRemove(text: string): string {
  const there = findBlock(text);
  if (!there) return text;
  let start = there.start;
  const before = text.slice(0, start);
  const blank = /(\r?\n)\r?\n$/.exec(before);
  if (blank && there.end === text.length) start -= blank[0].length - blank[1].length;
  return text.slice(0, start) + text.slice(there.end);
}
