// An independent reading of how GitHub-flavoured Markdown shows a table row, for checking the
// Markdown `changed` writes: cells split the way cmark-gfm (GitHub) and micromark split them,
// and the text a cell's inlines show, code spans as CommonMark 6.1 defines them.

/** The unsafe characters of src/core/text/quote.ts, written out again here. */
export const RAW_UNSAFE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

function splitRow(line: string, delimiterAt: (line: string, i: number) => "pipe" | "pair" | "char"): string[] | undefined {
  if (!line.startsWith("|")) return undefined;
  const cells: string[] = [];
  let cell = "";
  for (let i = 1; i < line.length; i++) {
    const what = delimiterAt(line, i);
    if (what === "pipe") {
      cells.push(cell);
      cell = "";
    } else if (what === "pair") {
      cell += line.slice(i, i + 2);
      i++;
    } else cell += line[i];
  }
  if (cell.trim()) cells.push(cell); // no trailing pipe: the rest is a cell
  return cells.map((c) => c.trim().replace(/\\\|/g, "|"));
}

/**
 * cmark-gfm's scanner takes the longest match of `(\\[punct]|[^|])+`, so a pipe right after
 * any backslash stays in the cell; then every `\|` becomes `|` (table.c `unescape_pipes`).
 */
export function cellsCmark(line: string): string[] | undefined {
  return splitRow(line, (l, i) => (l[i] === "|" && l[i - 1] !== "\\" ? "pipe" : "char"));
}

/** micromark: a backslash escapes the backslash or pipe after it; any other pipe ends a cell. */
export function cellsMicromark(line: string): string[] | undefined {
  return splitRow(line, (l, i) => (l[i] === "\\" && (l[i + 1] === "\\" || l[i + 1] === "|") ? "pair" : l[i] === "|" ? "pipe" : "char"));
}

const PUNCT = /[!-/:-@[-`{-~]/;

/** The text a cell's inlines show: code spans' contents, backslash escapes outside them resolved. */
export function inlineText(cell: string): string {
  let out = "";
  let i = 0;
  while (i < cell.length) {
    const ch = cell[i];
    if (ch === "\\" && PUNCT.test(cell[i + 1] ?? "")) {
      out += cell[i + 1];
      i += 2;
    } else if (ch === "`") {
      const open = runAt(cell, i);
      let j = i + open;
      let close = -1;
      while (j < cell.length) {
        if (cell[j] === "`") {
          const n = runAt(cell, j);
          if (n === open) {
            close = j;
            break;
          }
          j += n;
        } else j++;
      }
      if (close < 0) {
        out += "`".repeat(open);
        i += open;
        continue;
      }
      let code = cell.slice(i + open, close).replace(/\r\n|\r|\n/g, " ");
      if (code.startsWith(" ") && code.endsWith(" ") && code.trim() !== "") code = code.slice(1, -1);
      out += code;
      i = close + open;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

function runAt(text: string, i: number): number {
  let n = 0;
  while (text[i + n] === "`") n++;
  return n;
}

/** Problems with a Markdown document: raw unsafe characters, rows that split apart, tables without rows. */
export function markdownProblems(md: string, columns: number): string[] {
  const problems: string[] = [];
  const lines = md.split("\n");
  lines.forEach((line, n) => {
    if (RAW_UNSAFE.test(line)) problems.push(`line ${n + 1} holds a raw control or format character`);
    if (!line.startsWith("|")) return;
    for (const [name, cells] of [["cmark-gfm", cellsCmark(line)], ["micromark", cellsMicromark(line)]] as const) {
      if (cells?.length !== columns) problems.push(`line ${n + 1} splits into ${cells?.length} cells under ${name}: ${line.slice(0, 200)}`);
    }
    if (/^\|---/.test(line) && !(lines[n + 1] ?? "").startsWith("|")) problems.push(`line ${n + 1}: a table without rows`);
  });
  return problems;
}
