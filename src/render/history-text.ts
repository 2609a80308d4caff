// `history`: text (one line per commit), Markdown (a table) and JSON (the SymbolHistory as is).
import type { HistoryEntry, SymbolHistory } from "../core/history/types.ts";
import { cutText, printable, quoteName, quotePath, toJson } from "../core/text/quote.ts";
import { flags, lines, short } from "./changed/index.ts";
import { codeSpan, mdName, mdPath } from "./markdown.ts";

/** A commit subject is the author's text: shown cut to this many characters. */
const SUBJECT_MAX = 120;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function renderHistoryJson(h: SymbolHistory): string {
  return toJson(h, 2) + "\n";
}

/** What happened to the symbol, apart from its flags: `renamed from X`, `moved from f (as X)`, the file's old name, an origin's similarity. */
function origin(e: HistoryEntry, name: (n: string) => string, path: (p: string) => string): string {
  const parts: string[] = [];
  if (e.oldQualifiedName) parts.push(`${e.change === "renamed" ? "from" : "was"} ${name(e.oldQualifiedName)}`);
  if (e.oldPath) parts.push(`${e.change === "moved" ? "from" : "file was"} ${path(e.oldPath)}`);
  // A link history made by its own, looser origin search: how strong it is.
  if (e.similarity !== undefined) parts.push(e.similarity === 1 ? "same body" : `similar ${e.similarity.toFixed(2)}`);
  return parts.join(", ");
}

function range(e: HistoryEntry): string {
  const now = lines(e.startLine, e.endLine);
  const was = lines(e.oldStartLine, e.oldEndLine);
  if (e.change === "added" || !was) return now;
  return now === was ? now : `${now} (old ${was})`;
}

function ending(h: SymbolHistory): string {
  switch (h.end) {
    case "added":
      return "back to the commit that added it";
    case "limit":
      return "stopped at --limit; older commits not shown";
    case "since":
      return "commits since the --since date";
    case "outside":
      return "it moved from a file outside the workspace; older commits not followed";
    default:
      return "to the start of its file's history (no commit added it under this name)";
  }
}

function header(h: SymbolHistory): string {
  return `history of ${h.kind} ${quoteName(h.symbol)} in ${quotePath(h.path)} (${lines(h.startLine, h.endLine)} at ${short(h.rev)}): ${plural(h.commits.length, "commit")}, newest first, ${ending(h)}`;
}

export function renderHistoryText(h: SymbolHistory): string {
  const out = [header(h)];
  for (const e of h.commits) {
    const f = flags(e);
    const o = origin(e, quoteName, quotePath);
    let line = `${short(e.commit)} ${e.date.slice(0, 10)} ${e.change.padEnd(8)} ${range(e)}`;
    if (f.length) line += ` [${f.join(", ")}]`;
    if (o) line += ` ${o}`;
    if (e.path !== h.path && e.change !== "moved") line += ` in ${quotePath(e.path)}`;
    out.push(`${line}  ${printable(cutText(e.subject, SUBJECT_MAX))}`);
  }
  for (const s of h.skipped) out.push(`not compared: ${short(s.commit)} ${quotePath(s.path)} (${printable(cutText(s.reason, 200))})`);
  return out.join("\n") + "\n";
}

export function renderHistoryMarkdown(h: SymbolHistory): string {
  let text = `### History of ${mdName(h.symbol)} in ${mdPath(h.path)}\n\n${plural(h.commits.length, "commit")}, newest first, ${ending(h)}.\n\n`;
  if (h.commits.length) text += "| commit | date | change | lines | subject |\n|---|---|---|---|---|\n";
  for (const e of h.commits) {
    const what = [e.change, ...flags(e)].join(", ");
    const o = origin(e, (n) => mdName(n, true), (p) => mdPath(p, true));
    const subject = printable(cutText(e.subject, SUBJECT_MAX)).replace(/[\\|<>*_`[\]]/g, (c) => `\\${c}`);
    text += `| ${codeSpan(short(e.commit), true)} | ${e.date.slice(0, 10)} | ${what}${o ? ` (${o})` : ""} | ${range(e)} | ${subject} |\n`;
  }
  for (const s of h.skipped) text += `\nNot compared: ${codeSpan(short(s.commit))} ${mdPath(s.path)} (${printable(cutText(s.reason, 200))}).`;
  return text + "\n";
}
