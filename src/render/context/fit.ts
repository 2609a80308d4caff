// `context` fitted to its token budget: which text of the symbol is shown (full, skeleton, or its
// signature alone), and which of its callees, types and callers, ranked, with what was cut. The
// text and JSON answers are both printed from this one selection (text.ts, json.ts).
//
// Ranked, most needed first: the symbol's text; every resolved callee, named (with its signature
// when there is room); the types and callers the resolver ties to it; the callees outside the
// workspace or unresolved; the types and callers matched by name only. The full text is shown
// when it leaves room for every callee's name and a fifth of the budget for the rest (or all of
// it), else the skeleton, else the signature (and when even then not every callee's name fits,
// as many as do). Costs are summed over the pieces, counted on the safe side (core/text/
// tokens.ts: estimateTokensSafe), so the answer never exceeds the budget, by that count or by a
// BPE tokenizer's.
import type { ContextCallee, ContextCaller, ContextData, ContextType } from "../../core/context/types.ts";
import { estimateTokensSafe } from "../../core/text/tokens.ts";
import { printable, quoteName, quotePath } from "../../core/text/quote.ts";
import { fitSignature } from "../outline/index.ts";
import { renderSymbolText, symbolHeader } from "../symbol/index.ts";

/** The share of the budget the full text leaves for the rest before the skeleton is shown instead. */
const REST_SHARE = 0.2;
/** Signatures on a callee or type line are shortened to this many characters. */
const SIGNATURE_MAX = 100;
/** The signature shown alone (when neither text nor skeleton fits) is shortened past this many characters, every parameter name kept. */
const SIGNATURE_BODY_MAX = 240;

export type BodyView = "full" | "skeleton" | "signature";

export interface FittedContext {
  data: ContextData;
  maxTokens: number;
  view: BodyView;
  /** The symbol's text as shown (header line included). */
  body: string;
  /** Resolved callees shown, and whether each line carries the signature. */
  callees: { callee: ContextCallee; signature: boolean }[];
  /** Callees outside the workspace or unresolved, shown by name. */
  others: ContextCallee[];
  types: ContextType[];
  callers: ContextCaller[];
  cut: { callees: number; signatures: number; others: number; types: number; callers: number };
  /** The full text's estimated tokens, when it was not shown. */
  fullTokens?: number;
}

const cost = (text: string) => estimateTokensSafe(text + "\n");

export function calleeLine(c: ContextCallee, signature: boolean): string {
  const t = c.resolved.target!;
  const s = t.symbol;
  const byName = c.resolved.resolution === "name-match" ? `name-match${(c.resolved.candidates ?? 0) > 1 ? ` 1 of ${c.resolved.candidates}` : ""}` : c.resolved.resolution;
  const head = `  ${printable(c.callee)}@${lineList(c.lines)} -> ${quotePath(t.path)}:${s.startLine}-${s.endLine} ${quoteName(s.qualifiedName)} [${byName}]`;
  return signature && s.signature ? `${head}  ${printable(fitSignature(s.signature, s.name, SIGNATURE_MAX).text)}` : head;
}

/** Call lines shown per callee; the rest are counted. */
const MAX_CALL_LINES = 5;

function lineList(lines: number[]): string {
  const rest = lines.length - MAX_CALL_LINES;
  return lines.slice(0, MAX_CALL_LINES).join(",") + (rest > 0 ? `,+${rest}` : "");
}

export function othersLine(others: ContextCallee[]): string {
  const one = (c: ContextCallee) => `${printable(c.callee)}@${c.lines[0]}${c.resolved.module ? ` (${printable(c.resolved.module)})` : ""}`;
  return `  not in the workspace or unresolved: ${others.map(one).join(", ")}`;
}

export function typeLine(t: ContextType): string {
  const s = t.target.symbol;
  const how = t.resolution === "name-match" ? `name-match${(t.candidates ?? 0) > 1 ? ` 1 of ${t.candidates}` : ""}` : t.resolution;
  return `  ${quotePath(t.target.path)}:${s.startLine}-${s.endLine} ${s.kind} ${quoteName(s.qualifiedName)} [${how}, ${t.uses}x]  ${printable(fitSignature(s.signature, s.name, SIGNATURE_MAX).text)}`;
}

export function callerLine(c: ContextCaller): string {
  return `  ${quotePath(c.path)}:${c.line} [${c.in ? `in ${quoteName(c.in)}, ` : ""}${c.resolution}]  ${printable(c.text)}`;
}

export const CALLS_HEADING = "## calls (same-file, import: resolved; name-match: by name only, not type-checked)";
export const TYPES_HEADING = "## types it names";
export const callersHeading = (name: string) => `## callers of \`${printable(name)}\` (the call lines; name-match: maybe another \`${printable(name)}\`)`;

/** The first line of the answer; its words for the view are the longest of the three when reserving room for it. */
export function headLine(d: ContextData, maxTokens: number, view: BodyView): string {
  const s = d.target.symbol;
  const resolved = d.callees.filter((c) => c.resolved.target).length;
  const callers = d.callers.length + d.callersElided;
  return `# context of ${quotePath(d.target.path)}:${s.startLine}-${s.endLine} ${quoteName(s.qualifiedName)} (${s.kind}; ${view === "full" ? "full text" : view}; ` +
    `${resolved} resolved callee${resolved === 1 ? "" : "s"}, ${d.types.length} type${d.types.length === 1 ? "" : "s"}, ${callers} caller${callers === 1 ? "" : "s"}; within ${maxTokens} tokens)`;
}

export function cutLine(f: Pick<FittedContext, "cut" | "maxTokens" | "view" | "fullTokens">): string | undefined {
  const c = f.cut;
  const n = (count: number, what: string) => (count ? [`${count} ${what}${count === 1 ? "" : "s"}`] : []);
  const parts = [
    ...(f.view !== "full" ? [`full text (~${f.fullTokens} tokens)`] : []),
    ...n(c.callees, "callee"),
    ...n(c.signatures, "callee signature"),
    ...n(c.types, "type"),
    ...n(c.callers, "caller"),
    ...n(c.others, "unresolved callee"),
  ];
  return parts.length ? `# cut to fit ${f.maxTokens} tokens: ${parts.join(", ")} (get_symbol, get_callers or a larger budget)` : undefined;
}

function signatureBody(d: ContextData): string {
  const s = d.target.symbol;
  const lines = s.endLine - s.startLine + 1;
  return symbolHeader(d.target.path, s.startLine, s.endLine, quoteName(s.qualifiedName), [s.kind, `${lines} lines`, "signature only", `symbol:${d.full.symbolHash}`], d.full.file.hash) +
    `${printable(fitSignature(s.signature, s.name, SIGNATURE_BODY_MAX).text)}\n`;
}

/** The selection that fits `maxTokens` (see the top). */
export function fitContext(data: ContextData, maxTokens: number): FittedContext {
  const resolved = data.callees.filter((c) => c.resolved.target);
  const others = data.callees.filter((c) => !c.resolved.target);
  const full = renderSymbolText(data.full);
  const skeletonText = data.skeleton ? renderSymbolText(data.skeleton) : undefined;
  const bodies: [BodyView, string][] = [["full", full], ...(skeletonText && skeletonText !== full ? [["skeleton", skeletonText] as [BodyView, string]] : []), ["signature", signatureBody(data)]];

  const total = { callees: resolved.length, others: others.length, types: data.types.length, callers: data.callers.length + data.callersElided };
  // Room for the head and the cut line at their longest.
  const reserve = cost(headLine(data, maxTokens, "signature")) + cost(cutLine({ maxTokens, view: "signature", fullTokens: estimateTokensSafe(full), cut: { ...total, signatures: total.callees } })!);
  const callsCost = (withSignatures: boolean) => (resolved.length ? cost(CALLS_HEADING) + resolved.reduce((n, c) => n + cost(calleeLine(c, withSignatures)), 0) : 0);

  const extras: { section: "types" | "callers" | "others"; item?: ContextType | ContextCaller; text: string; rank: number }[] = [];
  for (const t of data.types) extras.push({ section: "types", item: t, text: typeLine(t), rank: t.resolution === "name-match" ? 3 : 0 });
  for (const c of data.callers) extras.push({ section: "callers", item: c, text: callerLine(c), rank: c.resolution === "name-match" ? 4 : 1 });
  extras.sort((a, b) => a.rank - b.rank); // stable: each section keeps its own order
  const extrasCost = extras.reduce((n, e) => n + cost(e.text), 0) + (others.length ? cost(othersLine(others)) : 0) + 2 * cost(callersHeading(data.calledAs));

  // The body: the fullest that leaves room for every callee's name and a share of the rest; else
  // for the callees' names; else the signature alone (the callees' names come before a fuller body).
  let room = maxTokens - reserve;
  const rest = Math.min(extrasCost, REST_SHARE * maxTokens);
  const chosen =
    bodies.find((b) => cost(b[1]) + callsCost(false) + rest <= room) ??
    bodies.find((b) => cost(b[1]) + callsCost(false) <= room) ??
    bodies[bodies.length - 1];
  const f: FittedContext = {
    data, maxTokens, view: chosen[0], body: chosen[1], callees: [], others: [], types: [], callers: [],
    cut: { callees: 0, signatures: 0, others: 0, types: 0, callers: 0 },
    ...(chosen[0] !== "full" ? { fullTokens: estimateTokensSafe(full) } : {}),
  };
  if (cost(f.body) <= room) room -= cost(f.body);
  else f.body = ""; // not even the signature fits: the head line names the symbol, the cut line says what is missing

  // Every resolved callee by name, then signatures as room allows, in call order.
  if (resolved.length && room >= cost(CALLS_HEADING)) room -= cost(CALLS_HEADING);
  else if (resolved.length) f.cut.callees = resolved.length;
  if (!f.cut.callees) {
    for (const c of resolved) {
      const line = cost(calleeLine(c, false));
      if (line <= room) {
        room -= line;
        f.callees.push({ callee: c, signature: false });
      } else f.cut.callees++;
    }
    for (const shown of f.callees) {
      const extra = cost(calleeLine(shown.callee, true)) - cost(calleeLine(shown.callee, false));
      if (extra <= room) {
        room -= extra;
        shown.signature = true;
      } else if (shown.callee.resolved.target?.symbol.signature) f.cut.signatures++;
    }
  }

  // Then the ranked rest; the unresolved callees' line goes in after the tied types and callers.
  const headings = { types: cost(TYPES_HEADING), callers: cost(callersHeading(data.calledAs)) };
  const opened = new Set<string>();
  let othersPlaced = !others.length;
  const placeOthers = () => {
    othersPlaced = true;
    const line = cost(othersLine(others)) + (f.callees.length || f.cut.callees ? 0 : cost(CALLS_HEADING));
    if (line <= room) {
      room -= line;
      f.others = others;
    } else f.cut.others = others.length;
  };
  for (const e of extras) {
    if (!othersPlaced && e.rank >= 3) placeOthers();
    const head = opened.has(e.section) ? 0 : headings[e.section as "types" | "callers"];
    const need = cost(e.text) + head;
    if (need <= room) {
      room -= need;
      opened.add(e.section);
      if (e.section === "types") f.types.push(e.item as ContextType);
      else f.callers.push(e.item as ContextCaller);
    } else if (e.section === "types") f.cut.types++;
    else f.cut.callers++;
  }
  if (!othersPlaced) placeOthers();
  f.cut.callers += data.callersElided;
  return f;
}
