// What syntax says about the types of names in one file: its classes (and the bases they
// extend), the functions and classes that open scopes, the names bound in each (parameters,
// locals, fields) with the type written or constructed for them, and the return types functions
// declare. `changed --impact` asks it which class a method call's receiver is (app/calls/receiver-types.ts).
// Node types live in grammars/<lang>/receivers.scm; the rules here are language-neutral.
import type { Node, Query, Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { withScriptQuery } from "../skeleton/script-query.ts";

/** How a bound name's type is known: written (`x: C`), constructed (`new C()`), or returned by a call (`x = make()`). */
export type TypeSource = { type: string } | { constructs: string } | { calls: string };

export interface ClassDecl {
  name: string;
  /** The bases it extends or implements, as written (`Base`, `mod.Base`). */
  bases: string[];
  from: number;
  to: number;
}

export interface Binding {
  name: string;
  /** undefined: bound without a type syntax gives (an untyped parameter, `x = y`). */
  source?: TypeSource;
  /** A local or parameter: the innermost function around it; undefined at module level. */
  scope?: { from: number; to: number };
  /** A field of this class (a declaration in its body, `this.x = …`, a parameter property): not a local. */
  fieldOf?: ClassDecl;
}

export interface TypeScan {
  classes: ClassDecl[];
  bindings: Binding[];
  /** Functions (`f`) and methods (`C.f`) by name, and the type each declares it returns. */
  returns: Map<string, string>;
  /**
   * Calls on the result of a call or a construction (`make().m()`, `new C().m()`), keyed by the
   * outer call's offset and called name (`12:m`: the inner call starts there too): what gives the
   * receiver. A key met twice (`f().m().m()`) is left out.
   */
  chained: Map<string, TypeSource>;
}

/** undefined when the language has no receivers query. */
export async function scanTypes(text: string, language: LanguageSpec): Promise<TypeScan | undefined> {
  return withScriptQuery(language, text, "receivers.scm", (tree, query) => scanTree(tree, query, language.selfNames ?? []));
}

function scanTree(tree: Tree, query: Query, selfNames: string[]): TypeScan {
  const scopes: { from: number; to: number }[] = [];
  const classes = new Map<number, ClassDecl>();
  const returnDecls: { name: string; type: string; at: number }[] = [];
  const chained = new Map<string, TypeSource>();
  const twice = new Set<string>();
  // One entry per bound name node: a match that gives a type wins over one that does not.
  const bound = new Map<number, { node: Node; member: boolean; source?: TypeSource; def?: Node }>();
  for (const match of query.matches(tree.rootNode)) {
    let name: Node | undefined, member = false, source: TypeSource | undefined, def: Node | undefined;
    let cls: Node | undefined, className: Node | undefined, base: Node | undefined;
    let returnsName: Node | undefined, returnsType: Node | undefined;
    let chainCall: Node | undefined, chainName: Node | undefined, chainSource: TypeSource | undefined;
    for (const { name: c, node } of match.captures) {
      if (c === "scope") scopes.push({ from: node.startIndex, to: node.endIndex });
      else if (c === "class") cls = node;
      else if (c === "class.name") className = node;
      else if (c === "class.base") base = node;
      else if (c === "bind.name") name = node;
      else if (c === "bind.member") (name = node), (member = true);
      else if (c === "bind.def") def = node;
      else if (c === "bind.type") source = typed({ type: typeName(node.text) });
      else if (c === "bind.new") source = typed({ constructs: typeName(node.text) });
      else if (c === "bind.call") source = typed({ calls: typeName(node.text) });
      else if (c === "returns.name") returnsName = node;
      else if (c === "returns.type") returnsType = node;
      else if (c === "chain.call") chainCall = node;
      else if (c === "chain.name") chainName = node;
      else if (c === "chain.callee") chainSource = typed({ calls: typeName(node.text) });
      else if (c === "chain.new") chainSource = typed({ constructs: typeName(node.text) });
    }
    if (cls && className) {
      let decl = classes.get(cls.id);
      if (!decl) classes.set(cls.id, (decl = { name: className.text, bases: [], from: cls.startIndex, to: cls.endIndex }));
      if (base && !decl.bases.includes(typeName(base.text))) decl.bases.push(typeName(base.text));
    }
    if (chainCall && chainName && chainSource) {
      const key = `${chainCall.startIndex}:${chainName.text}`;
      if (twice.has(key) || (chained.has(key) && chained.get(key) !== chainSource)) twice.add(key);
      chained.set(key, chainSource);
    }
    if (returnsName && returnsType) returnDecls.push({ name: returnsName.text, type: typeName(returnsType.text), at: returnsName.startIndex });
    if (name) {
      const known = bound.get(name.id);
      if (!known || rank(source) > rank(known.source)) bound.set(name.id, { node: name, member: member || !!known?.member, source, def: def ?? known?.def });
      else if (member) known.member = true;
    }
  }
  const classList = [...classes.values()];
  const innermost = <T extends { from: number; to: number }>(xs: T[], at: number) =>
    xs.reduce<T | undefined>((best, x) => (x.from <= at && at < x.to && (!best || x.to - x.from <= best.to - best.from) ? x : best), undefined);
  const bindings: Binding[] = [];
  for (const { node, member, source, def } of bound.values()) {
    const at = node.startIndex;
    // A definition's own name is bound in the scope around it, not in its body.
    const scope = def ? innermost(scopes.filter((s) => s.from !== def.startIndex || s.to !== def.endIndex), def.startIndex) : innermost(scopes, at);
    // A definition at module or class level is found as a definition; inside a function it is a local.
    if (def) {
      if (scope && !(innermost(classList, at) && innermost(classList, at)!.from > scope.from)) bindings.push({ name: node.text, scope });
      continue;
    }
    const cls = innermost(classList, at);
    let name = node.text;
    // `this.x = …` / `self.x = …`: a field of the class around it.
    const dot = name.indexOf(".");
    const selfField = dot > 0 && selfNames.includes(name.slice(0, dot)) && !name.slice(dot + 1).includes(".");
    if (dot > 0 && !selfField) continue;
    if (selfField) name = name.slice(dot + 1);
    // A field: declared in the class body itself (no function between), assigned through self, or a parameter property.
    const inBody = cls !== undefined && (!scope || scope.to - scope.from > cls.to - cls.from);
    if (cls && (selfField || member || inBody)) bindings.push({ name, source, fieldOf: cls });
    if (!selfField && !(inBody && !member)) bindings.push({ name, source, scope });
  }
  // A method's return type is keyed by its class (`C.create`); `Self` is that class.
  const returns = new Map<string, string>();
  for (const r of returnDecls) {
    const cls = innermost(classList, r.at);
    returns.set(cls ? `${cls.name}.${r.name}` : r.name, cls && r.type === "Self" ? cls.name : r.type);
  }
  for (const key of twice) chained.delete(key);
  return { classes: classList, bindings, returns, chained };
}

/** Which of two matches on one name says its type: the type written, else the class constructed, else a call's. */
function rank(s: TypeSource | undefined): number {
  return !s ? 0 : "type" in s ? 3 : "constructs" in s ? 2 : 1;
}

/** A source naming no type (`[]T` cut down to nothing) is no type. */
function typed(s: TypeSource): TypeSource | undefined {
  return Object.values(s)[0] ? s : undefined;
}

/** A written type or constructor as a class name: `C<T>` -> `C`, `*pkg.C` -> `pkg.C`, `::` as `.`. */
export function typeName(text: string): string {
  return text.replace(/^(?:[&*\s]|mut\s|dyn\s)+/, "").replace(/<[^]*$|\[[^]*$/, "").replace(/::/g, ".").replace(/\s+/g, "");
}

/**
 * The type of `name` where offset `at` is: from the innermost scope around it that binds the
 * name. undefined when no scope binds it (a global, an import, a class); "untyped" when that
 * scope binds it without a type or with types that disagree.
 */
export function typeOfName(scan: TypeScan, name: string, at: number): TypeSource | "untyped" | undefined {
  let best: { from: number; to: number } | undefined | null = null; // null: not found yet; undefined: module level
  let sources: (TypeSource | undefined)[] = [];
  for (const b of scan.bindings) {
    if (b.fieldOf || b.name !== name) continue;
    const s = b.scope;
    if (s && !(s.from <= at && at < s.to)) continue;
    const size = (x: typeof s) => (x ? x.to - x.from : Infinity);
    if (best === null || size(s) < size(best)) {
      best = s;
      sources = [b.source];
    } else if (size(s) === size(best)) sources.push(b.source);
  }
  if (best === null) return undefined;
  return agreed(sources);
}

/** The type of field `name` of the classes of this file named `cls` (a Rust struct and its impl are two); "untyped" when bound without one. */
export function typeOfField(scan: TypeScan, cls: string, name: string): TypeSource | "untyped" | undefined {
  const sources = scan.bindings.filter((b) => b.fieldOf?.name === cls && b.name === name).map((b) => b.source);
  return sources.length ? agreed(sources) : undefined;
}

/** The innermost class around offset `at`. */
export function classAt(scan: TypeScan, at: number): ClassDecl | undefined {
  let best: ClassDecl | undefined;
  for (const c of scan.classes) if (c.from <= at && at < c.to && (!best || c.to - c.from <= best.to - best.from)) best = c;
  return best;
}

function agreed(sources: (TypeSource | undefined)[]): TypeSource | "untyped" {
  const first = sources[0];
  if (!first) return "untyped";
  const key = (s: TypeSource | undefined) => (s ? JSON.stringify(s) : "");
  return sources.every((s) => key(s) === key(first)) ? first : "untyped";
}
