// `changed --format markdown`: a PR comment. It opens with the sticky-comment marker (a bot
// finds its own comment by it and edits it in place), a title with the counts, a line counting
// every change by what changed, then:
//   1. "Check first": every removal, rename, move and signature change (public ones first),
//      across files, each signature change as a word diff of its header;
//   2. "Callers not updated" (`--impact`);
//   3. the other symbol changes, grouped by file, value changes first, then doc, body, added,
//      cosmetic; code outside every definition (imports, top-level statements) one line per
//      file, not a row (folded into <details> when there are many rows);
//   4. tests, benchmarks, CI, generated and vendored files (by path: path-roles.ts), all
//      their changes, folded into one <details>;
//   5. the files without symbol changes (unsupported language, binary, skipped, renamed only)
//      as one line of counts, their names folded under it.
// Kept under GitHub's 65,536-character comment limit with an honest "and N more" when cut; the
// counts line always counts everything. With `links` every path and line range links to the
// file at the head commit (the base commit for what only the base has).
// Names, paths and signatures are code spans (markdown.ts); everything else is our own text.
import type { ChangeSet, FileChange, SymbolChange } from "../../core/diff/types.ts";
import { callerCounts, CATEGORIES, checkRank, fileNote, flags, lines, rank, short, symbolCount, tallyCategories, tiedFirst } from "./common.ts";
import type { ImpactSite } from "../../core/calls/types.ts";
import { cutText, printable } from "../../core/text/quote.ts";
import { codeSpan, htmlText, mdName, mdPath, mdSignature, NAME_SHOWN_MAX, SIGNATURE_SHOWN_MAX } from "../markdown.ts";
import { isModuleChange } from "./findings.ts";
import { pathRole } from "./path-roles.ts";
import { wordDiff, type Piece } from "./lines/word-diff.ts";
import { fileUrl, type SourceLinks } from "./links.ts";

/** GitHub refuses a comment over 65,536 characters; this leaves room for what a bot adds. */
export const MARKDOWN_LIMIT = 60_000;
/** The hidden line a bot looks for to find and update its own comment. */
export const STICKY_MARKER = "<!-- ast-outline:changed -->";
/** More rows than this in the by-file part and it is folded. */
export const FOLD_ROWS = 30;

const TABLE_HEAD = "| change | symbol | lines | what changed |\n|---|---|---|---|\n";
const CALLERS_HEAD = "| call site | calls | tied by | breaks |\n|---|---|---|---|\n";
/** Call sites shown per symbol in the comment: tied ones (import, same file), then a few by name only. */
export const CALLERS_PER_SYMBOL = 10;
export const BY_NAME_PER_SYMBOL = 3;
const CHECK_HEAD = "| change | symbol | where | what changed |\n|---|---|---|---|\n";
/** Room kept for closing a <details> and the "and N more" line. */
const RESERVE = 400;
/** The one line that stands for a file's changes outside every definition. */
export const MODULE_LINE = "imports or top-level code changed";

export interface MarkdownOptions {
  /** The longest comment, in characters. */
  limit?: number;
  /** Where the files are on the web; absent, nothing is linked. */
  links?: SourceLinks;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

interface FileRows {
  f: FileChange;
  rows: SymbolChange[];
  /** Changes outside every definition: shown as one line, counted as what they are. */
  module: SymbolChange[];
}

/** Kinds of data and build files (core/types.ts): read by tools, not called. */
const CONFIG_KINDS = new Set(["key", "table", "section", "job", "step", "service", "target", "rule"]);

export function renderChangedMarkdown(set: ChangeSet, options: MarkdownOptions = {}): string {
  const limit = options.limit ?? MARKDOWN_LIMIT;
  const link = linker(options.links);
  const total = symbolCount(set);
  const withSymbols = set.files.filter((f) => f.symbols.length > 0);
  const quiet = set.files.filter((f) => f.symbols.length === 0);
  const main = withSymbols.filter((f) => !pathRole(f.path));
  const aside = withSymbols.filter((f) => pathRole(f.path));

  // What can break a caller: code, not a configuration's keys, sections or steps (their file's table has them, removals first).
  const first = (s: SymbolChange, f: FileChange) => !CONFIG_KINDS.has(s.kind) && checkRank(s, f.language) !== undefined;
  const check = main.flatMap((f) => f.symbols.filter((s) => !isModuleChange(s) && first(s, f)).map((s) => ({ f, s })));
  check.sort((a, b) => checkRank(a.s, a.f.language)! - checkRank(b.s, b.f.language)!);
  const rest = byFile(main, (s, f) => !first(s, f));
  const folded = byFile(aside, () => true);

  const title = total
    ? `### ast-outline: ${plural(total, "symbol change")} in ${plural(set.files.length, "file")}`
    : `### ast-outline: no symbol changes${set.files.length ? ` in ${plural(set.files.length, "file")}` : ""}`;
  let text = `${STICKY_MARKER}\n${title}\n\nBase ${codeSpan(cutText(short(set.base), NAME_SHOWN_MAX))}, head ${codeSpan(cutText(short(set.head), NAME_SHOWN_MAX))}.${counts(set, aside)}\n\n`;
  if (!set.files.length) return text + "No changes.\n";

  const fits = (more: string) => text.length + more.length + RESERVE <= limit;
  const shown = { symbols: 0, files: new Set<FileChange>() };
  let cut = false;

  if (check.length) {
    const head = `**Check first**: removed, renamed, moved or signature changed\n\n${CHECK_HEAD}`;
    if (fits(head + checkRow(check[0].f, check[0].s, link))) {
      text += head;
      for (const { f, s } of check) {
        const row = checkRow(f, s, link);
        if (!fits(row)) {
          cut = true;
          break;
        }
        text += row;
        shown.symbols++;
        shown.files.add(f);
      }
      text += "\n";
    } else cut = true;
  }

  const impacted = withSymbols.flatMap((f) => f.symbols.filter((s) => s.callers?.length).map((s) => ({ f, s })));
  if (!cut && impacted.length) {
    const all = impacted.flatMap(({ s }) => s.callers!);
    const head = `**Callers not updated**: ${callerCounts(all)}\n\n${CALLERS_HEAD}`;
    let rows = 0;
    for (const { s } of impacted) {
      const { tied, byName } = tiedFirst(s.callers!);
      const shownHere = [...tied.slice(0, CALLERS_PER_SYMBOL), ...byName.slice(0, BY_NAME_PER_SYMBOL)];
      const more = s.callers!.length - shownHere.length;
      const lines = shownHere.map((c) => callerRow(s, c, link));
      if (more > 0) lines.push(`| …and ${more} more | ${symbolCell(s, link)} | | |\n`);
      const block = (rows ? "" : head) + lines.join("");
      if (!fits(block)) {
        cut = true;
        break;
      }
      text += block;
      rows += lines.length;
    }
    if (rows) text += "\n";
  }

  /** Files with their rows, each under its heading; false when the budget ran out. */
  const fileTables = (files: FileRows[], role: boolean): boolean => {
    for (const { f, rows, module } of files) {
      // A file is shown with at least its first row (or its module line), or not at all: never a table without rows.
      const heading = `#### ${link.path(f.status === "deleted" ? "base" : "head", f.path, false)} (${fileNote(f, (p) => link.path("base", p, false))}${role ? `, ${pathRole(f.path) === "ci" ? "CI" : pathRole(f.path)}` : ""})\n\n`;
      const moduleLine = module.length ? `${MODULE_LINE}${moduleLines(f, module, link)}\n\n` : "";
      const ordered = rows.map((s) => tableRow(f, s, link));
      if (!fits(heading + moduleLine + (ordered.length ? TABLE_HEAD + ordered[0] : ""))) return false;
      text += heading + moduleLine;
      shown.files.add(f);
      shown.symbols += module.length;
      if (!ordered.length) continue;
      text += TABLE_HEAD;
      for (const row of ordered) {
        if (!fits(row)) {
          text += "\n";
          return false;
        }
        text += row;
        shown.symbols++;
      }
      text += "\n";
    }
    return true;
  };

  const rowCount = (files: FileRows[]) => files.reduce((n, x) => n + x.rows.length + x.module.length, 0);
  if (!cut && rest.length) {
    const n = rowCount(rest);
    const fold = n > FOLD_ROWS;
    if (fold) text += `<details><summary>${check.length ? "Other changes" : "Changes"}: ${plural(n, "symbol change")} in ${plural(rest.length, "file")}</summary>\n\n`;
    cut = !fileTables(rest, false);
    if (fold) text += "</details>\n\n";
  }

  if (!cut && folded.length) {
    text += `<details><summary>Tests, benchmarks, CI, generated and vendored files: ${plural(rowCount(folded), "symbol change")} in ${plural(folded.length, "file")}</summary>\n\n`;
    cut = !fileTables(folded, true);
    text += "</details>\n\n";
  }

  if (!cut && quiet.length) {
    text += `<details><summary>${plural(quiet.length, "file")} without symbol changes: ${quietCounts(quiet)}</summary>\n\n`;
    for (const f of quiet) {
      const item = `- ${link.path(f.status === "deleted" ? "base" : "head", f.path, false)} (${fileNote(f, (p) => link.path("base", p, false))})\n`;
      if (!fits(item)) {
        cut = true;
        break;
      }
      text += item;
      shown.files.add(f);
    }
    text += "\n</details>\n\n";
  }

  const hiddenSymbols = total - shown.symbols;
  const hiddenFiles = set.files.length - shown.files.size;
  if (hiddenSymbols > 0 || hiddenFiles > 0) {
    const parts = [];
    if (hiddenSymbols > 0) parts.push(`${hiddenSymbols} more symbol change${hiddenSymbols === 1 ? "" : "s"}`);
    if (hiddenFiles > 0) parts.push(`${hiddenFiles} more file${hiddenFiles === 1 ? "" : "s"}`);
    text += `_…and ${parts.join(" in ")} not shown (run \`ast-outline changed\` locally for all)._\n`;
  }
  return text.replace(/\n\n$/, "\n");
}

/** Each file's rows that `keep` takes, in `rank` order, its module changes apart; files by their first row's rank. */
function byFile(files: FileChange[], keep: (s: SymbolChange, f: FileChange) => boolean): FileRows[] {
  const out = files.map((f) => {
    const rows = f.symbols.filter((s) => !isModuleChange(s) && keep(s, f));
    rows.sort((a, b) => rank(a, f.language) - rank(b, f.language));
    return { f, rows, module: f.symbols.filter(isModuleChange) };
  });
  const first = (x: FileRows) => (x.rows.length ? rank(x.rows[0], x.f.language) : 10);
  return out.filter((x) => x.rows.length || x.module.length).sort((a, b) => first(a) - first(b));
}

/** ` Changes: 1 removed, 2 signature, 3 body, 1 imports or top-level code; 2 of them in tests, ….` */
function counts(set: ChangeSet, aside: FileChange[]): string {
  const all = set.files.flatMap((f) => f.symbols);
  if (!all.length) return "";
  const tally = tallyCategories(all);
  const parts = CATEGORIES.filter((w) => tally[w]).map((w) => `${tally[w]} ${w}`);
  const asideCount = aside.reduce((n, f) => n + f.symbols.length, 0);
  const asideNote = asideCount ? `; ${asideCount} of them in tests, benchmarks, CI, generated or vendored files (folded below)` : "";
  return ` Changes: ${parts.join(", ")}${asideNote}.`;
}

/**
 * `5 unsupported language, 1 binary, 1 renamed only`: by skipped reason (a SkipReason phrase, as
 * shown: the open ones, `not outlined: <error>`, apart when their shown text differs), else by
 * why no symbol changed.
 */
function quietCounts(files: FileChange[]): string {
  const counts = new Map<string, number>(); // by the phrase shown
  for (const f of files) {
    const why = f.skipped ? htmlText(cutText(f.skipped, 40)) : f.status === "renamed" || f.status === "copied" ? `${f.status} only` : "no symbol changed";
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  return [...counts].map(([why, n]) => `${n} ${why}`).join(", ");
}

interface Linker {
  /** A path as a code span, linked to the file at that side when links are known. */
  path(side: "head" | "base", path: string, inTableCell: boolean): string;
  /** A line range (`4-9`), linked to those lines. */
  lines(side: "head" | "base", path: string, start?: number, end?: number): string;
  /** Markdown `text` (code spans and our words) linked to the file, at its lines when given. */
  at(side: "head" | "base", path: string, text: string, start?: number, end?: number): string;
}

function linker(links: SourceLinks | undefined): Linker {
  return {
    path: (side, path, inTableCell) => {
      const span = mdPath(path, inTableCell);
      return links ? `[${span}](${fileUrl(links, side, path)})` : span;
    },
    lines: (side, path, start, end) => {
      const text = lines(start, end);
      return links && text ? `[${text}](${fileUrl(links, side, path, start, end ?? start)})` : text;
    },
    at: (side, path, text, start, end) => (links ? `[${text}](${fileUrl(links, side, path, start, end ?? start)})` : text),
  };
}

function symbolCell(s: SymbolChange, link: Linker): string {
  let symbol = mdName(s.qualifiedName);
  if (s.oldQualifiedName) symbol = `${mdName(s.oldQualifiedName)} → ${symbol}`;
  if (s.oldPath) symbol += ` from ${link.path("base", s.oldPath, true)}${s.oldStartLine !== undefined ? ` ${link.lines("base", s.oldPath, s.oldStartLine, s.oldEndLine)}` : ""}`;
  return `${s.kind} ${symbol}`;
}

const TIED_BY = { import: "import", "same-file": "same file", "receiver-type": "receiver type", "name-match": "name only" } as const;

function callerRow(s: SymbolChange, c: ImpactSite, link: Linker): string {
  const where = `${link.at("head", c.path, mdPath(`${c.path}:${c.line}`, true), c.line, c.line)}${c.symbol ? ` in ${mdName(c.symbol)}` : ""}`;
  return `| ${where} | ${s.kind} ${mdName(s.oldQualifiedName ?? s.qualifiedName)} | ${TIED_BY[c.resolution]} | ${c.breaks ? mdSignature(c.breaks) : ""} |\n`;
}

/**
 * The header's change as one line: kept text as code, removed tokens struck through, added
 * ones bold, each piece its own code span (nothing in a name can format: markdown.ts).
 */
export function headerDiff(oldHeader: string, newHeader: string): string {
  // Diffed whole (each side cut alone would end at different words and show a false change at
  // the cut), then the kept text between changes shortened.
  const pieces = window(wordDiff(printable(cutText(oldHeader, DIFFED_MAX)), printable(cutText(newHeader, DIFFED_MAX))));
  return pieces
    .map(({ op, text }, i) => {
      if (op === "same") return text.trim() ? codeSpan(text, true) : " ";
      if (op === "old") return `~~${codeSpan(text, true)}~~`;
      // `~~old~~ **new**`: a space between a removal and the addition that replaces it.
      return `${pieces[i - 1]?.op === "old" ? " " : ""}**${codeSpan(text, true)}**`;
    })
    .join("");
}

/** How much of each header is diffed (the LCS is quadratic in its tokens). */
const DIFFED_MAX = 4 * SIGNATURE_SHOWN_MAX;
/** Kept text shown beside a change; the header's start (its name) is shown longer. */
const CONTEXT = 24;
const START = 60;

/**
 * The pieces with long kept runs cut to what is beside a change (`…` for the rest), and the whole
 * cut after SIGNATURE_SHOWN_MAX characters of shown text: every change up to there is shown.
 */
function window(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  let shown = 0;
  for (const [i, p] of pieces.entries()) {
    if (shown >= SIGNATURE_SHOWN_MAX) {
      out.push({ op: "same", text: "…" });
      break;
    }
    let text = p.text;
    if (p.op === "same") {
      const chars = [...text];
      const left = i === 0 ? START : CONTEXT;
      const right = i === pieces.length - 1 ? 0 : CONTEXT;
      if (chars.length > left + right + 1) text = `${chars.slice(0, left).join("")}…${chars.slice(chars.length - right).join("")}`;
    }
    shown += text.length;
    out.push({ op: p.op, text });
  }
  return out;
}

/** `signature, body: <header diff>`, `value`, `doc`; an added or removed symbol's header. */
function whatCell(s: SymbolChange): string {
  if (s.change === "added") return s.signature !== undefined ? mdSignature(s.signature) : "";
  if (s.change === "removed") {
    const header = s.oldSignature ?? s.signature;
    return header !== undefined ? `was ${mdSignature(header)}` : "";
  }
  const words = flags(s);
  const what = words.length ? words.join(", ") : s.change === "renamed" ? "name only" : s.change === "moved" ? "place only" : "";
  if ((s.signatureChanged || s.valueChanged) && s.oldSignature !== undefined && s.signature !== undefined && s.oldSignature !== s.signature) return `${what}: ${headerDiff(s.oldSignature, s.signature)}`;
  return what;
}

function range(f: FileChange, s: SymbolChange, link: Linker): string {
  if (s.change === "removed") return `(was ${link.lines("base", f.oldPath ?? f.path, s.oldStartLine, s.oldEndLine)})`;
  return link.lines("head", f.path, s.startLine, s.endLine);
}

function tableRow(f: FileChange, s: SymbolChange, link: Linker): string {
  return `| ${s.change} | ${symbolCell(s, link)} | ${range(f, s, link)} | ${whatCell(s)} |\n`;
}

/** ` (lines 1-3)`, linked; nothing for a change with no lines of its own. */
function moduleLines(f: FileChange, module: SymbolChange[], link: Linker): string {
  const spans = module.filter((s) => s.startLine !== undefined || s.oldStartLine !== undefined);
  if (!spans.length) return "";
  const shown = spans.map((s) => (s.startLine !== undefined ? link.lines("head", f.path, s.startLine, s.endLine) : `was ${link.lines("base", f.oldPath ?? f.path, s.oldStartLine, s.oldEndLine)}`));
  const one = spans.length === 1 && (spans[0].startLine ?? spans[0].oldStartLine) === (spans[0].startLine !== undefined ? (spans[0].endLine ?? spans[0].startLine) : (spans[0].oldEndLine ?? spans[0].oldStartLine));
  return ` (line${one ? "" : "s"} ${shown.join(", ")})`;
}

/** A row of the "check first" table: the file in the where cell (the old path for a removal), and where a renamed file came from. */
function checkRow(f: FileChange, s: SymbolChange, link: Linker): string {
  const removed = s.change === "removed";
  const from = f.oldPath && !removed ? ` (file ${f.status} from ${link.path("base", f.oldPath, true)})` : "";
  // One link for the path and the lines: the where cell is the row's longest text with links.
  const where = removed
    ? link.at("base", f.oldPath ?? f.path, `${mdPath(f.oldPath ?? f.path, true)} (was ${lines(s.oldStartLine, s.oldEndLine)})`, s.oldStartLine, s.oldEndLine)
    : `${link.at("head", f.path, `${mdPath(f.path, true)}${s.startLine !== undefined && !from ? ` ${lines(s.startLine, s.endLine)}` : ""}`, s.startLine, s.endLine)}${from}${from && s.startLine !== undefined ? ` ${link.lines("head", f.path, s.startLine, s.endLine)}` : ""}`;
  return `| ${s.change} | ${symbolCell(s, link)} | ${where} | ${whatCell(s)} |\n`;
}
