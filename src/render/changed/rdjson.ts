// `changed --format rdjson`: reviewdog's Diagnostic Format (a DiagnosticResult), one diagnostic
// per changed symbol with the same rule ids and messages as SARIF. reviewdog attaches
// diagnostics to lines of the head, so a removed symbol is located at the head line where its
// lines were deleted (`removedAt`, render/changed/lines/removal-sites.ts); when the head has no such file, at
// its old file without a range, its old lines in the message. Ranges are whole lines (no columns: line-wise,
// end line included, as the format defines).
import type { ChangeSet, SymbolChange } from "../../core/diff/types.ts";
import { toJson } from "../../core/text/quote.ts";
import { findings, type Finding, type Level } from "./findings.ts";

const SEVERITY: Record<Level, string> = { note: "INFO", warning: "WARNING", error: "ERROR" };

export function renderChangedRdjson(set: ChangeSet, level: Level = "note", removedAt?: ReadonlyMap<SymbolChange, number>): string {
  const result = {
    source: { name: "ast-outline", url: "https://www.npmjs.com/package/ast-outline" },
    severity: SEVERITY[level],
    diagnostics: findings(set, removedAt).map((f) => diagnostic(f, level)),
  };
  return toJson(result, 2) + "\n";
}

function diagnostic(f: Finding, level: Level) {
  const location: Record<string, unknown> = { path: f.path };
  if (f.side === "head" && f.startLine !== undefined) location.range = { start: { line: f.startLine }, end: { line: Math.max(f.startLine, f.endLine ?? f.startLine) } };
  return { message: f.message, location, severity: SEVERITY[level], code: { value: f.rule.id } };
}
