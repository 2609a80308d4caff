// `changed --format text`: one header per file, one line per symbol change.
import type { ChangeSet, SymbolChange } from "../../core/diff/types.ts";
import { printable, quoteName, quotePath } from "../../core/text/quote.ts";
import { callerCounts, fileNote, flags, lines, short, tiedFirst } from "./common.ts";

/** Call sites shown per symbol: tied ones (import, same file) and any that breaks, then a few by name. */
export const TEXT_TIED_SHOWN = 50;
export const TEXT_BY_NAME_SHOWN = 10;

export function renderChangedText(set: ChangeSet): string {
  const out: string[] = [`changes ${short(set.base)}..${short(set.head)}: ${set.files.length} file${set.files.length === 1 ? "" : "s"}`];
  for (const f of set.files) {
    out.push(`${quotePath(f.path)} (${fileNote(f)})`);
    for (const s of f.symbols) {
      out.push(`  ${symbolLine(s)}`);
      if (s.callers) out.push(...callerLines(s));
    }
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

/** `--impact`: the call sites not updated, tied ones first, each with how it was tied and whether it breaks. */
function callerLines(s: SymbolChange): string[] {
  const sites = s.callers ?? [];
  const out = [`    callers not updated: ${callerCounts(sites)}`];
  const { tied, byName } = tiedFirst(sites);
  const shown = [...tied.slice(0, TEXT_TIED_SHOWN), ...byName.slice(0, TEXT_BY_NAME_SHOWN)];
  for (const c of shown) {
    out.push(`      ${quotePath(c.path)}:${c.line} ${quoteName(c.callee)}${c.symbol ? ` in ${quoteName(c.symbol)}` : ""} [${c.resolution}]${c.breaks ? ` breaks: ${printable(c.breaks)}` : ""}`);
  }
  if (sites.length > shown.length) out.push(`      …and ${sites.length - shown.length} more (--format json lists them all)`);
  return out;
}
