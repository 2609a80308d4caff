// `changed --format text`: one header per file, one line per symbol change.
import type { ChangeSet, SymbolChange } from "../core/diff/types.ts";
import { quoteName, quotePath } from "../core/text/quote.ts";
import { fileNote, flags, lines, short } from "./changed-common.ts";

export function renderChangedText(set: ChangeSet): string {
  const out: string[] = [`changes ${short(set.base)}..${short(set.head)}: ${set.files.length} file${set.files.length === 1 ? "" : "s"}`];
  for (const f of set.files) {
    out.push(`${quotePath(f.path)} (${fileNote(f)})`);
    for (const s of f.symbols) out.push(`  ${symbolLine(s)}`);
  }
  return out.join("\n") + "\n";
}

function symbolLine(s: SymbolChange): string {
  let line = `${s.change.padEnd(8)} ${s.kind} ${quoteName(s.qualifiedName)}`;
  if (s.oldQualifiedName) line += ` (was ${quoteName(s.oldQualifiedName)})`;
  if (s.oldPath) line += ` from ${quotePath(s.oldPath)}`;
  const now = lines(s.startLine, s.endLine);
  const was = lines(s.oldStartLine, s.oldEndLine);
  if (now) line += ` ${now}`;
  if (was && s.change !== "added") line += now ? ` (old ${was})` : ` old ${was}`;
  const f = flags(s);
  if (f.length) line += ` [${f.join(", ")}]`;
  return line;
}
