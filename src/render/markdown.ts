// Markdown for text that comes from a repository (GFM, as GitHub renders comments).
//
// Untrusted text is only ever put in code spans: inside one there is no emphasis, link or
// HTML, and its text is shown as written (CommonMark 6.1), so nothing a name holds can format
// or link. A code span is fenced by a backtick run longer than any inside it and padded with a
// space when its text starts or ends with a backtick (or has a space at both ends), which
// CommonMark strips again: a backtick in a name stays a backtick.
//
// In a table cell a pipe ends the cell (GFM 4.10: rows are split into cells before inlines are
// parsed), even inside a code span; written `\|` it is a pipe again, code spans included (GFM
// example 200). A pipe right after a backslash is the one case renderers read differently
// (cmark-gfm keeps `\\|` in the cell, micromark ends the cell at it): there the code span is
// closed and the pipe written between two spans, escaped, so every renderer shows the text.
import { cutText, printable, quoteName, quotePath } from "../core/text/quote.ts";

/** Longest name, signature and path shown in a comment (a cell or heading), in characters. */
export const NAME_SHOWN_MAX = 200;
export const SIGNATURE_SHOWN_MAX = 300;
export const PATH_SHOWN_MAX = 400;

/** `text` as one code span (several in a table cell when a pipe follows a backslash). */
export function codeSpan(text: string, inTableCell = false): string {
  const shown = printable(text);
  if (!inTableCell) return fence(shown);
  return shown
    .split(/(?<=\\)\|/)
    .map((part) => (part ? fence(part).replace(/\|/g, "\\|") : ""))
    .join("\\|");
}

function fence(text: string): string {
  if (!text) return "` `";
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const ticks = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") || (text.startsWith(" ") && text.endsWith(" ") && text.trim() !== "") ? " " : "";
  return `${ticks}${pad}${text}${pad}${ticks}`;
}

export function mdPath(path: string, inTableCell = false): string {
  return codeSpan(quotePath(cutText(path, PATH_SHOWN_MAX)), inTableCell);
}

export function mdName(name: string, inTableCell = true): string {
  return codeSpan(quoteName(cutText(name, NAME_SHOWN_MAX)), inTableCell);
}

export function mdSignature(signature: string, inTableCell = true): string {
  return codeSpan(cutText(signature, SIGNATURE_SHOWN_MAX), inTableCell);
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Untrusted text inside raw HTML (a `<summary>`): a line that starts with an HTML tag is an
 * HTML block (CommonMark 4.6), where no Markdown is read and a code span would show its
 * backticks. Unsafe characters are escaped (printable: controls, bidi, line separators), the
 * characters HTML reads as markup written as entities; every other character, letters of any
 * script and punctuation included, is shown as it is.
 */
export function htmlText(text: string): string {
  return printable(text).replace(/[&<>"']/g, (ch) => ENTITIES[ch]);
}
