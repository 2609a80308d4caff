// `changed --format sarif`: SARIF 2.1.0 (the OASIS standard GitHub code scanning reads), one
// result per changed symbol. Rule ids come from changed-findings.ts; a result is located on the
// head side, on the base side for what only the base has (a removed symbol). Files whose
// symbols were not compared (binary, unsupported language, …) are named in the invocation's
// notifications. Exact names are in `logicalLocations`; the message is for people.
import { createHash } from "node:crypto";
import type { ChangeSet } from "../core/diff/types.ts";
import { quotePath, toJson } from "../core/text/quote.ts";
import { VERSION } from "../version.ts";
import { fileNote } from "./changed-common.ts";
import { findings, isModuleChange, RULES, type Finding, type Level } from "./changed-findings.ts";
import type { SymbolKind } from "../core/types.ts";

export const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

export function renderChangedSarif(set: ChangeSet, level: Level = "note"): string {
  // Two calls on one line have the same key: the second and later get their ordinal.
  const seen = new Map<string, number>();
  const results = findings(set).map((f) => {
    const key = fingerprint(f);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return result(f, level, n ? createHash("sha256").update(`${key}\0${n}`).digest("hex").slice(0, 32) : key);
  });
  const notifications = set.files
    .filter((f) => f.skipped)
    .map((f) => ({
      level: "note",
      message: { text: `symbols not compared: ${quotePath(f.path)} (${fileNote(f)})` },
      locations: [{ physicalLocation: { artifactLocation: { uri: uri(f.path), uriBaseId: "%SRCROOT%" } } }],
    }));
  const log = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "ast-outline",
            version: VERSION,
            informationUri: "https://www.npmjs.com/package/ast-outline",
            rules: RULES.map((r) => ({
              id: r.id,
              name: r.name,
              shortDescription: { text: r.description },
              defaultConfiguration: { level },
            })),
          },
        },
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
        properties: { base: set.base, head: set.head },
        results,
      },
    ],
  };
  return toJson(log, 2) + "\n";
}

function result(f: Finding, level: Level, print: string) {
  const s = f.symbol;
  const physicalLocation: Record<string, unknown> = { artifactLocation: { uri: uri(f.path), uriBaseId: "%SRCROOT%" } };
  if (f.startLine !== undefined) physicalLocation.region = { startLine: f.startLine, endLine: Math.max(f.startLine, f.endLine ?? f.startLine) };
  const location: Record<string, unknown> = { physicalLocation };
  // A call site is located by its line; the symbol around it is in the properties.
  if (!f.site && !isModuleChange(s)) location.logicalLocations = [{ name: s.name, fullyQualifiedName: s.qualifiedName, kind: logicalKind(s.kind) }];
  return {
    ruleId: f.rule.id,
    ruleIndex: f.ruleIndex,
    level,
    message: { text: f.message },
    locations: [location],
    // Stable across commits for the same symbol and rule, so a code-scanning alert is tracked, not re-opened.
    partialFingerprints: { "astOutlineSymbol/v1": print },
    properties: f.site ? { resolution: f.site.resolution, ...(f.site.breaks ? { breaks: f.site.breaks } : {}), callee: f.site.callee, ...(f.site.symbol ? { in: f.site.symbol } : {}), calls: s.qualifiedName, side: f.side } : {
      change: s.change,
      signatureChanged: s.signatureChanged,
      bodyChanged: s.bodyChanged,
      cosmetic: s.cosmetic,
      side: f.side,
    },
  };
}

function fingerprint(f: Finding): string {
  const site = f.site ? `\0${f.site.symbol ?? ""}\0${f.site.callee}\0${f.site.line}` : "";
  return createHash("sha256").update(`${f.rule.id}\0${f.path}\0${f.symbol.qualifiedName}${site}`).digest("hex").slice(0, 32);
}

/**
 * A repository-relative path as a relative URI reference: each segment percent-encoded
 * (spaces, `%`, `#`, `?` and every non-ASCII byte), the slashes kept. A path git could not
 * decode as UTF-8 arrives with U+FFFD (and a generated lone surrogate is made U+FFFD too).
 */
export function uri(path: string): string {
  const wellFormed = path.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  return wellFormed.split("/").map(encodeURIComponent).join("/");
}

/** SARIF's logical-location kinds (3.33.7) for ours. */
function logicalKind(kind: SymbolKind): string {
  switch (kind) {
    case "function":
      return "function";
    case "method":
    case "constructor":
    case "field":
      return "member";
    case "property":
      return "property";
    case "variable":
    case "constant":
      return "variable";
    case "module":
      return "module";
    case "namespace":
      return "namespace";
    case "macro":
      return "declaration";
    // Data and build files: a key is a property (SARIF's word for a JSON member), the other
    // units (tables, sections, resources, jobs, steps, services, targets, rules) objects.
    case "key":
      return "property";
    case "table":
    case "section":
    case "resource":
    case "output":
    case "job":
    case "step":
    case "service":
    case "target":
    case "rule":
      return "object";
    default:
      return "type";
  }
}
