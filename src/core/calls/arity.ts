// Whether a call, as written, fits a definition's parameter list: too many or too few
// positional arguments, or a keyword no parameter takes. Parameter lists come from the
// language's params.scm (captures documented in grammars/python/params.scm); the rule that
// judges a call is the same for every language. Where a language has no params.scm, or a
// call spreads its arguments, nothing is judged.
import type { Node, Query, Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import type { CallArgs } from "../skeleton/scan.ts";
import { withScriptQuery } from "../skeleton/script-query.ts";

export type ParamKind = "required" | "optional" | "rest" | "kwrest" | "receiver" | "implicit" | "keyword-only" | "positional-only";

export interface Param {
  kind: ParamKind;
  name?: string;
}

/** One parameter list, by the line its definition's list starts on (1-based). */
export interface ParamList {
  line: number;
  /** String offset of the list, to tell a definition's own list from a nested one. */
  from: number;
  params: Param[];
  /** The parameters take their types (and so their optionality) from a declared type elsewhere (`const f: F = (a, b) => …`): not judged. */
  contextual?: boolean;
}

/** Capture name -> kind; a parameter captured twice takes the kind listed first here. */
const KIND_ORDER: [string, ParamKind][] = [
  ["param.rest", "rest"],
  ["param.kwrest", "kwrest"],
  ["param.implicit", "implicit"],
  ["param.receiver", "receiver"],
  ["param.keyword-only", "keyword-only"],
  ["param.positional-only", "positional-only"],
  ["param.optional", "optional"],
  ["param", "required"],
];

/** Every definition's parameter list in a file, in source order; undefined when the language has no params.scm. */
export function parameterLists(text: string, language: LanguageSpec): Promise<ParamList[] | undefined> {
  return withScriptQuery(language, text, "params.scm", listsOf);
}

function listsOf(tree: Tree, query: Query): ParamList[] {
  const lists = new Map<number, Node>();
  const contextual = new Set<number>();
  const listTypes = new Set<string>();
  const params = new Map<number, { node: Node; kinds: Set<string>; name?: string }>();
  for (const match of query.matches(tree.rootNode)) {
    let param: Node | undefined;
    let name: string | undefined;
    const kinds: string[] = [];
    for (const cap of match.captures) {
      if (cap.name === "params" || cap.name === "params.contextual") {
        lists.set(cap.node.id, cap.node);
        listTypes.add(cap.node.type);
        if (cap.name === "params.contextual") contextual.add(cap.node.id);
      } else if (cap.name === "param.name") name = cap.node.text;
      else if (cap.name === "param" || cap.name.startsWith("param.")) {
        param = cap.node;
        kinds.push(cap.name);
      }
    }
    if (!param) continue;
    let p = params.get(param.id);
    if (!p) params.set(param.id, (p = { node: param, kinds: new Set() }));
    for (const k of kinds) p.kinds.add(k);
    if (name !== undefined) p.name ??= name;
  }
  const out = new Map<number, ParamList>();
  for (const [id, node] of lists) out.set(id, { line: node.startPosition.row + 1, from: node.startIndex, params: [], ...(contextual.has(id) ? { contextual: true } : {}) });
  // A parameter belongs to the nearest list around it; one inside a list that is not a
  // definition's (a function type's, a lambda's) belongs to none.
  const ordered = [...params.values()].sort((a, b) => a.node.startIndex - b.node.startIndex);
  for (const p of ordered) {
    // The parameter node itself may be the list (an arrow function's lone parameter).
    let owner = out.get(p.node.id);
    for (let up = p.node.parent; up && !owner; up = up.parent) {
      if (listTypes.has(up.type)) {
        owner = out.get(up.id);
        break;
      }
    }
    if (!owner) continue;
    const kind = KIND_ORDER.find(([capture]) => p.kinds.has(capture))![1];
    owner.params.push(p.name === undefined ? { kind } : { kind, name: p.name });
  }
  return [...out.values()].sort((a, b) => a.from - b.from);
}

/**
 * Why `args` cannot be passed to `params`, or undefined when they can (or it cannot be told:
 * a spread). `throughObject`: the call goes through an object (`x.f(...)`), which passes a
 * receiver parameter itself; `selfNames`: names a first parameter takes when it is the receiver.
 */
export function whyNotAccepted(params: Param[], args: CallArgs, throughObject: boolean, selfNames: readonly string[] = []): string | undefined {
  if (args.spread) return undefined;
  const slots: { name?: string; required: boolean; byPositionOnly: boolean }[] = [];
  const keywordOnly: { name?: string; required: boolean }[] = [];
  let rest = false, kwrest = false, afterStar = false;
  params.forEach((p, i) => {
    if (p.kind === "implicit") return;
    if (p.kind === "receiver" && throughObject) return;
    // An untyped receiver (Python's `self`): the first parameter, named as one.
    if (i === 0 && throughObject && p.kind === "required" && p.name !== undefined && selfNames.includes(p.name)) return;
    if (p.kind === "rest") {
      rest = true;
      afterStar = true;
    } else if (p.kind === "kwrest") kwrest = true;
    else if (p.kind === "keyword-only") afterStar = true;
    else if (p.kind === "positional-only") for (const s of slots) s.byPositionOnly = true;
    else {
      const required = p.kind === "required" || p.kind === "receiver";
      if (afterStar) keywordOnly.push({ name: p.name, required });
      else slots.push({ name: p.name, required, byPositionOnly: false });
    }
  });
  if (args.positional > slots.length && !rest) {
    return `${args.positional} positional argument${args.positional === 1 ? "" : "s"} given, it takes ${slots.length === 0 ? "none" : `at most ${slots.length}`}`;
  }
  const bound = new Set<string>();
  for (const k of args.keywords) {
    const byName = slots.slice(args.positional).some((s) => s.name === k && !s.byPositionOnly) || keywordOnly.some((s) => s.name === k);
    if (!byName && !kwrest) return `no parameter named ${k}`;
    bound.add(k);
  }
  const missing = slots.slice(args.positional).filter((s) => s.required && !(s.name !== undefined && bound.has(s.name))).length +
    keywordOnly.filter((s) => s.required && !(s.name !== undefined && bound.has(s.name))).length;
  if (missing > 0) return `${missing} required argument${missing === 1 ? "" : "s"} missing`;
  return undefined;
}
