// Small helpers shared by the `changed` renderers.
import type { ChangeSet, FileChange, SymbolChange } from "../core/diff/types.ts";
import type { ImpactSite } from "../core/calls/types.ts";
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

/** Call sites tied to the symbol (import, same file) or breaking first, then those matched by name alone. */
export function tiedFirst(sites: ImpactSite[]): { tied: ImpactSite[]; byName: ImpactSite[] } {
  const tied = sites.filter((c) => c.resolution !== "name-match" || c.breaks);
  const byName = sites.filter((c) => c.resolution === "name-match" && !c.breaks);
  tied.sort((a, b) => Number(!a.breaks) - Number(!b.breaks));
  return { tied, byName };
}

/** `3 (2 break; 1 import, 1 same file, 1 name only)` or `none`. */
export function callerCounts(sites: ImpactSite[]): string {
  if (!sites.length) return "none";
  const n = (p: (c: ImpactSite) => boolean) => sites.filter(p).length;
  const breaking = n((c) => c.breaks !== undefined);
  const kinds = [
    [n((c) => c.resolution === "import"), "import"],
    [n((c) => c.resolution === "same-file"), "same file"],
    [n((c) => c.resolution === "name-match"), "name only"],
  ] as const;
  const how = kinds.filter(([k]) => k > 0).map(([k, what]) => `${k} ${what}`).join(", ");
  return `${sites.length} (${breaking ? `${breaking} break; ` : ""}${how})`;
}
