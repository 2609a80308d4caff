// `tests` as text (one test a line, then its chain) and as JSON (the whole answer).
import type { AffectedTests, ChainStep } from "../core/tests/types.ts";
import { quoteName, quotePath } from "../core/text/quote.ts";

const step = (s: ChainStep) => `${quoteName(s.qualifiedName)} (${quotePath(s.path)}${s.line !== undefined ? `:${s.line}` : ""})`;

export function renderTestsText(a: AffectedTests): string {
  const out: string[] = [];
  const runners = a.runners.map((r) => r.name).join(", ") || "none found";
  out.push(`${a.tests.length} test${a.tests.length === 1 ? "" : "s"} reached from ${a.changedSymbols} changed symbol${a.changedSymbols === 1 ? "" : "s"} (${runners})`);
  if (a.wholeSuite) out.push(`whole suite: ${a.wholeSuite.reason}: ${a.wholeSuite.paths.slice(0, 5).map(quotePath).join(", ")}${a.wholeSuite.paths.length > 5 ? `, and ${a.wholeSuite.paths.length - 5} more` : ""}`);
  for (const t of a.tests) {
    out.push(`${quotePath(t.path)}:${t.startLine} ${quoteName(t.qualifiedName)} [${t.sureness}]`);
    if (t.chain.length > 1) out.push(`  ${t.chain.map(step).join(" -> ")}`);
  }
  return out.join("\n") + "\n";
}

export function renderTestsJson(a: AffectedTests): string {
  return JSON.stringify(a, null, 2) + "\n";
}

/** One command line per runner; undefined when there is nothing to run. */
export function renderTestsCommand(a: AffectedTests): string | undefined {
  const lines = a.runners.flatMap((r) => (r.command ? [r.command] : []));
  return lines.length ? lines.join("\n") + "\n" : undefined;
}
