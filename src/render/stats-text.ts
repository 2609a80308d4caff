// `stats` as text and JSON:
//
//   12 calls (1 error), 2026-12-01T06:00:00.000Z to 2026-12-01T06:20:00.000Z, 840 ms in tools
//   tokens returned: 3,456
//   calls naming a file: 9, returned 2,100 tokens; those files whole: 35,000 tokens (9 reads), 21,000 (4 files, once each)
//   get_outline: 4 calls, 1,200 tokens
import type { AccessStats } from "../app/access-stats.ts";
import { printable, toJson } from "../core/text/quote.ts";

const n = (x: number) => x.toLocaleString("en-US");

export function renderStatsText(s: AccessStats, path: string): string {
  const out: string[] = [];
  const span = s.firstTime ? `, ${printable(s.firstTime)} to ${printable(s.lastTime!)}` : "";
  out.push(`${n(s.calls)} call${s.calls === 1 ? "" : "s"} (${n(s.errors)} error${s.errors === 1 ? "" : "s"})${span}, ${n(Math.round(s.durationMs))} ms in tools`);
  out.push(`tokens returned: ${n(s.resultTokens)}`);
  out.push(
    `calls naming a file: ${n(s.fileCalls)}, returned ${n(s.fileCallTokens)} tokens; those files whole: ${n(s.wholeFileTokensPerCall)} tokens (one read per call), ${n(s.wholeFileTokensOnce)} (${n(s.files)} file${s.files === 1 ? "" : "s"}, once each)`,
  );
  for (const [tool, t] of Object.entries(s.byTool).sort((a, b) => b[1].resultTokens - a[1].resultTokens)) {
    out.push(`${printable(tool)}: ${n(t.calls)} call${t.calls === 1 ? "" : "s"}${t.errors ? ` (${n(t.errors)} error${t.errors === 1 ? "" : "s"})` : ""}, ${n(t.resultTokens)} tokens`);
  }
  if (s.badLineCount) out.push(`skipped ${n(s.badLineCount)} line${s.badLineCount === 1 ? "" : "s"} of ${printable(path)} that are not log lines (line ${s.badLines.join(", ")}${s.badLineCount > s.badLines.length ? ", …" : ""})`);
  return out.join("\n") + "\n";
}

export function renderStatsJson(s: AccessStats): string {
  return toJson(s, 2) + "\n";
}
