// The predicates an outline query leaves to the host (tree-sitter applies only #eq?/#match?),
// parsed once per query and applied to one tree's matches. Cheap to compile, unlike the nested
// patterns they replace; applied in the order written (docs/adding-a-language.md):
//   (#declarator? @name "re")   @name is a C-family declarator: the types on the way down to
//       its name, space-joined, match re; @name becomes that name node
//   (#ancestors? @x "re")       the types of @x's nearest ancestors (up to 4), space-joined, match re
//   (#eq-ancestor-name? @name "a|b")   @name's text equals the `name` of the nearest a or b ancestor
//   (#parent? @x "re")          @x's parent, as `type.field` (`type` outside fields), matches re;
//       @x becomes the parent
//   (#field? @x "f" ["re"])     @x has an `f` child (whose type matches re); @x becomes that child
//   (#field-text? @x "f" "re")  the text of @x's `f` child matches re
//   (#name-before? @name "f")   @name has an `f` child; the name is @name's text before it
//       (the innermost `f` down that chain: C++ `operator bool() const` is named `operator bool`,
//       `operator const T*()` `operator const T*`)
//   (#path? @x "a|b" "re")      the types of @x's ancestors up to the nearest a or b (or the
//       root), nearest first, space-joined, match re (any depth, unlike #ancestors?)
//   (#not-under? @x "t.g" "f" "re")   @x is not in the `g` field (of a `g` child) of an ancestor
//       of type t whose `f` child's text matches re (without `.g`: anywhere in such an ancestor)
//   (#not-preceded? @x "t" "re")    none of the run of t-typed named siblings right before @x
//       has a text matching re (a decorator)
// And three that look around @x among the nodes of the types they name only (scopes.ts: by
// ranges, without a walk to @x, so cheap enough to run on every assignment of a file):
//   (#nearest? @x "a|b|c" "re")     the type of @x's nearest a, b or c ancestor (the root's when
//       none is and it is one of them) matches re
//   (#outermost? @x "t")        @x becomes the outermost of the run of t-typed ancestors right
//       around it (Python's chained `a = b = 1` nests one assignment in the other), if any
//   (#first-parameter? @x "a|b")    @x's text is the name its nearest a or b ancestor's first
//       parameter begins with (that ancestor's `parameters` child's first named child); @x
//       becomes that ancestor
import type { Node, Query, QueryMatch, QueryPredicate, Tree } from "web-tree-sitter";
import { ancestorsByParent, readAncestry, type Ancestors, type AncestorStep } from "./ancestry.ts";
import { ScopeIndex } from "./scopes.ts";

/** Suffix of the capture key under which #name-before? keeps the node a name ends at. */
export const NAME_END = "#end";

type Check =
  | { op: "declarator" | "ancestors" | "parent"; capture: string; re: RegExp }
  | { op: "eq-ancestor-name" | "first-parameter"; capture: string; types: Set<string> }
  | { op: "path" | "nearest"; capture: string; types: Set<string>; re: RegExp }
  | { op: "not-under"; capture: string; type: string; within?: string; field: string; re: RegExp }
  | { op: "not-preceded"; capture: string; type: string; re: RegExp }
  | { op: "outermost"; capture: string; type: string }
  | { op: "field" | "field-text" | "name-before"; capture: string; field: string; re?: RegExp };

/** A pattern's checks, and where the first that reads ancestors by the walk is (the checks before it run first, for every match). */
interface PatternChecks {
  checks: Check[];
  walkFrom: number;
}

const checkCache = new WeakMap<Query, PatternChecks[]>();

/** Checks that read ancestors the walk (ancestry.ts) gathers before they run. */
const WALKED = new Set<Check["op"]>(["ancestors", "parent", "eq-ancestor-name", "path", "not-under"]);
/** Checks that read ancestors however far up: the walk then keeps every one. */
const WALKED_ALL = new Set<Check["op"]>(["path", "not-under"]);

/** The host predicates of each pattern, parsed once per query. */
function hostPredicates(query: Query): PatternChecks[] {
  let all = checkCache.get(query);
  if (all) return all;
  all = query.predicates.map((preds: QueryPredicate[]) => {
    const checks = preds.map(parseCheck);
    const walkFrom = checks.findIndex((c) => WALKED.has(c.op));
    return { checks, walkFrom: walkFrom < 0 ? checks.length : walkFrom };
  });
  checkCache.set(query, all);
  return all;
}

function parseCheck(p: QueryPredicate): Check {
  const [cap, arg, arg2] = p.operands;
  const op = p.operator.replace(/\?$/, "");
  if (op === "name-before") {
    if (cap?.type !== "capture" || arg?.type !== "string" || p.operands.length !== 2) throw new Error(`query predicate #${p.operator} takes a capture and a field name`);
    return { op, capture: cap.name, field: arg.value };
  }
  if (op === "field" || op === "field-text") {
    const n = p.operands.length;
    if (cap?.type !== "capture" || arg?.type !== "string" || (arg2 && arg2.type !== "string") || n < (op === "field" ? 2 : 3) || n > 3) {
      throw new Error(`query predicate #${p.operator} takes a capture, a field name and ${op === "field" ? "optionally " : ""}a string`);
    }
    return { op, capture: cap.name, field: arg.value, re: arg2?.type === "string" ? new RegExp(arg2.value) : undefined };
  }
  const strings = p.operands.slice(1).map((o) => (o.type === "string" ? o.value : undefined));
  const takes = (n: number, what: string): string[] => {
    if (cap?.type !== "capture" || p.operands.length !== n + 1 || strings.some((v) => v === undefined)) throw new Error(`query predicate #${p.operator} takes a capture and ${what}`);
    return strings as string[];
  };
  if (cap?.type !== "capture") throw new Error(`query predicate #${p.operator} takes a capture first`);
  const capture = cap.name;
  switch (op) {
    case "declarator":
    case "ancestors":
    case "parent":
      return { op, capture, re: new RegExp(takes(1, "a string")[0]) };
    case "eq-ancestor-name":
    case "first-parameter":
      return { op, capture, types: new Set(takes(1, "a string (types)")[0].split("|")) };
    case "path":
    case "nearest": {
      const [types, re] = takes(2, "two strings (types, a regex)");
      return { op, capture, types: new Set(types.split("|")), re: new RegExp(re) };
    }
    case "not-under": {
      const [under, field, re] = takes(3, "three strings (a type, a field, a regex)");
      const [type, within] = under.split(".");
      return { op, capture, type, within, field, re: new RegExp(re) };
    }
    case "not-preceded": {
      const [type, re] = takes(2, "two strings (a type, a regex)");
      return { op, capture, type, re: new RegExp(re) };
    }
    case "outermost":
      return { op, capture, type: takes(1, "a string (a type)")[0] };
  }
  throw new Error(`unknown query predicate #${p.operator}`);
}

/** The node types the range checks (#nearest?, #outermost?, #first-parameter?) of a query look among; undefined when it has none. */
export function scopeTypes(query: Query): string[] | undefined {
  const types = new Set<string>();
  for (const { checks } of hostPredicates(query)) {
    for (const c of checks) {
      if (c.op === "nearest" || c.op === "first-parameter") for (const t of c.types) types.add(t);
      else if (c.op === "outermost") types.add(c.type);
    }
  }
  return types.size ? [...types] : undefined;
}

/**
 * What the checks of one tree's matches read from the tree, by node id: several patterns check
 * the same node (a C declaration is tried as a prototype, a variable, a constructor), and each
 * read crosses into WebAssembly. The ancestors of every node a check reads them for are read in
 * one walk (ancestry.ts: `node.parent` costs the node's depth), after the checks before the first
 * such check have dropped the matches they fail.
 */
interface CheckMemo {
  declarators: Map<number, { path: string; leaf: Node }>;
  ancestors: Map<number, Ancestors>;
  scopes?: ScopeIndex;
}

/** Ancestors kept per node: the 4 `#ancestors?` reads, and the parents `#parent?` steps up to. */
const ANCESTORS_KEPT = 8;

/**
 * The host predicates of `matches` applied: per match (same order), false when a check fails,
 * else its captures by name as the checks moved them (undefined: the pattern has no checks).
 * `scopes`: the nodes of scopeTypes(query) by type, when the caller gathered them on its walk.
 */
export function applyHostPredicates(tree: Tree, query: Query, matches: readonly QueryMatch[], scopes?: ReadonlyMap<string, readonly Node[]>): (Map<string, Node> | false | undefined)[] {
  const all = hostPredicates(query);
  const memo: CheckMemo = { declarators: new Map(), ancestors: new Map() };
  const types = scopeTypes(query);
  if (types) memo.scopes = new ScopeIndex(scopes ?? byType(tree.rootNode.descendantsOfType(types)), tree.rootNode);
  // First the checks that need no walk, for every match.
  const out = matches.map((match): Map<string, Node> | false | undefined => {
    const { checks, walkFrom } = all[match.patternIndex];
    if (!checks.length) return undefined;
    const nodes = new Map<string, Node>();
    for (const cap of match.captures) if (!nodes.has(cap.name)) nodes.set(cap.name, cap.node);
    return applyChecks(checks, 0, walkFrom, nodes, memo) && nodes;
  });
  // Then the walk, to the nodes the remaining checks of the matches left start at.
  const targets: Node[] = [];
  let nearestOf: Set<string> | undefined;
  let keep = ANCESTORS_KEPT;
  matches.forEach((match, i) => {
    const nodes = out[i];
    const { checks, walkFrom } = all[match.patternIndex];
    if (!nodes || walkFrom === checks.length) return;
    for (const check of checks.slice(walkFrom)) {
      if (!WALKED.has(check.op)) continue;
      if (check.op === "eq-ancestor-name") for (const t of check.types) (nearestOf ??= new Set()).add(t);
      if (WALKED_ALL.has(check.op)) keep = Infinity;
      const node = nodes.get(check.capture);
      if (node) targets.push(node);
    }
  });
  if (targets.length) memo.ancestors = readAncestry(tree, targets, { keep, nearestOf });
  matches.forEach((match, i) => {
    const nodes = out[i];
    const { checks, walkFrom } = all[match.patternIndex];
    if (nodes && walkFrom < checks.length && !applyChecks(checks, walkFrom, checks.length, nodes, memo)) out[i] = false;
  });
  return out;
}

function byType(nodes: (Node | null)[]): Map<string, Node[]> {
  const out = new Map<string, Node[]>();
  for (const n of nodes) {
    if (!n) continue;
    const list = out.get(n.type);
    if (list) list.push(n);
    else out.set(n.type, [n]);
  }
  return out;
}

/** `node`'s ancestors: as read by the walk, as derived for a parent a check stepped up to, or read now. */
function ancestorsOf(node: Node, seen: CheckMemo): Ancestors {
  let a = seen.ancestors.get(node.id);
  if (!a) seen.ancestors.set(node.id, (a = ancestorsByParent(node, ANCESTORS_KEPT)));
  return a;
}

/** Every ancestor of `node`, nearest first (as the walk read them, else read now). */
function allAncestorsOf(node: Node, seen: CheckMemo): AncestorStep[] {
  const a = ancestorsOf(node, seen);
  if (a.complete) return a.steps;
  const all = ancestorsByParent(node, Infinity);
  seen.ancestors.set(node.id, all);
  return all.steps;
}

/** What `#parent?` knows after stepping up to `a.steps[0]`: that node's own ancestors. */
function parentAncestors(a: Ancestors): Ancestors | undefined {
  const [up, ...rest] = a.steps;
  if (!up || (!rest.length && !a.complete)) return undefined;
  return { steps: rest, complete: a.complete, field: up.field, nearestOf: a.nearestOf && a.nearestOf.id !== up.node.id ? a.nearestOf : undefined };
}

/** Applies checks[from, to) to the captures in `nodes` (moved where a check moves one); false when one fails. */
function applyChecks(checks: Check[], from: number, to: number, nodes: Map<string, Node>, seen: CheckMemo): boolean {
  for (let i = from; i < to; i++) {
    const check = checks[i];
    const node = nodes.get(check.capture);
    if (!node) return false;
    if (check.op === "declarator") {
      let declarator = seen.declarators.get(node.id);
      if (!declarator) seen.declarators.set(node.id, (declarator = declaratorPath(node)));
      const { path, leaf } = declarator;
      if (!check.re.test(path)) return false;
      nodes.set(check.capture, leaf);
    } else if (check.op === "ancestors") {
      let a = ancestorsOf(node, seen);
      if (a.steps.length < 4 && !a.complete) a = ancestorsByParent(node, 4);
      if (!check.re.test(ancestorTypes(a))) return false;
    } else if (check.op === "eq-ancestor-name") {
      const a = ancestorsOf(node, seen);
      let found = a.steps.find((s) => check.types.has(s.type))?.node;
      if (!found && !a.complete) found = a.nearestOf && check.types.has(a.nearestOf.type) ? a.nearestOf : nearestAncestorOf(a.steps.at(-1)?.node ?? node, check.types);
      if (!found || found.childForFieldName("name")?.text !== node.text) return false;
    } else if (check.op === "parent") {
      const a = ancestorsOf(node, seen);
      const parent = a.steps[0]?.node;
      if (!parent) return false;
      if (!check.re.test(a.field ? `${parent.type}.${a.field}` : parent.type)) return false;
      const above = parentAncestors(a);
      if (above && !seen.ancestors.has(parent.id)) seen.ancestors.set(parent.id, above);
      nodes.set(check.capture, parent);
    } else if (check.op === "field") {
      const child = node.childForFieldName(check.field);
      if (!child || (check.re && !check.re.test(child.type))) return false;
      nodes.set(check.capture, child);
    } else if (check.op === "name-before") {
      let child = node.childForFieldName(check.field);
      if (!child) return false;
      // Down to the innermost: `operator const int*()` is named `operator const int*`.
      // (a node without the field counts a child of the field's kind: `abstract_reference_declarator`)
      const inner = (n: Node): Node | null => n.childForFieldName(check.field) ?? [...n.namedChildren].reverse().find((c) => !!c?.type.includes(check.field)) ?? null;
      for (let next = inner(child); next; next = inner(next)) child = next;
      nodes.set(`${check.capture}${NAME_END}`, child);
    } else if (check.op === "field-text") {
      const child = node.childForFieldName(check.field);
      if (!child || !check.re!.test(child.text)) return false;
    } else if (check.op === "path") {
      let types = "";
      for (const step of allAncestorsOf(node, seen)) {
        types += types ? ` ${step.type}` : step.type;
        if (check.types.has(step.type)) break;
      }
      if (!check.re.test(types)) return false;
    } else if (check.op === "not-under") {
      const steps = allAncestorsOf(node, seen);
      for (const [i, step] of steps.entries()) {
        if (step.type !== check.type) continue;
        // The field the way up entered this ancestor by: that of the step below it.
        if (check.within !== undefined && (i ? steps[i - 1].field : ancestorsOf(node, seen).field) !== check.within) continue;
        const child = step.node.childForFieldName(check.field);
        if (child && check.re.test(child.text)) return false;
      }
    } else if (check.op === "not-preceded") {
      for (let prev = node.previousNamedSibling; prev && prev.type === check.type; prev = prev.previousNamedSibling) if (check.re.test(prev.text)) return false;
    } else if (check.op === "nearest") {
      if (!check.re.test(seen.scopes!.nearest(node, check.types)?.type ?? "")) return false;
    } else if (check.op === "outermost") {
      const outer = seen.scopes!.outermost(node, check.type);
      if (outer) nodes.set(check.capture, outer);
    } else if (check.op === "first-parameter") {
      const owner = seen.scopes!.nearest(node, check.types);
      const first = owner?.childForFieldName("parameters")?.firstNamedChild;
      const name = first ? parameterName(first) : undefined;
      if (!owner || !name || name.text !== node.text) return false;
      nodes.set(check.capture, owner);
    }
  }
  return true;
}

/** The name a parameter begins with: itself when it is a leaf, else its first named child where the parameter starts with it (`self: T`, `self=None`; not `*args`). */
function parameterName(param: Node): Node | undefined {
  if (param.namedChildCount === 0) return param;
  const first = param.firstNamedChild;
  return first && first.startIndex === param.startIndex && first.namedChildCount === 0 ? first : undefined;
}

/** The types of the 4 nearest ancestors, nearest first, space-joined (what `#ancestors?` matches). */
function ancestorTypes(a: Ancestors): string {
  let out = "";
  for (let i = 0; i < a.steps.length && i < 4; i++) out += i ? ` ${a.steps[i].type}` : a.steps[i].type;
  return out;
}

/** The nearest ancestor of `node` whose type is in `types` (a walk up with `node.parent`). */
function nearestAncestorOf(node: Node, types: ReadonlySet<string>): Node | undefined {
  for (let a = node.parent; a; a = a.parent) if (types.has(a.type)) return a;
  return undefined;
}

/**
 * A C-family declarator down to the name it declares: `declarator` fields, and for declarators
 * without one (C++ `&x`, `(*fp)`) the last named child. `*f(int)` -> "pointer_declarator
 * function_declarator identifier" and the identifier `f`.
 */
function declaratorPath(node: Node): { path: string; leaf: Node } {
  const types: string[] = [];
  let n = node;
  for (;;) {
    const type = n.type;
    types.push(type);
    const next = n.childForFieldName("declarator") ?? (type.endsWith("_declarator") ? n.lastNamedChild : null);
    if (!next) return { path: types.join(" "), leaf: n };
    n = next;
  }
}
