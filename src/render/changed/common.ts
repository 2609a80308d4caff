// Small helpers shared by the `changed` renderers.
import { MODULE_NAME, type ChangeSet, type FileChange, type SymbolChange } from "../../core/diff/types.ts";
import type { ImpactSite } from "../../core/calls/types.ts";
import { cutText, printable, quotePath } from "../../core/text/quote.ts";
import { REGISTRY } from "../../core/languages/registry.ts";

/** A skipped reason is a short phrase of ours; cut all the same, as it may carry an error's text. */
const SKIPPED_SHOWN_MAX = 200;

/** A full hash cut to 12 digits; a revision as given (from the command line or CI) made printable. */
export const short = (rev: string) => (/^[0-9a-f]{40,64}$/.test(rev) ? rev.slice(0, 12) : printable(rev));

export function lines(start?: number, end?: number): string {
  if (start === undefined) return "";
  return start === end || end === undefined ? `${start}` : `${start}-${end}`;
}

/** What changed, in words, from the JSON flags, in the order a reviewer weighs them. */
export function flags(s: Pick<SymbolChange, "signatureChanged" | "bodyChanged" | "cosmetic"> & Partial<Pick<SymbolChange, "valueChanged" | "docChanged">>): string[] {
  const out: string[] = [];
  if (s.signatureChanged) out.push("signature");
  if (s.valueChanged) out.push("value");
  if (s.docChanged) out.push("doc");
  if (s.bodyChanged) out.push("body");
  if (s.cosmetic) out.push("cosmetic");
  return out;
}

/**
 * The order of the "check first" part: removed, renamed, moved, then signature changes, public
 * ones first; undefined for the rest (`rank` orders those).
 */
export function checkRank(s: SymbolChange, language?: string): number | undefined {
  if (s.change === "removed") return 0;
  if (s.change === "renamed") return 1;
  if (s.change === "moved") return 2;
  if (s.signatureChanged && s.change !== "added") return looksPublic(s, language) ? 3 : 4;
  return undefined;
}

/** Every change in one order: the check-first ones, then value, doc, body, added, cosmetic. */
export function rank(s: SymbolChange, language?: string): number {
  const check = checkRank(s, language);
  if (check !== undefined) return check;
  if (s.valueChanged) return 5;
  if (s.docChanged) return 6;
  if (s.bodyChanged && s.change !== "added") return 7;
  if (s.change === "added") return 8;
  return 9;
}

/** What a change is, each counted once under the first that applies; in this order in counts. */
export const CATEGORIES = ["removed", "renamed", "moved", "signature", "value", "doc", "body", "added", "cosmetic", "no code change", "imports or top-level code"] as const;
export type Category = (typeof CATEGORIES)[number];

/** A signature change with a new body is a signature change; code outside every definition is its own kind. */
export function category(s: SymbolChange): Category {
  if (s.kind === "module" && s.qualifiedName === MODULE_NAME) return "imports or top-level code";
  if (s.change !== "modified") return s.change;
  if (s.signatureChanged) return "signature";
  if (s.valueChanged) return "value";
  if (s.docChanged) return "doc";
  if (s.bodyChanged) return "body";
  if (s.cosmetic) return "cosmetic";
  return "no code change";
}

export function tallyCategories(symbols: SymbolChange[]): Partial<Record<Category, number>> {
  const out: Partial<Record<Category, number>> = {};
  for (const s of symbols) {
    const c = category(s);
    out[c] = (out[c] ?? 0) + 1;
  }
  return out;
}

/**
 * Whether other code may use the symbol, read from its header and name as each language spells
 * it: `export`, `pub`, `public` say yes; `private`, `protected`, `internal`, a leading `_` or
 * `#` say no; otherwise the language's row (`unmarkedVisibility`: Go's capital letter, a
 * TypeScript or Rust top-level definition without `export`/`pub` is its module's own). A guess
 * from syntax, used only to order rows.
 */
export function looksPublic(s: SymbolChange, language?: string): boolean {
  const header = s.signature ?? s.oldSignature ?? "";
  if (/^[_#]/.test(s.name)) return false;
  if (/(^|\s)(private|protected|internal|fileprivate)\b/.test(header)) return false;
  if (/(^|\s)(export|public)\b|(^|\s)pub\b|(^|\s)pub\(/.test(header)) return true;
  const unmarked = language === undefined ? undefined : REGISTRY.byId.get(language)?.unmarkedVisibility;
  if (!unmarked) return true;
  if (unmarked.publicNames !== undefined) return publicNames(unmarked.publicNames).test(s.name);
  const member = s.qualifiedName.includes(".") || s.qualifiedName.includes("::");
  return (member ? unmarked.members : unmarked.topLevel) ?? true;
}

const namesCompiled = new Map<string, RegExp>();

function publicNames(source: string): RegExp {
  let re = namesCompiled.get(source);
  if (!re) namesCompiled.set(source, (re = new RegExp(source, "u")));
  return re;
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
    [n((c) => c.resolution === "receiver-type"), "receiver type"],
    [n((c) => c.resolution === "name-match"), "name only"],
  ] as const;
  const how = kinds.filter(([k]) => k > 0).map(([k, what]) => `${k} ${what}`).join(", ");
  return `${sites.length} (${breaking ? `${breaking} break; ` : ""}${how})`;
}
