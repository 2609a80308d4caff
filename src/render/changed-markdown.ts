// `changed --format markdown`: a PR comment. Grouped by file; within the comment renames, moves
// and signature changes come first. Kept under GitHub's 65,536-character comment limit with an
// honest "and N more" when cut.
import type { ChangeSet, FileChange, SymbolChange } from "../core/diff/types.ts";
import { fileNote, flags, lines, priority, short, symbolCount } from "./changed-common.ts";

export const MARKDOWN_LIMIT = 60_000;

export function renderChangedMarkdown(set: ChangeSet, limit = MARKDOWN_LIMIT): string {
  const total = symbolCount(set);
  const head: string[] = [
    `### ast-outline: ${total} symbol change${total === 1 ? "" : "s"} in ${set.files.length} file${set.files.length === 1 ? "" : "s"}`,
    "",
    `Base \`${short(set.base)}\`, head \`${short(set.head)}\`.`,
    "",
  ];
  if (!set.files.length) return head.join("\n") + "No changes.\n";
  const files = [...set.files].sort((a, b) => bestPriority(a) - bestPriority(b));
  let text = head.join("\n");
  let shownSymbols = 0;
  let shownFiles = 0;
  const reserve = 300; // room for the closing "and N more" line
  outer: for (const f of files) {
    const section = [`#### \`${code(f.path)}\` (${fileNote(f)})`, ""];
    const rows = [...f.symbols].sort((a, b) => priority(a) - priority(b));
    if (rows.length) section.push("| change | symbol | lines | what changed |", "|---|---|---|---|");
    let block = section.join("\n") + "\n";
    if (text.length + block.length + reserve > limit) break;
    text += block;
    shownFiles++;
    for (const s of rows) {
      const row = tableRow(s) + "\n";
      if (text.length + row.length + reserve > limit) {
        text += "\n";
        break outer;
      }
      text += row;
      shownSymbols++;
    }
    text += "\n";
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

function bestPriority(f: FileChange): number {
  return Math.min(4, ...f.symbols.map(priority));
}

function tableRow(s: SymbolChange): string {
  let symbol = `\`${code(s.qualifiedName)}\``;
  if (s.oldQualifiedName) symbol = `\`${code(s.oldQualifiedName)}\` → ${symbol}`;
  if (s.oldPath) symbol += ` from \`${code(s.oldPath)}\``;
  const range = s.change === "removed" ? `(was ${lines(s.oldStartLine, s.oldEndLine)})` : lines(s.startLine, s.endLine);
  const what = [...flags(s)];
  if (s.signatureChanged && s.oldSignature !== undefined && s.signature !== undefined) what.push(`\`${code(s.oldSignature)}\` → \`${code(s.signature)}\``);
  return `| ${s.change} | ${s.kind} ${symbol} | ${range} | ${cell(what.join("; "))} |`;
}

/** Text inside a code span in a table cell. */
function code(s: string): string {
  return s.replace(/`/g, "'").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function cell(s: string): string {
  return s.replace(/\r?\n/g, " ");
}
