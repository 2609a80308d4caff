// From a tree and the language's outline query to flat definition records.
// Capture convention (tree-sitter tags style, see docs/adding-a-language.md):
//   @definition.<kind> / @declaration.<kind>  the definition node
//   @name        its name (may contain a scope: `Foo::bar`)
//   @qualifier   the type that qualifies it (Go receiver, out-of-line owner)
//   @body        its body: the signature is the text before it
//   @doc         a docstring node inside it (Python)
//   @import / @import.name   a module path (several @import captures are its pieces, joined as
//                written: `a` `.` `b`) and, for `from m import n`, a name
// Predicates tree-sitter leaves to the host (cheap to compile, unlike the nested patterns they
// replace; applied in the order written, see docs/adding-a-language.md):
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
//   (#outermost? @x "t")        @x becomes the outermost of the run of t-typed ancestors right
//       above it (Python's chained `a = b = 1` nests one assignment in the other), if any
//   (#path? @x "a|b" "re")      the types of @x's ancestors up to the nearest a or b (or the
//       root), nearest first, space-joined, match re (any depth, unlike #ancestors?)
//   (#not-under? @x "t" "f" "re")   no ancestor of @x of type t has an `f` child whose text matches re
//   (#first-parameter? @x "a|b")    @x's text is the name its nearest a or b ancestor's first
//       parameter begins with (its `parameters` child's first named child); @x becomes that ancestor
//   (#not-preceded? @x "t" "re")    none of the run of t-typed named siblings right before @x
//       has a text matching re (a decorator)
// And a property: (#set! member.assigned) marks a member its class's code assigns (nesting.ts).
import type { Node, Query, QueryPredicate, Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { SYMBOL_KINDS, type SymbolKind } from "../types.ts";
import { outlineMatches } from "./matches.ts";
import { CommentIndex } from "./comment-index.ts";
import { unquotedName } from "./quoted-names.ts";
import { HEADER_NAME, hasNameParts, headerName, joinParts, namePartOrder, type NamePart } from "./name-parts.ts";
import { patternLevels, spanLevels } from "./levels.ts";
import { ancestorsByParent, readAncestry, type Ancestors, type AncestorStep } from "./ancestry.ts";

export interface RawDefinition {
  node: Node;
  /** The node's range, read once (endIndex crosses into WASM). */
  startIndex: number;
  endIndex: number;
  /** node.hasError, read only when the tree has an error (else no node has one). */
  hasError: boolean;
  /**
   * Whether a wrapper node (registry `wrapperTypes`) other than the node itself encloses it:
   * only then can its parent be a wrapper, and only then is the parent read (a WASM call that
   * walks down from the root).
   */
  maybeWrapped: boolean;
  /** The comments of the node's tree, when the walk gathered them. */
  comments?: CommentIndex;
  kind: SymbolKind;
  declaration: boolean;
  nameText: string;
  qualifierText?: string;
  body?: Node;
  doc?: Node;
  patternIndex: number;
  /** Where the name starts: orders the names of one node that declares several. */
  nameStartIndex: number;
  /** The pattern's `section.level` (levels.ts): the definition runs to the next of its level or above. */
  level?: number;
  /** Where it ends instead of its node's end (set by levels.ts). */
  spanEnd?: { index: number; row: number };
  /** `(#set! member.assigned)`: a member assigned in a method (a Python instance attribute), placed by nesting.ts. */
  assigned?: boolean;
}

const KIND_SET = new Set<string>(SYMBOL_KINDS);

export interface Extraction {
  defs: RawDefinition[];
  imports: string[];
  /** Whether the tree has a syntax error anywhere. */
  hasError: boolean;
}

/** `source` is the file's text where the parser read a mask of it (outline.ts): imports are read from it. */
export function extractDefinitions(tree: Tree, query: Query, spec: LanguageSpec, source?: string): Extraction {
  const defs = new Map<string, RawDefinition>();
  const imports: string[] = [];
  const seenImports = new Set<string>();
  const addImport = (text: string) => {
    if (text && !seenImports.has(text)) {
      seenImports.add(text);
      imports.push(text);
    }
  };
  const sep = spec.scopeSeparator;
  const constantNames = spec.constantNames ? new RegExp(spec.constantNames) : undefined;
  const nameTrim = spec.nameTrim ? new RegExp(spec.nameTrim, "g") : undefined;
  const bodyTypes = spec.bodyTypes?.length ? spec.bodyTypes : undefined;
  // Ranks for "the earlier pattern wins": a variable made a constant by `constantNames` ranks
  // just ahead of its own pattern, as a constant pattern listed just before it would.
  const ranks = new Map<string, number>();
  // The name nodes each definition node was matched with, by the node's range.
  const namesOfNode = new Map<string, Node[]>();

  const checksOf = hostPredicates(query);
  const hasError = tree.rootNode.hasError;
  const wrapperTypes = spec.wrapperTypes ?? [];
  const { matches, collected } = outlineMatches(tree, query, { wrappers: wrapperTypes, comments: spec.commentTypes ?? [] }, hasError);
  const seen: CheckMemo = { declarators: new Map(), ancestors: ancestryOfChecks(tree, matches, checksOf) };
  const comments = collected ? new CommentIndex(collected.get("comments")!) : undefined;
  const partsQuery = hasNameParts(query);
  const levels = patternLevels(query);
  const headerNamed = query.setProperties.map((p) => p?.[HEADER_NAME] !== undefined);
  const assignedMember = query.setProperties.map((p) => p?.[ASSIGNED_MEMBER] !== undefined);
  const singleName = spec.singleName === true;

  for (const match of matches) {
    const checks = checksOf[match.patternIndex];
    let rebound: Map<string, Node> | undefined;
    if (checks.length) {
      rebound = applyChecks(checks, match.captures, seen);
      if (!rebound) continue;
    }
    let def: Node | undefined;
    let kind: string | undefined;
    let declaration = false;
    let name: Node | undefined;
    let qualifier: Node | undefined;
    let body: Node | undefined;
    let doc: Node | undefined;
    // A module path may be several captures: its pieces as written (Scala's flat `path:` run).
    const importModule: Node[] = [];
    const importNames: Node[] = [];
    let parts: NamePart[] | undefined;
    for (const cap of match.captures) {
      const c = cap.name;
      const node = rebound?.get(c) ?? cap.node;
      if (c.startsWith("definition.") || c.startsWith("declaration.")) {
        def = node;
        declaration = c.startsWith("declaration.");
        kind = c.slice(c.indexOf(".") + 1);
      } else if (c === "name") {
        name = node;
        if (partsQuery) (parts ??= []).push({ order: 1, node });
      } else if (partsQuery && c.startsWith("name.")) {
        const order = namePartOrder(c);
        if (order) (parts ??= []).push({ order, node });
      } else if (c === "qualifier") qualifier = node;
      else if (c === "body") body = node;
      else if (c === "doc") doc = node;
      else if (c === "import") importModule.push(node);
      else if (c === "import.name") importNames.push(node);
    }
    if (importModule.length) {
      const textOf = (n: Node) => (source === undefined ? n.text : source.slice(n.startIndex, n.endIndex));
      const mod = unquote(importModule.map(textOf).join(""));
      if (importNames.length) for (const n of importNames) addImport(joinImport(mod, textOf(n), sep));
      else addImport(mod);
      continue;
    }
    // A name of several parts (name-parts.ts): its first part stands for it.
    let joinedName: string | undefined;
    if (parts && (parts.length > 1 || parts[0].order > 1)) {
      const joined = joinParts(parts, query.setProperties[match.patternIndex]?.["name.separator"], spec.quotedNames);
      name = joined.first;
      joinedName = joined.text;
    }
    if (!def || !kind || !name) continue;
    if (!KIND_SET.has(kind)) throw new Error(`query for ${spec.id}: unknown kind @definition.${kind}`);
    // `(#set! name.header)`: named by its header, the text before its body (a CSS at-rule's prelude).
    if (body && headerNamed[match.patternIndex]) joinedName = headerName(def, body);
    const nameEnd = rebound?.get(`name${NAME_END}`);
    let rawName = joinedName ?? (nameEnd ? name.text.slice(0, nameEnd.startIndex - name.startIndex).trimEnd() : name.text);
    // A name error recovery made up (a MISSING node: `enum : unsigned { ... }`) names nothing.
    if (!rawName) continue;
    // A name written over several lines (a CSS selector list, a setext heading) is one line.
    if (rawName.includes("\n")) rawName = rawName.replace(/\s*\n\s*/g, " ");
    let rank = match.patternIndex * 2 + 1;
    if (constantNames && kind === "variable" && constantNames.test(rawName)) {
      kind = "constant";
      rank--;
    }
    const startIndex = def.startIndex;
    const endIndex = def.endIndex;
    const nameStartIndex = name.startIndex;
    // The same node matched by two patterns for one name (the same or overlapping name nodes:
    // `"m"` and its `m`): the earlier pattern in the query wins. A node declaring several names
    // (`const { a, b } = o`, Go `a, b int`) gives a definition to each.
    const nodeKey = `${startIndex}:${endIndex}`;
    const namesHere = namesOfNode.get(nodeKey);
    const same = namesHere?.find((n) => n.startIndex < name!.endIndex && nameStartIndex < n.endIndex);
    // More names for a node with a syntax error inside come from error recovery, not the code
    // (a misparsed `MACRO ctor() : a(x), b(y)` would name a definition `a` and `b`).
    if (!singleName && !same && namesHere && hasError && def.hasError) continue;
    // One name per node (registry `singleName`): a later pattern's other name is no second name.
    const key = singleName ? nodeKey : same ? `${nodeKey}:${same.startIndex}` : `${nodeKey}:${nameStartIndex}`;
    if (defs.has(key) && ranks.get(key)! <= rank) continue;
    ranks.set(key, rank);
    if (!same) {
      if (namesHere) namesHere.push(name);
      else namesOfNode.set(nodeKey, [name]);
    }
    if (!body && bodyTypes) body = lastChildOfType(def, bodyTypes);
    if (!doc && body && spec.bodyDocstring) doc = bodyDocstring(body, spec.bodyDocstring);
    let nameText = nameTrim && joinedName === undefined ? rawName.replace(nameTrim, "") : rawName;
    // A quoted name is the exact text between its quotes: never split, cut or trimmed; so is a
    // joined one (its parts were unquoted one by one).
    const unquoted = spec.quotedNames && joinedName === undefined ? unquotedName(def, name, nameText, spec.quotedNames, hasError && def.hasError) : nameText;
    const quoted = joinedName !== undefined || unquoted !== nameText;
    nameText = unquoted;
    let qualifierText = qualifier?.text;
    // A conversion operator's type may be qualified (`operator fmt::string_view`): no scope.
    if (!quoted && sep && nameText.includes(sep) && !/^operator\b/.test(nameText)) {
      const parts = splitTopLevel(nameText, sep);
      nameText = parts.pop()!.trim();
      qualifierText = parts.join(".");
    }
    // `get<int>` (a specialization) is named `get`; `operator<` keeps its name.
    // Only after an identifier: Ruby's `<=>` is an operator name.
    if (!quoted && sep && nameText.endsWith(">") && !/^operator\b/.test(nameText)) nameText = nameText.replace(/^(\w+)\s*<.*>$/s, "$1");
    defs.set(key, {
      node: def,
      startIndex,
      endIndex,
      hasError: hasError && def.hasError,
      maybeWrapped: wrapperTypes.length > 0,
      comments,
      kind: kind as SymbolKind,
      declaration,
      nameText: quoted ? nameText : nameText.trim(),
      qualifierText,
      body,
      doc,
      patternIndex: match.patternIndex,
      nameStartIndex,
      level: levels?.[match.patternIndex],
      ...(assignedMember[match.patternIndex] ? { assigned: true } : {}),
    });
  }
  const list = [...defs.values()].sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex || a.nameStartIndex - b.nameStartIndex);
  if (levels) spanLevels(list, tree.rootNode);
  if (collected) markWrapped(list, collected.get("wrappers")!);
  return { defs: list, imports, hasError };
}

/**
 * Clears `maybeWrapped` of the definitions no wrapper encloses. A parent encloses its child,
 * so a definition whose parent is a wrapper keeps the flag. `defs` and `wrappers` are in
 * document order.
 */
function markWrapped(defs: RawDefinition[], wrappers: Node[]): void {
  let open: { id: number; start: number; end: number }[] = [];
  let next = 0;
  for (const def of defs) {
    while (next < wrappers.length && wrappers[next].startIndex <= def.startIndex) {
      const w = wrappers[next++];
      open.push({ id: w.id, start: w.startIndex, end: w.endIndex });
    }
    // Wrappers ending before this definition starts enclose no later one either.
    if (open.length) open = open.filter((w) => w.end >= def.startIndex);
    def.maybeWrapped = open.some((w) => w.id !== def.node.id && w.end >= def.endIndex);
  }
}

/** Suffix of the capture key under which #name-before? keeps the node a name ends at. */
const NAME_END = "#end";

/** The property that marks a member assigned in its class's methods (`(#set! member.assigned)`). */
const ASSIGNED_MEMBER = "member.assigned";

type Check =
  | { op: "declarator" | "ancestors" | "parent"; capture: string; re: RegExp }
  | { op: "eq-ancestor-name" | "first-parameter"; capture: string; types: Set<string> }
  | { op: "path"; capture: string; types: Set<string>; re: RegExp }
  | { op: "not-under"; capture: string; type: string; field: string; re: RegExp }
  | { op: "not-preceded"; capture: string; type: string; re: RegExp }
  | { op: "outermost"; capture: string; type: string }
  | { op: "field" | "field-text" | "name-before"; capture: string; field: string; re?: RegExp };

const checkCache = new WeakMap<Query, Check[][]>();

/** The host predicates of each pattern, parsed once per query. */
function hostPredicates(query: Query): Check[][] {
  let all = checkCache.get(query);
  if (all) return all;
  all = query.predicates.map((preds: QueryPredicate[]) =>
    preds.map((p): Check => {
      const [cap, arg, arg2] = p.operands;
      const op = p.operator.replace(/\?$/, "");
      if (op === "name-before") {
        if (cap?.type !== "capture" || arg?.type !== "string" || p.operands.length !== 2) throw new Error(`query predicate #${p.operator} takes a capture and a field name`);
        return { op, capture: cap.name, field: arg.value };
      }
      const strings = p.operands.slice(1).map((o) => (o.type === "string" ? o.value : undefined));
      const takes = (n: number, what: string) => {
        if (cap?.type !== "capture" || p.operands.length !== n + 1 || strings.some((v) => v === undefined)) throw new Error(`query predicate #${p.operator} takes a capture and ${what}`);
        return { capture: cap.name, args: strings as string[] };
      };
      if (op === "path") {
        const { capture, args } = takes(2, "two strings (stop types, a regex)");
        return { op, capture, types: new Set(args[0].split("|")), re: new RegExp(args[1]) };
      }
      if (op === "not-under") {
        const { capture, args } = takes(3, "three strings (a type, a field, a regex)");
        return { op, capture, type: args[0], field: args[1], re: new RegExp(args[2]) };
      }
      if (op === "not-preceded") {
        const { capture, args } = takes(2, "two strings (a type, a regex)");
        return { op, capture, type: args[0], re: new RegExp(args[1]) };
      }
      if (op === "outermost") {
        const { capture, args } = takes(1, "a string (a type)");
        return { op, capture, type: args[0] };
      }
      if (op === "first-parameter") {
        const { capture, args } = takes(1, "a string (types)");
        return { op, capture, types: new Set(args[0].split("|")) };
      }
      if (op === "field" || op === "field-text") {
        const n = p.operands.length;
        if (cap?.type !== "capture" || arg?.type !== "string" || (arg2 && arg2.type !== "string") || n < (op === "field" ? 2 : 3) || n > 3) {
          throw new Error(`query predicate #${p.operator} takes a capture, a field name and ${op === "field" ? "optionally " : ""}a string`);
        }
        return { op, capture: cap.name, field: arg.value, re: arg2?.type === "string" ? new RegExp(arg2.value) : undefined };
      }
      if (cap?.type !== "capture" || arg?.type !== "string" || p.operands.length !== 2) throw new Error(`query predicate #${p.operator} takes a capture and a string`);
      if (op === "declarator" || op === "ancestors" || op === "parent") return { op, capture: cap.name, re: new RegExp(arg.value) };
      if (op === "eq-ancestor-name") return { op, capture: cap.name, types: new Set(arg.value.split("|")) };
      throw new Error(`unknown query predicate #${p.operator}`);
    }),
  );
  checkCache.set(query, all);
  return all;
}

/**
 * What the checks of one tree's matches read from the tree, by node id: several patterns check
 * the same node (a C declaration is tried as a prototype, a variable, a constructor), and each
 * read crosses into WebAssembly. The ancestors of every node a check reads them for are read in
 * one walk before the checks (ancestry.ts: `node.parent` costs the node's depth).
 */
interface CheckMemo {
  declarators: Map<number, { path: string; leaf: Node }>;
  ancestors: Map<number, Ancestors>;
}

/** Ancestors kept per node: the 4 `#ancestors?` reads, and the parents `#parent?` steps up to. */
const ANCESTORS_KEPT = 8;

const readsAncestors = (op: Check["op"]) => op !== "declarator" && op !== "field" && op !== "field-text" && op !== "name-before" && op !== "not-preceded";
/** Checks that read a node's ancestors however far up: the walk then keeps every one. */
const readsAllAncestors = (op: Check["op"]) => op === "path" || op === "not-under" || op === "first-parameter" || op === "outermost";

function ancestryOfChecks(tree: Tree, matches: readonly { patternIndex: number; captures: { name: string; node: Node }[] }[], checksOf: Check[][]): Map<number, Ancestors> {
  const targets: Node[] = [];
  let nearestOf: Set<string> | undefined;
  let keep = ANCESTORS_KEPT;
  for (const match of matches) {
    for (const check of checksOf[match.patternIndex]) {
      if (!readsAncestors(check.op)) continue;
      if (check.op === "eq-ancestor-name") for (const t of check.types) (nearestOf ??= new Set()).add(t);
      if (readsAllAncestors(check.op)) keep = Infinity;
      const cap = match.captures.find((c) => c.name === check.capture);
      if (cap) targets.push(cap.node);
    }
  }
  return readAncestry(tree, targets, { keep, nearestOf });
}

/** Every ancestor of `node`, nearest first (as the walk read them, else read now). */
function allAncestorsOf(node: Node, seen: CheckMemo): AncestorStep[] {
  const a = ancestorsOf(node, seen);
  if (a.complete) return a.steps;
  const all = ancestorsByParent(node, Infinity);
  seen.ancestors.set(node.id, all);
  return all.steps;
}

/** The name a parameter begins with: itself when it is a leaf, else its first named child where the parameter starts with it (`self: T`, `self=None`; not `*args`). */
function parameterName(param: Node): Node | undefined {
  if (param.namedChildCount === 0) return param;
  const first = param.firstNamedChild;
  return first && first.startIndex === param.startIndex && first.namedChildCount === 0 ? first : undefined;
}

/** `node`'s ancestors: as read by the walk, as derived for a parent a check stepped up to, or read now. */
function ancestorsOf(node: Node, seen: CheckMemo): Ancestors {
  let a = seen.ancestors.get(node.id);
  if (!a) seen.ancestors.set(node.id, (a = ancestorsByParent(node, ANCESTORS_KEPT)));
  return a;
}

/** What `#parent?` knows after stepping up to `a.steps[0]`: that node's own ancestors. */
function parentAncestors(a: Ancestors): Ancestors | undefined {
  const [up, ...rest] = a.steps;
  if (!up || (!rest.length && !a.complete)) return undefined;
  return { steps: rest, complete: a.complete, field: up.field, nearestOf: a.nearestOf && a.nearestOf.id !== up.node.id ? a.nearestOf : undefined };
}

/** Undefined when a check fails; else the captures, as moved by `#declarator?`, `#parent?`, `#field?`. */
function applyChecks(checks: Check[], captures: { name: string; node: Node }[], seen: CheckMemo): Map<string, Node> | undefined {
  const nodes = new Map<string, Node>();
  for (const cap of captures) if (!nodes.has(cap.name)) nodes.set(cap.name, cap.node);
  for (const check of checks) {
    const node = nodes.get(check.capture);
    if (!node) return undefined;
    if (check.op === "declarator") {
      let declarator = seen.declarators.get(node.id);
      if (!declarator) seen.declarators.set(node.id, (declarator = declaratorPath(node)));
      const { path, leaf } = declarator;
      if (!check.re.test(path)) return undefined;
      nodes.set(check.capture, leaf);
    } else if (check.op === "ancestors") {
      let a = ancestorsOf(node, seen);
      if (a.steps.length < 4 && !a.complete) a = ancestorsByParent(node, 4);
      if (!check.re.test(ancestorTypes(a))) return undefined;
    } else if (check.op === "eq-ancestor-name") {
      const a = ancestorsOf(node, seen);
      let found = a.steps.find((s) => check.types.has(s.type))?.node;
      if (!found && !a.complete) found = a.nearestOf && check.types.has(a.nearestOf.type) ? a.nearestOf : nearestAncestorOf(a.steps.at(-1)?.node ?? node, check.types);
      if (!found || found.childForFieldName("name")?.text !== node.text) return undefined;
    } else if (check.op === "parent") {
      const a = ancestorsOf(node, seen);
      const parent = a.steps[0]?.node;
      if (!parent) return undefined;
      if (!check.re.test(a.field ? `${parent.type}.${a.field}` : parent.type)) return undefined;
      const above = parentAncestors(a);
      if (above && !seen.ancestors.has(parent.id)) seen.ancestors.set(parent.id, above);
      nodes.set(check.capture, parent);
    } else if (check.op === "field") {
      const child = node.childForFieldName(check.field);
      if (!child || (check.re && !check.re.test(child.type))) return undefined;
      nodes.set(check.capture, child);
    } else if (check.op === "name-before") {
      let child = node.childForFieldName(check.field);
      if (!child) return undefined;
      // Down to the innermost: `operator const int*()` is named `operator const int*`.
      // (a node without the field counts a child of the field's kind: `abstract_reference_declarator`)
      const inner = (n: Node): Node | null => n.childForFieldName(check.field) ?? [...n.namedChildren].reverse().find((c) => !!c?.type.includes(check.field)) ?? null;
      for (let next = inner(child); next; next = inner(next)) child = next;
      nodes.set(`${check.capture}${NAME_END}`, child);
    } else if (check.op === "field-text") {
      const child = node.childForFieldName(check.field);
      if (!child || !check.re!.test(child.text)) return undefined;
    } else if (check.op === "outermost") {
      const steps = allAncestorsOf(node, seen);
      let up = 0;
      while (steps[up]?.type === check.type) up++;
      if (up) {
        const outer = steps[up - 1].node;
        if (!seen.ancestors.has(outer.id)) seen.ancestors.set(outer.id, { steps: steps.slice(up), complete: true, field: steps[up - 1].field });
        nodes.set(check.capture, outer);
      }
    } else if (check.op === "path") {
      let types = "";
      for (const step of allAncestorsOf(node, seen)) {
        types += types ? ` ${step.type}` : step.type;
        if (check.types.has(step.type)) break;
      }
      if (!check.re.test(types)) return undefined;
    } else if (check.op === "not-under") {
      for (const step of allAncestorsOf(node, seen)) {
        if (step.type !== check.type) continue;
        const child = step.node.childForFieldName(check.field);
        if (child && check.re.test(child.text)) return undefined;
      }
    } else if (check.op === "first-parameter") {
      const steps = allAncestorsOf(node, seen);
      const at = steps.findIndex((s) => check.types.has(s.type));
      const owner = at >= 0 ? steps[at].node : undefined;
      const first = owner?.childForFieldName("parameters")?.firstNamedChild;
      const name = first ? parameterName(first) : undefined;
      if (!owner || !name || name.text !== node.text) return undefined;
      // The owner's own ancestors are the rest of the way up (a later check may read them).
      if (!seen.ancestors.has(owner.id)) seen.ancestors.set(owner.id, { steps: steps.slice(at + 1), complete: true, field: steps[at].field });
      nodes.set(check.capture, owner);
    } else if (check.op === "not-preceded") {
      for (let prev = node.previousNamedSibling; prev && prev.type === check.type; prev = prev.previousNamedSibling) if (check.re.test(prev.text)) return undefined;
    }
  }
  return nodes;
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

/** The last direct child of `node` whose type is one of `types` (registry `bodyTypes`). */
function lastChildOfType(node: Node, types: string[]): Node | undefined {
  for (let i = node.namedChildCount - 1; i >= 0; i--) {
    const child = node.namedChild(i);
    if (child && types.includes(child.type)) return child;
  }
  return undefined;
}

/** The body's first named child when it is a `statement` holding a `string`: that string. */
function bodyDocstring(body: Node, types: { statement: string; string: string }): Node | undefined {
  const first = body.firstNamedChild;
  if (!first || first.type !== types.statement) return undefined;
  // Most often the statement's first child is the string: the count is read only when it is not.
  const head = first.firstNamedChild;
  if (!head || head.type === types.string) return head ?? undefined;
  for (let i = 1, n = first.namedChildCount; i < n; i++) {
    const child = first.namedChild(i);
    if (child?.type === types.string) return child;
  }
  return undefined;
}

/** `a::B<c::D>::f` -> [a, B<c::D>, f]: separators inside <...> or (...) do not split. */
function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "<" || ch === "(") depth++;
    else if ((ch === ">" || ch === ")") && depth > 0) depth--;
    else if (depth === 0 && text.startsWith(sep, i)) {
      parts.push(text.slice(start, i));
      start = i + sep.length;
      i += sep.length - 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(text: string): string {
  return text.replace(/^["'`<]|["'`>]$/g, "");
}

function joinImport(mod: string, name: string, sep: string | undefined): string {
  if (name === "*") return `${mod}.*`;
  return mod.endsWith(".") ? `${mod}${name}` : `${mod}${sep && mod.includes(sep) ? sep : "."}${name}`;
}
