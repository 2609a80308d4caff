// One finding per changed symbol, for the formats review tools read (SARIF, rdjson): its rule,
// where it is (the head side; the base side for a removed symbol) and a one-line message for
// people. Names, paths and signatures in the message pass the quoting rule (quote.ts); the
// exact text stays in the fields meant for machines.
import type { ChangeSet, FileChange, SymbolChange } from "../../core/diff/types.ts";
import { MODULE_NAME } from "../../core/diff/types.ts";
import type { ImpactSite } from "../../core/calls/types.ts";
import { cutText, printable, quoteName, quotePath } from "../../core/text/quote.ts";
import { flags, lines } from "./common.ts";
import { NAME_SHOWN_MAX, PATH_SHOWN_MAX, SIGNATURE_SHOWN_MAX } from "../markdown.ts";

export type RuleId = "symbol-added" | "symbol-removed" | "signature-changed" | "symbol-renamed" | "symbol-moved" | "symbol-modified" | "caller-not-updated";

export interface Rule {
  id: RuleId;
  /** PascalCase, as SARIF's reportingDescriptor.name suggests. */
  name: string;
  description: string;
  /** What the rule finds and why it matters, in full (SARIF fullDescription). */
  full: string;
  /** What a reviewer does about it (SARIF help, as text and as Markdown). */
  help: string;
  helpMarkdown: string;
}

/** In this order in SARIF's `rules` (ruleIndex points into it). */
export const RULES: readonly Rule[] = [
  {
    id: "symbol-added",
    name: "SymbolAdded",
    description: "A definition (class, function, method, …) was added.",
    full: "A definition (class, function, method, constant, …) that the base does not have was added.",
    help: "Check that the new definition is meant to be part of the change and is tested.",
    helpMarkdown: "Check that the new definition is meant to be part of the change and is tested.",
  },
  {
    id: "symbol-removed",
    name: "SymbolRemoved",
    description: "A definition was removed; code that uses it may break.",
    full: "A definition of the base is gone from its file under its name: code that imports or calls it, in this repository or outside it, breaks. Located in the head file where its lines were deleted, or in the base when the head has no such file.",
    help: "Search for uses of the removed name (`ast-outline changed --impact` lists the call sites in this repository) and update or remove them; for a public API, deprecate before removing.",
    helpMarkdown: "Search for uses of the removed name (`ast-outline changed --impact` lists the call sites in this repository) and update or remove them; for a public API, deprecate before removing.",
  },
  {
    id: "signature-changed",
    name: "SignatureChanged",
    description: "A definition's declaration (parameters, types, decorators) changed; callers may need updating.",
    full: "A definition's declaration changed: its parameters, return type, type parameters, modifiers, visibility or export, or decorators. A change of its doc comment, its body or its initializer alone is not a signature change.",
    help: "Check every caller against the new declaration (`ast-outline changed --impact` lists the call sites the change did not touch, and marks those that break).",
    helpMarkdown: "Check every caller against the new declaration (`ast-outline changed --impact` lists the call sites the change did not touch, and marks those that break).",
  },
  {
    id: "symbol-renamed",
    name: "SymbolRenamed",
    description: "A definition was renamed in its class or file; code that uses the old name may break.",
    full: "A definition kept its place but not its name (its text may be edited too): code that uses the old name, in this repository or outside it, breaks.",
    help: "Update the uses of the old name, or keep an alias under it for callers outside the repository.",
    helpMarkdown: "Update the uses of the old name, or keep an alias under it for callers outside the repository.",
  },
  {
    id: "symbol-moved",
    name: "SymbolMoved",
    description: "A definition moved to another class or file; its uses and imports may break.",
    full: "A definition left its class or its file for another one (its name may have changed too): code that reaches it through the old class, and imports of it from the old module, break.",
    help: "Update the uses through the old class and the imports of the old module, or keep a delegate or re-export there.",
    helpMarkdown: "Update the uses through the old class and the imports of the old module, or keep a delegate or re-export there.",
  },
  {
    id: "symbol-modified",
    name: "SymbolModified",
    description: "A definition's body (or only its whitespace and comments) changed.",
    full: "A definition's body, initializer or doc comment changed, or only its whitespace and ordinary comments; its declaration did not.",
    help: "Review the change; callers need no update for it.",
    helpMarkdown: "Review the change; callers need no update for it.",
  },
  {
    id: "caller-not-updated",
    name: "CallerNotUpdated",
    description: "A call of a removed, renamed, moved or re-declared definition (`changed --impact`) that the change did not touch, tied to it by an import or by its own file; marked when it breaks.",
    full: "A call site the change did not touch of a definition it removed, renamed, moved or re-declared, tied to that definition by an import, by its own file or by its receiver's type (`ast-outline changed --impact`). Its `breaks` property says why the head cannot take the call as written (a missing argument, a name gone), judged from syntax.",
    help: "Update the call to the new declaration or name, or confirm it still works.",
    helpMarkdown: "Update the call to the new declaration or name, or confirm it still works. The `breaks` property, when present, says what no longer fits.",
  },
];

/** The severity every finding gets (SARIF `level`; rdjson maps it to its severities). */
export type Level = "note" | "warning" | "error";
export const LEVELS: readonly Level[] = ["note", "warning", "error"];

export interface Finding {
  rule: Rule;
  ruleIndex: number;
  file: FileChange;
  symbol: SymbolChange;
  /** caller-not-updated: the call site (located there). */
  site?: ImpactSite;
  /** The file the location is in: the head path, or the base path for what only the base has. */
  path: string;
  side: "head" | "base";
  /** Absent when the change has no lines on either side (a module-level change with no own lines). */
  startLine?: number;
  endLine?: number;
  message: string;
}

/** Renames and moves name the change; otherwise a changed declaration outranks a changed body. */
export function ruleOf(s: SymbolChange): RuleId {
  if (s.change === "renamed") return "symbol-renamed";
  if (s.change === "moved") return "symbol-moved";
  if (s.change === "added") return "symbol-added";
  if (s.change === "removed") return "symbol-removed";
  return s.signatureChanged ? "signature-changed" : "symbol-modified";
}

export function isModuleChange(s: SymbolChange): boolean {
  return s.kind === "module" && s.qualifiedName === MODULE_NAME;
}

/**
 * `removedAt`: a removed symbol's line in the head file (render/changed/lines/removal-sites.ts), where it is
 * located when given; else in the base.
 */
export function findings(set: ChangeSet, removedAt: ReadonlyMap<SymbolChange, number> = new Map()): Finding[] {
  const out: Finding[] = [];
  for (const file of set.files) {
    for (const symbol of file.symbols) {
      const id = ruleOf(symbol);
      const ruleIndex = RULES.findIndex((r) => r.id === id);
      const onHead = symbol.startLine !== undefined;
      const basePath = symbol.oldPath ?? file.oldPath ?? file.path;
      const headLine = removedAt.get(symbol);
      const f: Finding = {
        rule: RULES[ruleIndex],
        ruleIndex,
        file,
        symbol,
        path: onHead || headLine !== undefined || symbol.oldStartLine === undefined ? file.path : basePath,
        side: onHead || headLine !== undefined || symbol.oldStartLine === undefined ? "head" : "base",
        message: message(symbol, file, headLine === undefined && symbol.change === "removed" && file.status === "deleted"),
      };
      if (onHead) [f.startLine, f.endLine] = [symbol.startLine, symbol.endLine ?? symbol.startLine];
      else if (headLine !== undefined) [f.startLine, f.endLine] = [headLine, headLine];
      else if (symbol.oldStartLine !== undefined) [f.startLine, f.endLine] = [symbol.oldStartLine, symbol.oldEndLine ?? symbol.oldStartLine];
      out.push(f);
      out.push(...callerFindings(file, symbol));
    }
  }
  return out;
}

/**
 * One finding per call site tied to the symbol (import, same file) or marked as breaking; the
 * call sites matched by the name alone are counted in the symbol's own message instead.
 */
function callerFindings(file: FileChange, symbol: SymbolChange): Finding[] {
  const ruleIndex = RULES.findIndex((r) => r.id === "caller-not-updated");
  return (symbol.callers ?? [])
    .filter((c) => c.resolution !== "name-match" || c.breaks)
    .map((site) => ({ rule: RULES[ruleIndex], ruleIndex, file, symbol, site, path: site.path, side: "head", startLine: site.line, endLine: site.line, message: callerMessage(symbol, site) }));
}

/** `call of function `add` (import) not updated: breaks: 1 required argument missing`. */
export function callerMessage(s: SymbolChange, site: ImpactSite): string {
  const how = site.resolution === "import" ? "through an import" : site.resolution === "same-file" ? "in its own file" : site.resolution === "receiver-type" ? "through its receiver's type" : "by name only";
  const what = `call ${name(site.callee)} of ${s.kind} ${name(s.oldQualifiedName ?? s.qualifiedName)} (${how}) not updated`;
  return site.breaks ? `${what}: breaks: ${printable(cutText(site.breaks, SIGNATURE_SHOWN_MAX))}` : what;
}

const name = (n: string) => quoteName(cutText(n, NAME_SHOWN_MAX));
const sig = (s: string) => printable(cutText(s, SIGNATURE_SHOWN_MAX));
const path = (p: string) => quotePath(cutText(p, PATH_SHOWN_MAX));

/** One line: what happened to which symbol, and the signature change if any. */
export function message(s: SymbolChange, f: FileChange, fileGone = false): string {
  if (isModuleChange(s)) return `code outside every definition changed${s.cosmetic ? " (whitespace or comments only)" : ""}`;
  const what = `${s.kind} ${name(s.qualifiedName)}`;
  const parts: string[] = [];
  if (s.change === "added") parts.push(`${what} added${s.signature ? `: ${sig(s.signature)}` : ""}`);
  else if (s.change === "removed") parts.push(`${what} removed (was line${s.oldStartLine === s.oldEndLine ? "" : "s"} ${lines(s.oldStartLine, s.oldEndLine)} of ${path(f.oldPath ?? f.path)} in the base${fileGone ? "; the head has no such file, so it is located in the base" : ""})`);
  else if (s.change === "renamed") parts.push(`${s.kind} ${name(s.oldQualifiedName ?? s.qualifiedName)} renamed to ${name(s.qualifiedName)}`);
  else if (s.change === "moved") parts.push(`${what} moved from ${path(s.oldPath ?? f.oldPath ?? f.path)}${s.oldQualifiedName ? ` (was ${name(s.oldQualifiedName)})` : ""}`);
  else parts.push(s.signatureChanged ? `${what} declaration changed` : `${what} changed: ${s.cosmetic && !s.bodyChanged && !s.valueChanged && !s.docChanged ? "whitespace or comments only" : flags(s).join(", ") || "no code"}`);
  if (s.change !== "added" && s.change !== "removed") {
    if (s.signatureChanged && s.oldSignature !== undefined && s.signature !== undefined) parts.push(`signature ${sig(s.oldSignature)} → ${sig(s.signature)}`);
    else if (s.signatureChanged && s.change !== "modified") parts.push("declaration changed");
    // What else changed, in the words of the JSON flags (a doc edit is `doc`, never the declaration).
    const also = flags(s).filter((w) => w !== "signature" && w !== "cosmetic");
    if (also.length && (s.change !== "modified" || s.signatureChanged)) parts.push(`${also.join(", ")} changed`);
  }
  if (s.callers) {
    const byName = s.callers.filter((c) => c.resolution === "name-match").length;
    parts.push(`${s.callers.length - byName} call site${s.callers.length - byName === 1 ? "" : "s"} not updated${byName ? `, ${byName} more by name only` : ""}`);
  }
  return parts.join("; ");
}

/**
 * What `--fail-on` can ask for, each including the ones before it:
 * none < removed < signature-change < value-change < doc-change < any.
 */
export type FailOn = "none" | "removed" | "signature-change" | "value-change" | "doc-change" | "any";
export const FAIL_ON: readonly FailOn[] = ["none", "removed", "signature-change", "value-change", "doc-change", "any"];

/**
 * removed: a symbol of the base is gone under its name or from its file (removed, renamed,
 * moved); signature-change: that, or a changed declaration; value-change: those, or a changed
 * initializer or constant value; doc-change: those, or a changed doc comment or docstring;
 * any: any symbol change (added, body, cosmetic and code outside definitions included).
 */
export function failsOn(set: ChangeSet, what: FailOn): boolean {
  if (what === "none") return false;
  const level = FAIL_ON.indexOf(what);
  const at = (w: FailOn) => level >= FAIL_ON.indexOf(w);
  return set.files.some((f) =>
    f.symbols.some((s) => {
      if (what === "any") return true;
      const gone = s.change === "removed" || s.change === "renamed" || s.change === "moved";
      return gone || (at("signature-change") && s.signatureChanged) || (at("value-change") && s.valueChanged) || (at("doc-change") && s.docChanged);
    }),
  );
}
