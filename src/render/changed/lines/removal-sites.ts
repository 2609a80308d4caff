// Where in the head a removed symbol went missing: the head line at the hunk that deleted its
// lines, for review tools that can only point at the head's lines (SARIF code scanning,
// reviewdog). The ChangeSet has only the symbol's old lines; both sides of the file (read at
// the edge, changed-sources.ts) give the line diff that maps an old line to the new line where
// the removal happened. Pure: sides in, lines out.
import type { FileSides } from "../../../app/changed/index.ts";
import type { ChangeSet, SymbolChange } from "../../../core/diff/types.ts";
import { diffLines } from "../../../core/diff/lines.ts";

/** A removed symbol's head line, for each removed symbol whose file the head still has. */
export function removalSites(set: ChangeSet, sides: Map<string, FileSides>): Map<SymbolChange, number> {
  const out = new Map<SymbolChange, number>();
  for (const f of set.files) {
    const removed = f.symbols.filter((s) => s.change === "removed" && s.oldStartLine !== undefined);
    const side = sides.get(f.path);
    if (!removed.length || f.status === "deleted" || !side?.old || !side.new) continue;
    const oldLines = splitLines(side.old);
    const newLines = splitLines(side.new);
    const map = headLineOf(oldLines, newLines);
    for (const s of removed) out.set(s, map(s.oldStartLine!));
  }
  return out;
}

/** Lines as bytes read one to one (latin1), so any encoding compares as git compares it. */
function splitLines(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * old line → the head line where the diff puts it: a kept line's new number; a deleted line's
 * place is the line after the last kept line before it (the first line the hunk inserted, or
 * the line that now follows the gap), never past the head's last line.
 */
export function headLineOf(oldLines: string[], newLines: string[]): (oldLine: number) => number {
  const { deleted, inserted } = diffLines(oldLines, newLines);
  // newOf[i]: the new line of old line i+1 when kept, else the new line after the last kept one.
  const newOf = new Array<number>(oldLines.length);
  let n = 1;
  for (let o = 1; o <= oldLines.length; o++) {
    if (deleted.has(o)) {
      newOf[o - 1] = n;
      continue;
    }
    while (inserted.has(n)) n++;
    newOf[o - 1] = n;
    n++;
  }
  const last = Math.max(1, newLines.length);
  return (oldLine) => Math.min(last, Math.max(1, newOf[oldLine - 1] ?? last));
}
