// From a tree and the language's outline query to flat definition records.
// Capture convention (tree-sitter tags style, see docs/adding-a-language.md):
//   @definition.<kind> / @declaration.<kind>  the definition node
//   @name        its name (may contain a scope: `Foo::bar`)
//   @qualifier   the type that qualifies it (Go receiver, out-of-line owner)
//   @body        its body: the signature is the text before it
//   @doc         a docstring node inside it (Python)
//   @import / @import.name   a module path (several @import captures are its pieces, joined as
//                written: `a` `.` `b`) and, for `from m import n`, a name
// Predicates tree-sitter leaves to the host (#ancestors?, #parent?, #path?, ...): predicates.ts.
// And a property: (#set! member.assigned) marks a member its class's code assigns (nesting.ts).
import type { Node, Query, Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { SYMBOL_KINDS, type SymbolKind } from "../types.ts";
import { outlineMatches } from "./matches.ts";
import { CommentIndex } from "./comment-index.ts";
import { unquotedName } from "./quoted-names.ts";
import { HEADER_NAME, hasNameParts, headerName, joinParts, namePartOrder, type NamePart } from "./name-parts.ts";
import { patternLevels, spanLevels } from "./levels.ts";
import { applyHostPredicates, NAME_END, scopeTypes } from "./predicates.ts";

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

  const hasError = tree.rootNode.hasError;
  const wrapperTypes = spec.wrapperTypes ?? [];
  const scopes = scopeTypes(query);
  const collect: Record<string, string[]> = { wrappers: wrapperTypes, comments: spec.commentTypes ?? [] };
  for (const type of scopes ?? []) collect[`${SCOPE}${type}`] = [type];
  const { matches, collected } = outlineMatches(tree, query, collect, hasError);
  const checked = applyHostPredicates(tree, query, matches, collected && scopes ? new Map(scopes.map((t) => [t, collected.get(`${SCOPE}${t}`)!])) : undefined);
  const comments = collected ? new CommentIndex(collected.get("comments")!) : undefined;
  const partsQuery = hasNameParts(query);
  const levels = patternLevels(query);
  const headerNamed = query.setProperties.map((p) => p?.[HEADER_NAME] !== undefined);
  const assignedMember = query.setProperties.map((p) => p?.[ASSIGNED_MEMBER] !== undefined);
  const singleName = spec.singleName === true;

  for (const [i, match] of matches.entries()) {
    const rebound = checked[i];
    if (rebound === false) continue;
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

/** The property that marks a member assigned in its class's methods (`(#set! member.assigned)`). */
const ASSIGNED_MEMBER = "member.assigned";

/** Prefix of the `collect` kinds under which the outline's walk gathers the nodes range checks look among. */
const SCOPE = "scope:";

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
