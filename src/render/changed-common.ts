// Small helpers shared by the `changed` renderers.
import type { ChangeSet, FileChange, SymbolChange } from "../core/diff/types.ts";
import { cutText, printable, quotePath } from "../core/text/quote.ts";

/** A skipped reason is a short phrase of ours; cut all the same, as it may carry an error's text. */
const SKIPPED_SHOWN_MAX = 200;

/** A full hash cut to 12 digits; a revision as given (from the command line or CI) made printable. */
export const short = (rev: string) => (/^[0-9a-f]{40,64}$/.test(rev) ? rev.slice(0, 12) : printable(rev));

export function lines(start?: number, end?: number): string {
  if (start === undefined) return "";
  return start === end || end === undefined ? `${start}` : `${start}-${end}`;
}

export function flags(s: Pick<SymbolChange, "signatureChanged" | "bodyChanged" | "cosmetic">): string[] {
  const out: string[] = [];
  if (s.signatureChanged) out.push("signature");
  if (s.bodyChanged) out.push("body");
  if (s.cosmetic) out.push("cosmetic");
  return out;
}

/** Renames, moves and signature changes first: they are what a reviewer must not miss. */
export function priority(s: SymbolChange): number {
  if (s.change === "renamed" || s.change === "moved") return 0;
  if (s.signatureChanged) return 1;
  if (s.change === "removed") return 2;
  return 3;
}

export function symbolCount(set: ChangeSet): number {
  return set.files.reduce((n, f) => n + f.symbols.length, 0);
}

/** `modified, python` / `renamed, from <old path>, …`; `path` shows the old path in the output's way. */
export function fileNote(f: FileChange, path: (p: string) => string = quotePath): string {
  const parts: string[] = [f.status];
  if (f.oldPath) parts.push(`from ${path(f.oldPath)}`);
  if (f.language) parts.push(f.language);
  if (f.skipped) parts.push(printable(cutText(f.skipped, SKIPPED_SHOWN_MAX)));
  return parts.join(", ");
}
