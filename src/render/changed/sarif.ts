// `changed --format sarif`: SARIF 2.1.0 (the OASIS standard GitHub code scanning reads). A
// result for each change a caller can trip over: a removal, a rename, a move, a signature
// change (one per symbol, under its rule), and with `--impact` each call site not updated; the
// other changes (added, value, doc, body, cosmetic, code outside definitions) are counted in
// `run.properties.notReported` and named in one notification, not reported one by one. Rule
// ids come from findings.ts, each rule with its full description and help. A result is
// located on the head side; a removed symbol at the head line where its lines were deleted
// (`removedAt`, from both sides of the file), in the base when the head has no such file. At
// most `SARIF_MAX_RESULTS` results (GitHub code scanning takes no more per run), symbol
// results first, with a notification saying how many were left out. Files whose symbols were
// not compared (binary, unsupported language, …) are named in the invocation's notifications.
// Exact names are in `logicalLocations`; the message is for people.
import { createHash } from "node:crypto";
import type { ChangeSet, SymbolChange } from "../../core/diff/types.ts";
import { quotePath, toJson } from "../../core/text/quote.ts";
import { VERSION } from "../../version.ts";
import { CATEGORIES, fileNote, tallyCategories } from "./common.ts";
import { findings, isModuleChange, RULES, type Finding, type Level, type RuleId } from "./findings.ts";
import type { SymbolKind } from "../../core/types.ts";

export const SARIF_SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
/** GitHub code scanning accepts at most 25,000 results per run. */
export const SARIF_MAX_RESULTS = 25_000;

/** The rules a SARIF result can have, in this order in `rules` (ruleIndex points into it). */
const REPORTED: readonly RuleId[] = ["symbol-removed", "symbol-renamed", "symbol-moved", "signature-changed", "caller-not-updated"];
export const SARIF_RULES = REPORTED.map((id) => RULES.find((r) => r.id === id)!);

export interface SarifOptions {
  /** A removed symbol's line in the head file (render/changed/lines/removal-sites.ts). */
  removedAt?: ReadonlyMap<SymbolChange, number>;
  maxResults?: number;
}

export function renderChangedSarif(set: ChangeSet, level: Level = "note", options: SarifOptions = {}): string {
  const max = options.maxResults ?? SARIF_MAX_RESULTS;
  const all = findings(set, options.removedAt).filter((f) => REPORTED.includes(f.rule.id));
  // Symbol results first: a cut drops call sites before it drops a removal or a rename.
  const ordered = [...all.filter((f) => !f.site), ...all.filter((f) => f.site)];
  const kept = ordered.slice(0, max);
  const leftOut = ordered.length - kept.length;
  // Two calls on one line have the same key: the second and later get their ordinal.
  const seen = new Map<string, number>();
  const results = kept.map((f) => {
    const key = fingerprint(f);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return result(f, level, n ? createHash("sha256").update(`${key}\0${n}`).digest("hex").slice(0, 32) : key);
  });

  const reportedSymbols = new Set(all.filter((f) => !f.site).map((f) => f.symbol));
  const others = set.files.flatMap((f) => f.symbols).filter((s) => !reportedSymbols.has(s));
  const tally = tallyCategories(others);
  const notReported = Object.fromEntries(CATEGORIES.filter((c) => tally[c]).map((c) => [c, tally[c]!]));

  const notifications: Record<string, unknown>[] = [];
  if (others.length) {
    notifications.push({
      level: "note",
      message: { text: `${others.length} other symbol change${others.length === 1 ? "" : "s"} not reported as results (${Object.entries(notReported).map(([c, n]) => `${n} ${c}`).join(", ")}): counted in run.properties.notReported; --format json lists them all` },
    });
  }
  if (leftOut > 0) {
    notifications.push({
      level: "warning",
      message: { text: `${thousands(leftOut)} of ${thousands(ordered.length)} results left out: a SARIF run holds at most ${thousands(max)} (GitHub code scanning's limit); call sites were dropped first; --format json lists them all` },
    });
  }
  for (const f of set.files.filter((f) => f.skipped)) {
    notifications.push({
      level: "note",
      message: { text: `symbols not compared: ${quotePath(f.path)} (${fileNote(f)})` },
      locations: [{ physicalLocation: { artifactLocation: { uri: uri(f.path), uriBaseId: "%SRCROOT%" } } }],
    });
  }
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
            rules: SARIF_RULES.map((r) => ({
              id: r.id,
              name: r.name,
              shortDescription: { text: r.description },
              fullDescription: { text: r.full },
              help: { text: r.help, markdown: r.helpMarkdown },
              defaultConfiguration: { level },
            })),
          },
        },
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
        properties: { base: set.base, head: set.head, notReported, ...(leftOut > 0 ? { resultsLeftOut: leftOut } : {}) },
        results,
      },
    ],
  };
  return toJson(log, 2) + "\n";
}

/** `25,000`: digits grouped by three, whatever the runtime's locale. */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

function result(f: Finding, level: Level, print: string) {
  const s = f.symbol;
  const physicalLocation: Record<string, unknown> = { artifactLocation: { uri: uri(f.path), uriBaseId: "%SRCROOT%" } };
  if (f.startLine !== undefined) physicalLocation.region = { startLine: f.startLine, endLine: Math.max(f.startLine, f.endLine ?? f.startLine) };
  const location: Record<string, unknown> = { physicalLocation };
  // A call site is located by its line; the symbol around it is in the properties.
  if (!f.site && !isModuleChange(s)) location.logicalLocations = [{ name: s.name, fullyQualifiedName: s.qualifiedName, kind: logicalKind(s.kind) }];
  return {
    ruleId: f.rule.id,
    ruleIndex: SARIF_RULES.indexOf(f.rule),
    level,
    message: { text: f.message },
    locations: [location],
    // Stable across commits for the same symbol and rule, so a code-scanning alert is tracked, not re-opened.
    partialFingerprints: { "astOutlineSymbol/v1": print },
    properties: f.site ? { resolution: f.site.resolution, ...(f.site.breaks ? { breaks: f.site.breaks } : {}), callee: f.site.callee, ...(f.site.symbol ? { in: f.site.symbol } : {}), calls: s.qualifiedName, side: f.side } : {
      change: s.change,
      signatureChanged: s.signatureChanged,
      valueChanged: s.valueChanged,
      docChanged: s.docChanged,
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
