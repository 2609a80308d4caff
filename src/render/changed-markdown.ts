// `changed --format markdown`: a PR comment. It opens with the sticky-comment marker (a bot
// finds its own comment by it and edits it in place), a title with the counts, then:
//   1. "Check first": every rename, move, removal and signature change, across files;
//   2. the other symbol changes, grouped by file (folded into <details> when there are many);
//   3. the files without symbol changes (unsupported language, binary, skipped, renamed only)
//      as one line of counts, their names folded under it.
// Kept under GitHub's 65,536-character comment limit with an honest "and N more" when cut.
// Names, paths and signatures are code spans (markdown.ts); everything else is our own text.
import type { ChangeSet, FileChange, SymbolChange } from "../core/diff/types.ts";
import { callerCounts, fileNote, flags, lines, priority, short, symbolCount, tiedFirst } from "./changed-common.ts";
import type { ImpactSite } from "../core/calls/types.ts";
import { cutText } from "../core/text/quote.ts";
import { codeSpan, mdName, mdPath, mdSignature, NAME_SHOWN_MAX } from "./markdown.ts";

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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function renderChangedMarkdown(set: ChangeSet, limit = MARKDOWN_LIMIT): string {
  const total = symbolCount(set);
  const withSymbols = set.files.filter((f) => f.symbols.length > 0);
  const quiet = set.files.filter((f) => f.symbols.length === 0);
  const check = withSymbols.flatMap((f) => f.symbols.filter((s) => priority(s) < 3).map((s) => ({ f, s })));
  check.sort((a, b) => priority(a.s) - priority(b.s));
  const rest = [...withSymbols].sort((a, b) => bestPriority(a) - bestPriority(b)).map((f) => ({ f, rows: f.symbols.filter((s) => priority(s) >= 3) })).filter((x) => x.rows.length);

  const title = total
    ? `### ast-outline: ${plural(total, "symbol change")} in ${plural(set.files.length, "file")}`
    : `### ast-outline: no symbol changes${set.files.length ? ` in ${plural(set.files.length, "file")}` : ""}`;
  let text = `${STICKY_MARKER}\n${title}\n\nBase ${codeSpan(cutText(short(set.base), NAME_SHOWN_MAX))}, head ${codeSpan(cutText(short(set.head), NAME_SHOWN_MAX))}.${checkSummary(check.map((c) => c.s))}\n\n`;
  if (!set.files.length) return text + "No changes.\n";

  const fits = (more: string) => text.length + more.length + RESERVE <= limit;
  const shown = { symbols: 0, files: new Set<FileChange>() };
  let cut = false;

  if (check.length) {
    const head = `**Check first**: renamed, moved, removed or signature changed\n\n${CHECK_HEAD}`;
    if (fits(head + checkRow(check[0].f, check[0].s))) {
      text += head;
      for (const { f, s } of check) {
        const row = checkRow(f, s);
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
      const lines = shownHere.map((c) => callerRow(s, c));
      if (more > 0) lines.push(`| …and ${more} more | ${symbolCell(s)} | | |\n`);
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

  const restRows = rest.reduce((n, x) => n + x.rows.length, 0);
  if (!cut && rest.length) {
    const fold = restRows > FOLD_ROWS;
    if (fold) text += `<details><summary>${check.length ? "Other changes" : "Changes"}: ${plural(restRows, "symbol")} in ${plural(rest.length, "file")}</summary>\n\n`;
    for (const { f, rows } of rest) {
      // A file is shown with at least its first row, or not at all: never a table without rows.
      const heading = `#### ${mdPath(f.path)} (${fileNote(f, (p) => mdPath(p))})\n\n`;
      const ordered = [...rows].sort((a, b) => priority(a) - priority(b)).map((s) => tableRow(s));
      if (!fits(heading + TABLE_HEAD + ordered[0])) {
        cut = true;
        break;
      }
      text += heading + TABLE_HEAD;
      shown.files.add(f);
      for (const row of ordered) {
        if (!fits(row)) {
          cut = true;
          break;
        }
        text += row;
        shown.symbols++;
      }
      text += "\n";
      if (cut) break;
    }
    if (fold) text += "</details>\n\n";
  }

  if (!cut && quiet.length) {
    text += `<details><summary>${plural(quiet.length, "file")} without symbol changes: ${quietCounts(quiet)}</summary>\n\n`;
    for (const f of quiet) {
      const item = `- ${mdPath(f.path)} (${fileNote(f, (p) => mdPath(p))})\n`;
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

/** ` **Check first**: 1 removed, 2 renamed, 1 signature changed.` or nothing. */
function checkSummary(symbols: SymbolChange[]): string {
  if (!symbols.length) return "";
  const count = (p: (s: SymbolChange) => boolean) => symbols.filter(p).length;
  const parts = [
    [count((s) => s.change === "removed"), "removed"],
    [count((s) => s.change === "renamed"), "renamed"],
    [count((s) => s.change === "moved"), "moved"],
    [count((s) => s.signatureChanged && s.change !== "renamed" && s.change !== "moved"), "signature changed"],
  ] as const;
  return ` To check first: ${parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`).join(", ")}.`;
}

/** `5 unsupported language, 1 binary, 1 renamed only`: by skipped reason, else by why no symbol changed. */
function quietCounts(files: FileChange[]): string {
  const counts = new Map<string, number>();
  for (const f of files) {
    const why = f.skipped ? cutText(f.skipped, 40).replace(/[^\w -]/g, "?") : f.status === "renamed" || f.status === "copied" ? `${f.status} only` : "no symbol changed";
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  return [...counts].map(([why, n]) => `${n} ${why}`).join(", ");
}

function bestPriority(f: FileChange): number {
  return Math.min(4, ...f.symbols.map(priority));
}

function symbolCell(s: SymbolChange): string {
  let symbol = mdName(s.qualifiedName);
  if (s.oldQualifiedName) symbol = `${mdName(s.oldQualifiedName)} → ${symbol}`;
  if (s.oldPath) symbol += ` from ${mdPath(s.oldPath, true)}`;
  return `${s.kind} ${symbol}`;
}

const TIED_BY = { import: "import", "same-file": "same file", "name-match": "name only" } as const;

function callerRow(s: SymbolChange, c: ImpactSite): string {
  const where = `${mdPath(`${c.path}:${c.line}`, true)}${c.symbol ? ` in ${mdName(c.symbol)}` : ""}`;
  return `| ${where} | ${s.kind} ${mdName(s.oldQualifiedName ?? s.qualifiedName)} | ${TIED_BY[c.resolution]} | ${c.breaks ? mdSignature(c.breaks) : ""} |\n`;
}

function whatCell(s: SymbolChange): string {
  const what = [...flags(s)];
  if (s.signatureChanged && s.oldSignature !== undefined && s.signature !== undefined) what.push(`${mdSignature(s.oldSignature)} → ${mdSignature(s.signature)}`);
  return what.join("; ");
}

const range = (s: SymbolChange) => (s.change === "removed" ? `(was ${lines(s.oldStartLine, s.oldEndLine)})` : lines(s.startLine, s.endLine));

function tableRow(s: SymbolChange): string {
  return `| ${s.change} | ${symbolCell(s)} | ${range(s)} | ${whatCell(s)} |\n`;
}

/** A row of the "check first" table: the file in the where cell (the old path for a removal), and where a renamed file came from. */
function checkRow(f: FileChange, s: SymbolChange): string {
  const path = s.change === "removed" ? (f.oldPath ?? f.path) : f.path;
  const from = f.oldPath && s.change !== "removed" ? ` (file ${f.status} from ${mdPath(f.oldPath, true)})` : "";
  return `| ${s.change} | ${symbolCell(s)} | ${mdPath(path, true)}${from} ${range(s)} | ${whatCell(s)} |\n`;
}
