// `ast-outline stats FILE`: what an access log (`mcp --log`, io/access-log.ts) adds up to:
// calls, tokens returned, and what reading the named files whole would have cost. Pure: the
// log's text in, totals out.

export interface ToolTotals {
  calls: number;
  errors: number;
  resultTokens: number;
}

export interface AccessStats {
  calls: number;
  errors: number;
  resultTokens: number;
  durationMs: number;
  firstTime?: string;
  lastTime?: string;
  /** Calls that named one file, and the tokens they returned. */
  fileCalls: number;
  fileCallTokens: number;
  /** Whole-file tokens summed over those calls (each call as if it had read its file whole). */
  wholeFileTokensPerCall: number;
  /** Distinct files named, and their whole-file tokens counted once each (the last size logged). */
  files: number;
  wholeFileTokensOnce: number;
  /** By tool name, as the log gives it (a name like `__proto__` is just a name: no prototype). */
  byTool: Record<string, ToolTotals>;
  /** Lines that are not a log line (1-based), at most the first 10, and how many in all. */
  badLines: number[];
  badLineCount: number;
}

export function accessStats(log: string): AccessStats {
  const s: AccessStats = { calls: 0, errors: 0, resultTokens: 0, durationMs: 0, fileCalls: 0, fileCallTokens: 0, wholeFileTokensPerCall: 0, files: 0, wholeFileTokensOnce: 0, byTool: Object.create(null) as Record<string, ToolTotals>, badLines: [], badLineCount: 0 };
  const fileTokens = new Map<string, number>();
  log.split("\n").forEach((raw, i) => {
    if (!raw.trim()) return;
    const line = parse(raw);
    if (!line) {
      s.badLineCount++;
      if (s.badLines.length < 10) s.badLines.push(i + 1);
      return;
    }
    s.calls++;
    s.resultTokens += line.resultTokens;
    s.durationMs += line.durationMs;
    if (line.error !== null) s.errors++;
    if (!s.firstTime || line.time < s.firstTime) s.firstTime = line.time;
    if (!s.lastTime || line.time > s.lastTime) s.lastTime = line.time;
    const t = (s.byTool[line.tool] ??= { calls: 0, errors: 0, resultTokens: 0 });
    t.calls++;
    t.resultTokens += line.resultTokens;
    if (line.error !== null) t.errors++;
    if (line.fileTokens !== undefined && typeof line.path === "string") {
      s.fileCalls++;
      s.fileCallTokens += line.resultTokens;
      s.wholeFileTokensPerCall += line.fileTokens;
      fileTokens.set(line.path, line.fileTokens);
    }
  });
  s.files = fileTokens.size;
  for (const n of fileTokens.values()) s.wholeFileTokensOnce += n;
  return s;
}

interface Parsed {
  time: string;
  tool: string;
  resultTokens: number;
  durationMs: number;
  error: string | null;
  fileTokens?: number;
  path?: unknown;
}

/** A log line, checked field by field; anything else is undefined. */
function parse(raw: string): Parsed | undefined {
  let o: unknown;
  try {
    o = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!o || typeof o !== "object") return undefined;
  const r = o as Record<string, unknown>;
  const count = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v >= 0;
  if (typeof r.time !== "string" || typeof r.tool !== "string" || !count(r.resultTokens) || !count(r.durationMs)) return undefined;
  if (r.error !== null && typeof r.error !== "string") return undefined;
  if (r.fileTokens !== undefined && !count(r.fileTokens)) return undefined;
  const args = r.arguments && typeof r.arguments === "object" ? (r.arguments as Record<string, unknown>) : {};
  return { time: r.time, tool: r.tool, resultTokens: r.resultTokens as number, durationMs: r.durationMs as number, error: r.error as string | null, fileTokens: r.fileTokens as number | undefined, path: args.path };
}
