// Which class a method call's receiver is, as far as syntax decides, across the files of a
// repository: `this`/`self` (the class around the call), `super`, a class named directly
// (`C.m()`), or a local, parameter or field whose type is written or constructed
// (core/calls/receivers.ts), followed field by field (`this.store.get()`). A class is found the
// way a call is: in the same file, through an import (re-exports followed), or, where the
// registry says names are shared by folder (a Go or Java package), in a file of the same folder.
// Then whether a method called on it is a given class's: its own, or inherited through the
// bases the class declares, the first class on the way that defines the name deciding.
//
// Every answer is "unknown" where syntax does not decide (an untyped receiver, a type outside
// the workspace, a class that does not show the method): such a call is tied by name only.
import { dirname } from "node:path";
import { familyOf, moduleCandidates } from "../../core/calls/modules.ts";
import { classAt, scanTypes, typeOfField, typeOfName, type TypeScan, type TypeSource } from "../../core/calls/receivers.ts";
import { languageByName } from "../../core/languages/detect.ts";
import { REGISTRY, type LanguageSpec } from "../../core/languages/registry.ts";
import type { CallSite } from "../../core/skeleton/scan.ts";
import { flatten } from "../../core/symbols/find.ts";
import { decodeSource } from "../../core/text/lines.ts";
import type { OutlineSymbol } from "../../core/types.ts";
import { CALLABLE, matchImport } from "./resolver.ts";
import { parsedOrSkip, type ParsedFile, type RepoSymbols } from "../repo-symbols.ts";
import { MAX_REEXPORTS } from "./leads.ts";

/** Kinds a receiver's type can be. */
export const CLASS_LIKE = new Set(["class", "struct", "interface", "trait", "impl", "enum", "type"]);
const MAX_DEPTH = 6;

/** A class of the repository: the file (display path) and its qualified name there. */
export interface ClassRef {
  path: string;
  name: string;
}

/** How the receiver's class was found: the class around the call, a class named directly, or a type that syntax gives a name. */
export type ReceiverVia = "self" | "static" | "typed";

/**
 * Where a method call on a class leads: the given method (the class's own or inherited), a
 * base's or interface's declaration of it that the given method's class extends or implements
 * (dispatch: the call may run the given method among others), another class's (no base in
 * common with the given one), or not decided by syntax (no class on the way shows the method,
 * or the classes share a base).
 */
export type MethodLead = "ours" | "dispatch" | "other" | "unknown";

export interface ReceiverTypes {
  /**
   * The receiver's class at a call (`recv.m()`, or `m()` where the language calls its own
   * class's methods bare); "local" when the receiver is a local or parameter of no known type
   * (so not an import or a class of that name).
   */
  receiverClass(path: string, file: ParsedFile, call: CallSite): Promise<{ cls: ClassRef; via: ReceiverVia } | "local" | undefined>;
  /** `name` is bound by a function around offset `at` (a parameter or local shadowing any import or definition of the file). */
  boundLocally(file: ParsedFile, name: string, at: number): Promise<boolean>;
  /** The innermost function around offset `at` that binds `name` (a parameter or local), if any. */
  bindingScope(file: ParsedFile, name: string, at: number): Promise<{ from: number; to: number } | undefined>;
  /**
   * Whether `method` called on `cls` is the one of class `owner` in `ownerPaths` (through the
   * bases where `cls` does not define it).
   */
  methodLeads(cls: ClassRef, method: string, owner: { name: string; paths: string[] }): Promise<MethodLead>;
}

const scans = new WeakMap<ParsedFile, Promise<TypeScan | undefined>>();

function typeScan(file: ParsedFile): Promise<TypeScan | undefined> {
  let p = scans.get(file);
  if (!p) {
    const spec = REGISTRY.byId.get(file.outline.language);
    p = spec ? scanTypes(decodeSource(file.file.bytes), spec) : Promise.resolve(undefined);
    scans.set(file, p);
  }
  return p;
}

export function receiverTypes(repo: RepoSymbols): ReceiverTypes {
  const roots = [...new Set([...repo.access.listRoots, ...repo.access.roots])];
  const located = new Map<string, Promise<ClassRef | undefined>>();

  /** A top-level definition of `name` of one of `kinds` found from `path`: same file, import, or same folder. */
  const locate = (path: string, name: string, kinds: Set<string>): Promise<ClassRef | undefined> => {
    const key = `${path}\0${name}\0${kinds === CLASS_LIKE ? "c" : "f"}`;
    let p = located.get(key);
    if (!p) {
      p = locateUncached(path, name, kinds);
      located.set(key, p);
    }
    return p;
  };

  const locateUncached = async (path: string, name: string, kinds: Set<string>): Promise<ClassRef | undefined> => {
    const file = await parsedOrSkip(repo, path);
    if (!file) return undefined;
    if (definesTop(file, name, kinds)) return { path, name };
    const spec = REGISTRY.byId.get(file.outline.language);
    const dot = name.lastIndexOf(".");
    const imp = matchImport(file.scan?.imports ?? [], dot > 0 ? name.slice(0, dot) : undefined, name.slice(dot + 1));
    if (imp) {
      const found = (await throughModule(path, imp.module, imp.symbol.split(".")[0], spec, kinds, 0)) ??
        (imp.alsoModule ? await throughModule(path, imp.alsoModule, imp.symbol.split(".").pop()!, spec, kinds, 0) : undefined);
      // `import { C as D }`: the class is C in its module.
      if (found) return found;
      return undefined;
    }
    if (dot < 0 && spec?.folderScope && /^\w+$/.test(name)) {
      const dir = dirname(path);
      const key = `${dir}\0${name}\0${kinds === CLASS_LIKE ? "c" : "f"}\0${file.outline.language}`;
      let p = inFolder.get(key);
      if (!p) inFolder.set(key, (p = declaredInFolder(dir, name, kinds, file.outline.language, spec.folderScope)));
      const found = await p;
      if (found && found.path !== path) return found;
    }
    return undefined;
  };

  /** A file of folder `dir` in `language` declaring `name` at top level (a Go or Java package shares its names). */
  const inFolder = new Map<string, Promise<ClassRef | undefined>>();
  let byFolder: Map<string, Set<string>> | undefined;
  const declaredInFolder = async (dir: string, name: string, kinds: Set<string>, language: string, pattern: string): Promise<ClassRef | undefined> => {
    if (!byFolder) {
      byFolder = new Map();
      for (const f of repo.files()) {
        const d = dirname(f);
        let set = byFolder.get(d);
        if (!set) byFolder.set(d, (set = new Set()));
        set.add(f);
      }
    }
    const siblings = byFolder.get(dir);
    if (!siblings) return undefined;
    const declares = new RegExp(pattern.replaceAll("{name}", name));
    const candidates = repo.filesMentioning(declares, undefined, false, (p) => siblings.has(p) && languageByName(p)?.id === language);
    for (const other of candidates) {
      const sibling = await parsedOrSkip(repo, other);
      if (sibling?.outline.language === language && definesTop(sibling, name, kinds)) return { path: other, name };
    }
    return undefined;
  };

  /** The definition `name` of `module` imported from `from`, followed through re-exports. */
  const throughModule = async (from: string, module: string, name: string, spec: LanguageSpec | undefined, kinds: Set<string>, depth: number): Promise<ClassRef | undefined> => {
    for (const candidate of moduleCandidates(from, module, spec && familyOf(spec), roots)) {
      if (repo.access.probe(candidate) !== "file") continue;
      const path = repo.access.locate(candidate);
      const file = await parsedOrSkip(repo, path);
      if (!file) return undefined;
      if (definesTop(file, name, kinds)) return { path, name };
      if (depth >= MAX_REEXPORTS) return undefined;
      for (const i of file.scan?.imports ?? []) {
        if (i.bound !== name && i.bound !== "*") continue;
        const next = await throughModule(path, i.module, i.name ?? name, REGISTRY.byId.get(file.outline.language), kinds, depth + 1);
        if (next) return next;
      }
      return undefined;
    }
    return undefined;
  };

  /** The class a type source names, read in `path`. */
  const classOf = async (path: string, source: TypeSource, depth: number): Promise<ClassRef | undefined> => {
    if ("type" in source) return locate(path, source.type, CLASS_LIKE);
    if ("constructs" in source) return locate(path, source.constructs, CLASS_LIKE);
    // A call: of a class (Python `C()`), or of a function or static method declaring what it returns.
    const callee = source.calls;
    const asClass = await locate(path, callee, CLASS_LIKE);
    if (asClass) return asClass;
    if (depth >= MAX_DEPTH) return undefined;
    // `C.create()` (a static method: its return type is keyed `C.create`), else a function, `mod.f()` included.
    const dot = callee.lastIndexOf(".");
    const owner = dot > 0 ? await locate(path, callee.slice(0, dot), CLASS_LIKE) : undefined;
    const fn = owner ?? (await locate(path, callee, CALLABLE));
    if (!fn) return undefined;
    const key = owner ? `${owner.name}.${callee.slice(dot + 1)}` : fn.name.split(".").pop()!;
    const file = await parsedOrSkip(repo, fn.path);
    const returned = file && (await typeScan(file))?.returns.get(key);
    return returned ? classOf(fn.path, { type: returned }, depth + 1) : undefined;
  };

  /** The class of a module-level variable `name` that `file` imports, where its module gives it a type. */
  const importedVariable = async (path: string, file: ParsedFile, name: string): Promise<ClassRef | undefined> => {
    const imp = matchImport(file.scan?.imports ?? [], undefined, name);
    if (!imp) return undefined;
    const spec = REGISTRY.byId.get(file.outline.language);
    for (const candidate of moduleCandidates(path, imp.module, spec && familyOf(spec), roots)) {
      if (repo.access.probe(candidate) !== "file") continue;
      const where = repo.access.locate(candidate);
      const module = await parsedOrSkip(repo, where);
      const scan = module && (await typeScan(module));
      // Offset -1 is inside no function: module-level bindings only.
      const t = scan && typeOfName(scan, imp.symbol, -1);
      return t && t !== "untyped" ? classOf(where, t, 0) : undefined;
    }
    return undefined;
  };

  /** The type of field `name` of `cls` or of the first base that has it. */
  const fieldClass = async (cls: ClassRef, name: string, depth: number): Promise<ClassRef | "untyped" | undefined> => {
    const file = await parsedOrSkip(repo, cls.path);
    const scan = file && (await typeScan(file));
    if (!scan) return undefined;
    const simple = cls.name.split(".").pop()!;
    const t = typeOfField(scan, simple, name);
    if (t === "untyped") return "untyped";
    if (t) return classOf(cls.path, t, 0);
    if (depth >= MAX_DEPTH) return undefined;
    for (const base of await basesOf(cls)) {
      const f = await fieldClass(base, name, depth + 1);
      if (f) return f;
    }
    return undefined;
  };

  /** The classes and every base they declare, transitively, as `path\0name` keys. */
  const ancestors = async (start: ClassRef[]): Promise<Set<string>> => {
    const out = new Set<string>();
    let level = start;
    for (let depth = 0; level.length && depth <= MAX_DEPTH; depth++) {
      const next: ClassRef[] = [];
      for (const c of level) {
        const key = `${c.path}\0${c.name}`;
        if (out.has(key)) continue;
        out.add(key);
        next.push(...(await basesOf(c)));
      }
      level = next;
    }
    return out;
  };

  const basesOf = async (cls: ClassRef): Promise<ClassRef[]> => {
    const file = await parsedOrSkip(repo, cls.path);
    const scan = file && (await typeScan(file));
    if (!scan) return [];
    const simple = cls.name.split(".").pop()!;
    const names = [...new Set(scan.classes.filter((c) => c.name === simple).flatMap((c) => c.bases))];
    const out: ClassRef[] = [];
    for (const n of names) {
      const b = await locate(cls.path, n, CLASS_LIKE);
      if (b) out.push(b);
    }
    return out;
  };

  const bindingScope = async (file: ParsedFile, name: string, at: number): Promise<{ from: number; to: number } | undefined> => {
    const scan = await typeScan(file);
    let best: { from: number; to: number } | undefined;
    for (const b of scan?.bindings ?? []) {
      if (b.name !== name || b.fieldOf || !b.scope || b.scope.from > at || at >= b.scope.to) continue;
      if (!best || b.scope.to - b.scope.from < best.to - best.from) best = b.scope;
    }
    return best;
  };

  return {
    async receiverClass(path, file, call) {
      const spec = REGISTRY.byId.get(file.outline.language);
      const scan = await typeScan(file);
      if (!scan || !spec) return undefined;
      const segments = call.callee.replace(/::|->|\?\./g, ".").split(".");
      const receiver = segments.slice(0, -1);
      const own = () => ownClass(file, call.line);
      let cls: ClassRef | undefined, via: ReceiverVia = "typed", rest: string[];
      if (!receiver.length) {
        // `m()` inside a class: its own method, where the language says so (Java).
        if (!spec.implicitSelf) return undefined;
        const o = own();
        return o ? { cls: { path, name: o.qualifiedName }, via: "self" } : undefined;
      }
      const first = receiver[0];
      // `make().m()`, `new C().m()`: the receiver is what the inner call returns or constructs.
      const chained = spec.superNames?.includes(first) ? undefined : scan.chained.get(`${call.from}:${call.name}`);
      if (chained) {
        const c = await classOf(path, chained, 0);
        return c ? { cls: c, via: "typed" } : undefined;
      }
      if (spec.superNames?.includes(first)) {
        const o = own();
        if (!o || receiver.length > 1) return undefined;
        const bases = await basesOf({ path, name: o.qualifiedName });
        // One base decides; several (Python's MRO) are not followed from syntax.
        return bases.length === 1 ? { cls: bases[0], via: "self" } : undefined;
      }
      if (spec.selfNames?.includes(first)) {
        const o = own();
        if (!o) return undefined;
        cls = { path, name: o.qualifiedName };
        via = "self";
        rest = receiver.slice(1);
      } else {
        const t = typeOfName(scan, first, call.from);
        if (t === "untyped") return scan.bindings.some((b) => b.name === first && b.scope && b.scope.from <= call.from && call.from < b.scope.to) ? "local" : undefined;
        if (t) cls = await classOf(path, t, 0);
        else {
          // Not bound in any scope: a class named directly, a module-level variable imported with
          // its type (`from . import app` where `app = Flask()`), else (Java) a field of the class around.
          cls = await locate(path, first, CLASS_LIKE);
          if (cls) via = "static";
          else cls = await importedVariable(path, file, first);
          if (!cls && spec.implicitSelf) {
            const around = classAt(scan, call.from) && own();
            const f = around ? await fieldClass({ path, name: around.qualifiedName }, first, 0) : undefined;
            cls = f === "untyped" ? undefined : f;
          }
        }
        rest = receiver.slice(1);
      }
      for (const field of rest) {
        if (!cls) return undefined;
        const f = await fieldClass(cls, field, 0);
        if (f === "untyped" || !f) return undefined;
        cls = f;
        via = "typed";
      }
      return cls ? { cls, via } : undefined;
    },

    async boundLocally(file, name, at) {
      return !!(await bindingScope(file, name, at));
    },

    bindingScope,

    async methodLeads(cls, method, owner) {
      // The classes that define the method first on each way up from `cls` (its own, else its bases').
      const seen = new Set<string>();
      const definers: ClassRef[] = [];
      const walk = async (c: ClassRef, depth: number): Promise<"ours" | undefined> => {
        const key = `${c.path}\0${c.name}`;
        if (seen.has(key) || depth > MAX_DEPTH) return undefined;
        seen.add(key);
        const file = await parsedOrSkip(repo, c.path);
        if (!file) return undefined;
        // The owner's file, or (names shared by folder) one of its folder.
        const folder = REGISTRY.byId.get(file.outline.language)?.folderScope;
        if (c.name === owner.name && owner.paths.some((p) => p === c.path || (folder && dirname(p) === dirname(c.path)))) return "ours";
        if (flatten(file.outline.symbols).some((s) => s.qualifiedName === `${c.name}.${method}` && CALLABLE.has(s.kind))) {
          definers.push(c);
          return undefined;
        }
        for (const base of await basesOf(c)) if ((await walk(base, depth + 1)) === "ours") return "ours";
        return undefined;
      };
      if ((await walk(cls, 0)) === "ours") return "ours";
      if (!definers.length) return "unknown";
      // Declared by a base or interface the owner's class extends or implements: the call dispatches
      // to an implementation, the owner's among them. Declared by a class related to the owner's
      // (a base in common): either may run. Otherwise another class's.
      const ownerLine = await ancestors(owner.paths.map((path) => ({ path, name: owner.name })));
      if (definers.some((d) => ownerLine.has(`${d.path}\0${d.name}`))) return "dispatch";
      const theirs = await ancestors([cls]);
      for (const a of ownerLine) if (theirs.has(a)) return "unknown";
      return "other";
    },
  };
}

/** The file defines `name` (a qualified name) as one of `kinds`. */
function definesTop(file: ParsedFile, name: string, kinds: Set<string>): boolean {
  return flatten(file.outline.symbols).some((s) => s.qualifiedName === name && kinds.has(s.kind));
}

/** The innermost class-like symbol around a line. */
function ownClass(file: ParsedFile, line: number): OutlineSymbol | undefined {
  let best: OutlineSymbol | undefined;
  for (const s of flatten(file.outline.symbols)) {
    if (!CLASS_LIKE.has(s.kind) || line < s.startLine || line > s.endLine) continue;
    if (!best || s.endLine - s.startLine <= best.endLine - best.startLine) best = s;
  }
  return best;
}
