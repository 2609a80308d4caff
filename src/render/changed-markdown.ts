// `changed --format markdown`: a PR comment. Grouped by file; within the comment renames, moves
// and signature changes come first. Kept under GitHub's 65,536-character comment limit with an
// honest "and N more" when cut. Names, paths and signatures are code spans (markdown.ts).
import type { ChangeSet, FileChange, SymbolChange } from "../core/diff/types.ts";
import { fileNote, flags, lines, priority, short, symbolCount } from "./changed-common.ts";
import { cutText } from "../core/text/quote.ts";
import { codeSpan, mdName, mdPath, mdSignature, NAME_SHOWN_MAX } from "./markdown.ts";

export const MARKDOWN_LIMIT = 60_000;

export function renderChangedMarkdown(set: ChangeSet, limit = MARKDOWN_LIMIT): string {
  const total = symbolCount(set);
  const head: string[] = [
    `### ast-outline: ${total} symbol change${total === 1 ? "" : "s"} in ${set.files.length} file${set.files.length === 1 ? "" : "s"}`,
    "",
    `Base ${codeSpan(cutText(short(set.base), NAME_SHOWN_MAX))}, head ${codeSpan(cutText(short(set.head), NAME_SHOWN_MAX))}.`,
    "",
  ];
  if (!set.files.length) return head.join("\n") + "No changes.\n";
  const files = [...set.files].sort((a, b) => bestPriority(a) - bestPriority(b));
  let text = head.join("\n");
  let shownSymbols = 0;
  let shownFiles = 0;
  const reserve = 300; // room for the closing "and N more" line
  // Only the budget cuts: every cell is capped (markdown.ts), so one row is never most of it.
  // A file is shown with at least its first row, or not at all: never a table without rows.
  for (const f of files) {
    const heading = `#### ${mdPath(f.path)} (${fileNote(f, (p) => mdPath(p))})\n\n`;
    const rows = [...f.symbols].sort((a, b) => priority(a) - priority(b)).map((s) => tableRow(s) + "\n");
    const tableHead = rows.length ? TABLE_HEAD : "";
    if (text.length + heading.length + tableHead.length + (rows[0]?.length ?? 0) + reserve > limit) break;
    text += heading + tableHead;
    shownFiles++;
    let cut = false;
    for (const row of rows) {
      if (text.length + row.length + reserve > limit) {
        cut = true;
        break;
      }
      text += row;
      shownSymbols++;
    }
    text += "\n";
    if (cut) break;
  }
  const hiddenSymbols = total - shownSymbols;
  const hiddenFiles = set.files.length - shownFiles;
  if (hiddenSymbols > 0 || hiddenFiles > 0) {
    const parts = [];
    if (hiddenSymbols > 0) parts.push(`${hiddenSymbols} more symbol change${hiddenSymbols === 1 ? "" : "s"}`);
    if (hiddenFiles > 0) parts.push(`${hiddenFiles} more file${hiddenFiles === 1 ? "" : "s"}`);
    text += `_…and ${parts.join(" in ")} not shown (run \`ast-outline changed\` locally for all)._\n`;
  }
  return text;
}

const TABLE_HEAD = "| change | symbol | lines | what changed |\n|---|---|---|---|\n";

function bestPriority(f: FileChange): number {
  return Math.min(4, ...f.symbols.map(priority));
}

function tableRow(s: SymbolChange): string {
  let symbol = mdName(s.qualifiedName);
  if (s.oldQualifiedName) symbol = `${mdName(s.oldQualifiedName)} → ${symbol}`;
  if (s.oldPath) symbol += ` from ${mdPath(s.oldPath, true)}`;
  const range = s.change === "removed" ? `(was ${lines(s.oldStartLine, s.oldEndLine)})` : lines(s.startLine, s.endLine);
  const what = [...flags(s)];
  if (s.signatureChanged && s.oldSignature !== undefined && s.signature !== undefined) what.push(`${mdSignature(s.oldSignature)} → ${mdSignature(s.signature)}`);
  return `| ${s.change} | ${s.kind} ${symbol} | ${range} | ${what.join("; ")} |`;
}
