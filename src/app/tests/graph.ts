// The repository as core/tests/reach.ts asks it: which files mention a name (a word index
// built once per question over the files of the runners' languages), what encloses a line
// (a test, a definition, nothing), and how sure a mention is to mean a given definition
// (its own file, its folder for a language whose folders share names, an import that leads to
// the definition's file, an import of it for another name, or the name alone).
import { dirname } from "node:path";
import { familyOf, moduleCandidates } from "../../core/calls/modules.ts";
import { OutlineError } from "../../core/errors.ts";
import { languageByName } from "../../core/languages/detect.ts";
import { REGISTRY, type LanguageSpec } from "../../core/languages/registry.ts";
import type { TestConvention } from "../../core/languages/test-conventions.ts";
import { MODULE_NAME } from "../../core/diff/types.ts";
import { testBlocks } from "../../core/tests/blocks.ts";
import { mentionsIn, wordPattern, type Mention } from "../../core/tests/mentions.ts";
import { codeViews } from "../../core/tests/prose.ts";
import { reachTests, type Enclosing, type ReachGraph } from "../../core/tests/reach.ts";
import { SURENESS_ORDER, type CodeNode, type Sureness, type TestUnit } from "../../core/tests/types.ts";
import { isTestFile, symbolsMatching, testUnits } from "../../core/tests/units.ts";
import { flatten } from "../../core/symbols/find.ts";
import { decodeSource } from "../../core/text/lines.ts";
import type { OutlineSymbol } from "../../core/types.ts";
import { DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { candidateShown, CLASS_LIKE, importLeadsTo, receiverTypes, type Lead } from "../calls/index.ts";
import { CALLABLE, matchImport, sameFamily } from "../calls/resolver.ts";
import { parsedOrSkip, type ParsedFile, type RepoSymbols } from "../repo-symbols.ts";

export interface TestGraph extends ReachGraph {
  /** The runner whose test file this is, if it is one. */
  runnerOf(path: string): TestConvention | undefined;
  /** The names a definition is used by: its own, or for a constructor or a dunder method its class's (`Foo()`, not `__init__`). */
  namesOf(node: CodeNode): string[];
  /** Whether the head's definition is a fixture of its file's runner. */
  isFixture(path: string, qualifiedName: string, removed: boolean): Promise<boolean>;
  /**
   * For a member of a class (not static, outside the tests): the tests that can come to hold an
   * instance of its class, as keys (`testKey`); undefined when every test may (no class, a
   * static member, or an instance made where the walk cannot follow).
   */
  instanceTests(node: CodeNode, maxDepth: number): Promise<Set<string> | undefined>;
}

/** A test unit's identity in `instanceTests`. */
export const testKey = (t: TestUnit) => `${t.path}\0${t.qualifiedName}\0${t.startLine}`;

const WORD = /[A-Za-z_$][\w$]*/g;


interface FileFacts {
  parsed: ParsedFile;
  lines: string[];
  symbols: OutlineSymbol[];
  runner?: TestConvention;
  units: TestUnit[];
  /** Per import: the local name, the imported name, and the workspace file it leads to (undefined: none found). */
  imports: { bound: string; name?: string; file?: string }[];
  /** The lines with comments and string literals blanked (grammars/<lang>/prose.scm), where names are looked for. */
  code: string[];
  /** `code` with type positions blanked too (grammars/<lang>/types.scm): where a name runs. */
  runtime: string[];
  /** The offset in the file's text of each line's start. */
  lineStart: number[];
  /** Lines of import statements: a name there is bound, not used. */
  importLines: Set<number>;
}

export function repoTestGraph(repo: RepoSymbols, runners: TestConvention[]): TestGraph {
  const languages = new Set(runners.flatMap((r) => r.languages));
  const roots = [...new Set([...repo.access.listRoots, ...repo.access.roots])];
  const languageOf = (path: string): LanguageSpec | undefined => languageByName(path);
  const runnerByPath = new Map<string, TestConvention | undefined>();
  const runnerOf = (path: string) => {
    if (!runnerByPath.has(path)) runnerByPath.set(path, runners.find((r) => isTestFile(r, path, languageOf(path)?.id)));
    return runnerByPath.get(path);
  };

  /** Which files hold each word (a file's words read once, as latin1: identifiers are ASCII here). */
  let index: { words: Map<string, string[]> } | undefined;
  const wordIndex = () => {
    if (index) return index;
    const words = new Map<string, string[]>();
    for (const path of repo.files()) {
      const lang = languageOf(path);
      if (!lang || ![...languages].some((l) => sameFamily(l, lang.id))) continue;
      let text: string;
      try {
        const bytes = repo.access.read(path, DEFAULT_MAX_BYTES).bytes;
        text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
      } catch (e) {
        if (e instanceof OutlineError) continue;
        throw e;
      }
      for (const w of new Set(text.match(WORD) ?? [])) {
        const list = words.get(w);
        if (list) list.push(path);
        else words.set(w, [path]);
      }
    }
    return (index = { words });
  };

  const facts = new Map<string, Promise<FileFacts | undefined>>();
  const factsOf = (path: string): Promise<FileFacts | undefined> => {
    let f = facts.get(path);
    if (!f) {
      f = (async () => {
        const parsed = await parsedOrSkip(repo, path);
        if (!parsed) return undefined;
        const text = decodeSource(parsed.file.bytes);
        const lines = text.split("\n");
        const spec = REGISTRY.byId.get(parsed.outline.language);
        const runner = runnerOf(path);
        let units: TestUnit[] = [];
        if (runner && spec) {
          const blocks = runner.blockTests?.length ? (await testBlocks(text, spec)) ?? [] : [];
          units = testUnits(runner, path, parsed.outline.symbols, lines, blocks);
        }
        const imports = (parsed.scan?.imports ?? []).map((i) => {
          const candidates = spec ? moduleCandidates(path, i.module, familyOf(spec), roots) : [];
          const file = candidates.find((c) => repo.access.probe(c) === "file");
          return { bound: i.bound, name: i.name, file: file === undefined ? undefined : repo.access.locate(file) };
        });
        const importLines = new Set((parsed.scan?.imports ?? []).map((i) => i.line));
        const views = spec && (await codeViews(text, spec));
        const code = views?.code.split("\n") ?? lines;
        const runtime = views?.runtime.split("\n") ?? code;
        const lineStart: number[] = [];
        for (let at = 0, i = 0; i < lines.length; at += lines[i].length + 1, i++) lineStart.push(at);
        return { parsed, lines, code, runtime, lineStart, symbols: flatten(parsed.outline.symbols), runner, units, imports, importLines };
      })();
      facts.set(path, f);
    }
    return f;
  };

  const wordSets = new WeakMap<FileFacts, Set<string>>();
  const wordsOf = (f: FileFacts): Set<string> => {
    let w = wordSets.get(f);
    if (!w) wordSets.set(f, (w = new Set(f.code.join("\n").match(WORD) ?? [])));
    return w;
  };

  /** The class a member (not a constructor or dunder: those go by the class's name) belongs to. */
  const containerOf = (node: CodeNode): string | undefined => {
    const parts = node.qualifiedName.split(".");
    return parts.length > 1 && MEMBER.has(node.kind) && !/^__\w+__$/.test(node.name) ? parts[parts.length - 2] : undefined;
  };

  const shared = new Map<string, Promise<boolean>>();
  /** Whether members of more than one class go by this name. */
  const sharedMemberName = (name: string): Promise<boolean> => {
    let p = shared.get(name);
    if (!p) {
      p = (async () => {
        const owners = new Set<string>();
        for (const path of wordIndex().words.get(name) ?? []) {
          const f = await factsOf(path);
          for (const s of f?.symbols ?? []) {
            if (s.name === name && MEMBER.has(s.kind)) owners.add(`${path}\0${s.qualifiedName.split(".").slice(0, -1).join(".")}`);
            if (owners.size > 1) return true;
          }
        }
        return false;
      })();
      shared.set(name, p);
    }
    return p;
  };

  const holderNames = new Map<string, Promise<string[]>>();
  /** A class's name and the names of the definitions that mention it (a fixture or helper that builds or returns one). */
  const holders = (cls: string): Promise<string[]> => {
    let p = holderNames.get(cls);
    if (!p) {
      p = (async () => {
        const out = new Set([cls]);
        for (const use of await graph.uses(cls)) {
          const f = await factsOf(use.path);
          for (const line of use.lines) {
            const s = f && innermostOf(f.symbols, line);
            if (s && s.name !== cls) out.add(s.name);
          }
        }
        return [...out];
      })();
      holderNames.set(cls, p);
    }
    return p;
  };

  /**
   * Whether the code around a line (its definition or test, else the file) is in the class or
   * one of its bases (`self.m()` in a base dispatches to the override), or names the class, a
   * base, or something that uses one of them.
   */
  const namesItsClass = async (f: FileFacts, path: string, line: number, to: CodeNode, cls: string): Promise<boolean> => {
    const family = [cls, ...(await basesOf(to, cls))];
    const span = innermostOf([...f.symbols, ...f.units], line);
    const owner = span && "qualifiedName" in span ? span.qualifiedName.split(".").slice(0, -1) : [];
    if (owner.some((n) => family.includes(n))) return true;
    const text = span ? f.code.slice(span.startLine - 1, span.endLine).join("\n") : f.code.join("\n");
    const words = new Set(text.match(WORD) ?? []);
    for (const c of family) if ((await holders(c)).some((w) => words.has(w))) return true;
    return false;
  };

  /** The names a class's declaration gives after its own (its bases and interfaces). */
  const basesOf = async (member: CodeNode, cls: string): Promise<string[]> => {
    const f = await factsOf(member.path);
    const decl = f?.symbols.find((s) => s.name === cls && member.qualifiedName.startsWith(`${s.qualifiedName}.`));
    const signature = decl?.signature ?? "";
    const after = signature.slice(signature.indexOf(cls) + cls.length);
    return [...new Set(after.match(WORD) ?? [])].filter((w) => w !== cls);
  };

  const nodeOf = (path: string, s: OutlineSymbol): CodeNode => ({
    path, name: s.name, qualifiedName: s.qualifiedName, kind: s.kind, startLine: s.startLine, endLine: s.endLine,
  });

  const types = receiverTypes(repo);
  const leads = new Map<string, Promise<Lead>>();
  /** Where an import in `fromPath` of `module` leads for `name`, against the file of `to`. */
  const leadOf = (fromPath: string, module: string, name: string, to: CodeNode): Promise<Lead> => {
    const key = `${fromPath}\0${module}\0${name}\0${to.path}`;
    let p = leads.get(key);
    if (!p) {
      leads.set(key, (p = importLeadsTo({ repo, ours: [to.path], shown: (c) => candidateShown(repo, c) }, fromPath, module, name, languageOf(fromPath))));
    }
    return p;
  };

  /**
   * How sure one mention is to mean `to`; undefined when syntax shows it means something else:
   * a parameter or local of that name in a function around it, an import of the name (or of the
   * receiver's module) that leads to another definition, or a method called on an object whose
   * class is known and is not `to`'s (nor a base or subclass of it).
   */
  const mentionSureness = async (f: FileFacts, fromPath: string, line: number, name: string, m: Mention, to: CodeNode): Promise<Sureness | undefined> => {
    const spec = REGISTRY.byId.get(f.parsed.outline.language);
    const at = (f.lineStart[line - 1] ?? 0) + m.col;
    const imports = f.parsed.scan?.imports ?? [];
    if (!m.member) {
      const scope = await types.bindingScope(f.parsed, name, at);
      // Bound in the function around it, and not by an import there (`const f = require(...)`, a
      // local `from m import f`), nor by `to` itself (a function defined inside that function), nor
      // as a parameter a runner fills with `to` (a pytest fixture named by a test's parameter).
      if (scope) {
        const inScope = (line: number) => (f.lineStart[line - 1] ?? -1) >= scope.from && (f.lineStart[line - 1] ?? -1) < scope.to;
        const shadowed = !(to.path === fromPath && inScope(to.startLine)) && !imports.some((i) => i.bound === name && inScope(i.line));
        if (shadowed && !(await graph.isFixture(to.path, to.qualifiedName, false))) return undefined;
      }
    }
    const self = m.receiver !== undefined && !!spec?.selfNames?.includes(m.receiver.split(".")[0]);
    // `f` bound by an import, or `mod.f` / `mod.sub.f` through a module imported whole.
    const binding = !m.member ? imports.find((i) => i.bound === name) : m.receiver && !self ? imports.find((i) => i.bound === m.receiver!.split(".")[0] && !i.name) : undefined;
    if (binding && (m.member ? !(await types.bindingScope(f.parsed, binding.bound, at)) : true)) {
      const imp = matchImport([binding], m.member ? m.receiver : undefined, name);
      if (imp) {
        const a = await leadOf(fromPath, imp.module, imp.symbol.split(".")[0], to);
        const b = a !== "ours" && imp.alsoModule ? await leadOf(fromPath, imp.alsoModule, imp.symbol.split(".").pop()!, to) : undefined;
        if (a === "ours" || b === "ours") return "resolved";
        if (a === "other" || b === "other") return undefined;
        // `strings.Count`, `net.IP`, `os.path`: a module outside the workspace, named whole, holds
        // none of the workspace's definitions (a function or a member of a class of it).
        const outside = a === "outside" && (b === undefined || b === "outside") && !(spec?.localModules && new RegExp(spec.localModules).test(binding.module));
        if (outside && m.receiver === binding.bound) return undefined;
      }
    }
    const container = containerOf(to);
    if (container && m.receiver !== undefined && to.kind === "method") {
      const call = { callee: `${m.receiver}.${name}`, name, line, from: (f.lineStart[line - 1] ?? 0) + (m.receiverCol ?? m.col) };
      const r = await types.receiverClass(fromPath, f.parsed, call);
      if (r && r !== "local" && !(await structural(r.cls))) {
        const owner = to.qualifiedName.split(".").slice(0, -1).join(".");
        const lead = await types.methodLeads(r.cls, name, { name: owner, paths: [to.path] });
        if (lead === "other") return undefined;
        if (lead === "ours" || lead === "dispatch") return "resolved";
      }
    }
    return nameSureness(f, fromPath, line, name, to);
  };

  /** A class whose instances are any value with its methods (a Go interface, a Python Protocol): a call on it may run any of them. */
  const structural = async (cls: { path: string; name: string }): Promise<boolean> => {
    const file = await parsedOrSkip(repo, cls.path);
    const decl = file && flatten(file.outline.symbols).find((s) => s.qualifiedName === cls.name);
    return !decl || !["class", "struct"].includes(decl.kind) || /\bProtocol\b/.test(decl.signature ?? "");
  };

  /** The rules by name, for a mention syntax did not decide. */
  const nameSureness = async (f: FileFacts, fromPath: string, line: number, name: string, to: CodeNode): Promise<Sureness | undefined> => {
    const toPath = to.path;
    const from = languageOf(fromPath)!;
    // A member whose name other classes' members share (`name`, `write`, `invoke`) is this one's
    // only where the using code is in its class, or names the class or something that uses it
    // (a fixture returning one).
    const container = containerOf(to);
    if (container && (await sharedMemberName(name)) && !(await namesItsClass(f, fromPath, line, to, container))) return undefined;
    if (fromPath === toPath) return "resolved";
    if (from.folderScope && dirname(fromPath) === dirname(toPath)) return "resolved";
    const binding = f.imports.find((i) => i.bound === name || i.name === name);
    if (binding?.file === toPath) return "resolved";
    if (f.imports.some((i) => i.file === toPath)) return "import";
    // The file defines the name itself and does not import it: its mentions mean its own.
    const own = f.parsed.outline.symbols.some((s) => s.name === name && CALLABLE.has(s.kind));
    if (own && !binding) return undefined;
    return "name-only";
  };

  /**
   * How sure the mentions of `name` on a line are to mean `to`. For the instance walk
   * (`instances`) a type position never counts: it makes no instance, whatever `to` is.
   */
  const surenessOf = async (fromPath: string, line: number, name: string, to: CodeNode, instances: boolean): Promise<Sureness | undefined> => {
    const toPath = to.path;
    // Code outside the tests does not use the tests' own definitions (a fake passed in is named where a test builds it).
    if (runnerOf(toPath) && !runnerOf(fromPath)) return undefined;
    const from = languageOf(fromPath);
    const toLanguage = languageOf(toPath);
    if (!from || !toLanguage || !sameFamily(from.id, toLanguage.id)) return undefined;
    const f = await factsOf(fromPath);
    if (!f) return "name-only";
    // A definition's own header names it: not a use (a definition of that name calling another one's is).
    const def = innermostOf(f.symbols, line);
    if (def?.name === name && !f.code.slice(def.startLine - 1, line - 1).some((l) => mentionsIn(l, name).length)) return undefined;
    // A class named in its own members (a Go method's receiver, a copy made from an instance) is
    // not used from outside: they run on an instance that exists already. A static member is
    // reached without one (a factory).
    if (CLASS_LIKE.has(to.kind) && def && def.qualifiedName.startsWith(`${to.qualifiedName}.`) && !/\bstatic\b/.test(def.signature ?? "")) return undefined;
    // A name in a type position (an annotation, a parameter's type, a type switch) runs nothing and
    // makes no instance; an interface or a type alias is used there all the same (a type-checking
    // runner compiles the tests against it).
    const text = (TYPE_ONLY.has(to.kind) && !instances ? f.code : f.runtime)[line - 1] ?? "";
    let best: Sureness | undefined;
    for (const m of mentionsIn(text, name)) {
      const s = await mentionSureness(f, fromPath, line, name, m, to);
      if (s && (!best || SURENESS_ORDER.indexOf(s) < SURENESS_ORDER.indexOf(best))) best = s;
      if (best === "resolved") break;
    }
    return best;
  };

  const instanceWalks = new Map<string, Promise<Set<string> | undefined>>();
  /**
   * The tests reached from where an instance of a class can be made: every mention of its name
   * outside its own members (a construction, a subclass, a factory, a registry), walked back
   * like a change; a field or attribute of another class naming it stands for that class (an
   * embedded Go struct is built with it). A mention at the top level of a file outside the
   * tests (an instance made at load) makes it unknown.
   */
  const instancesOf = (cls: CodeNode, maxDepth: number): Promise<Set<string> | undefined> => {
    const key = `${cls.path}\0${cls.qualifiedName}\0${cls.startLine}\0${maxDepth}`;
    let p = instanceWalks.get(key);
    if (!p) {
      p = (async () => {
        let unknown = false;
        const walkGraph: ReachGraph = {
          uses: (name) => graph.uses(name),
          sureness: (fromPath, line, name, to) => surenessOf(fromPath, line, name, to, true),
          async at(path, line) {
            const at = await graph.at(path, line);
            if ("none" in at) {
              const f = await factsOf(path);
              if (f && !f.importLines.has(line)) unknown = true;
              return at;
            }
            if (!("symbol" in at) || !FIELD.has(at.symbol.kind)) return at;
            const f = await factsOf(path);
            const parent = at.symbol.qualifiedName.split(".").slice(0, -1).join(".");
            const holder = parent && f?.symbols.find((s) => s.qualifiedName === parent && CLASS_LIKE.has(s.kind));
            return holder ? { symbol: nodeOf(path, holder) } : at;
          },
          testsIn: async () => [],
        };
        const tests = await reachTests([cls], walkGraph, { maxDepth, namesOf: (n) => graph.namesOf(n) });
        return unknown ? undefined : new Set(tests.map(testKey));
      })();
      instanceWalks.set(key, p);
    }
    return p;
  };

  const graph: TestGraph = {
    runnerOf,

    namesOf(node) {
      const parts = node.qualifiedName.split(".");
      const container = parts.length > 1 ? parts[parts.length - 2] : undefined;
      return container && (node.kind === "constructor" || /^__\w+__$/.test(node.name)) ? [container] : [node.name];
    },

    async instanceTests(node, maxDepth) {
      if (!containerOf(node) || runnerOf(node.path)) return undefined;
      const f = await factsOf(node.path);
      const own = f?.symbols.find((s) => s.qualifiedName === node.qualifiedName && s.startLine === node.startLine);
      // A static member is reached through its class's name alone, or a static import of it.
      if (!f || !own || /\bstatic\b/.test(own.signature ?? "")) return undefined;
      const parent = node.qualifiedName.split(".").slice(0, -1).join(".");
      const cls = f.symbols.find((s) => s.qualifiedName === parent && s.startLine <= own.startLine && s.endLine >= own.endLine) ?? f.symbols.find((s) => s.qualifiedName === parent);
      return cls ? instancesOf(nodeOf(node.path, cls), maxDepth) : undefined;
    },

    async isFixture(path, qualifiedName, removed) {
      const runner = runnerOf(path);
      if (!runner?.fixtures || removed) return false;
      const f = await factsOf(path);
      if (!f) return false;
      return symbolsMatching(runner.fixtures, f.parsed.outline.symbols, f.lines).some((s) => s.qualifiedName === qualifiedName);
    },

    async uses(name) {
      const { words } = wordIndex();
      const re = wordPattern(name);
      const out: { path: string; lines: number[] }[] = [];
      for (const path of words.get(name) ?? []) {
        const f = await factsOf(path);
        if (!f) continue;
        const lines: number[] = [];
        f.code.forEach((text, i) => {
          re.lastIndex = 0;
          if (re.test(text)) lines.push(i + 1);
        });
        if (lines.length) out.push({ path, lines });
      }
      return out;
    },

    async at(path, line): Promise<Enclosing> {
      const f = await factsOf(path);
      if (!f || f.importLines.has(line)) return { none: true };
      if (f.runner) {
        const unit = innermostOf(f.units, line);
        if (unit) return { tests: [unit] };
        const symbol = innermostOf(f.symbols, line);
        if (symbol) {
          // A test class's own lines (its attributes, setUp) belong to its tests.
          const held = f.units.filter((u) => u.startLine >= symbol.startLine && u.endLine <= symbol.endLine);
          return held.length ? { tests: held } : { symbol: nodeOf(path, symbol) };
        }
        // Outside every definition and test: a group's shared code, or the module's (imports, setup): the tests around it.
        return { tests: f.units };
      }
      const symbol = innermostOf(f.symbols, line);
      return symbol ? { symbol: nodeOf(path, symbol) } : { none: true };
    },

    sureness: (fromPath, line, name, to) => surenessOf(fromPath, line, name, to, false),

    async testsIn(node) {
      if (!runnerOf(node.path)) return [];
      const f = await factsOf(node.path);
      if (!f) return [];
      if (node.qualifiedName === MODULE_NAME) {
        // Only imports changed: the tests that use the names they bind; anything else at the top level: all of them.
        const lines = node.lines ?? [];
        const imports = (f.parsed.scan?.imports ?? []).filter((i) => lines.includes(i.line));
        if (!lines.length || lines.some((l) => !f.importLines.has(l) && (f.lines[l - 1] ?? "").trim() !== "")) return f.units;
        const names = new Set(imports.map((i) => i.bound.split(".")[0]));
        return f.units.filter((u) => f.lines.slice(u.startLine - 1, u.endLine).some((text) => (text.match(WORD) ?? []).some((w) => names.has(w))));
      }
      if (node.endLine === 0) return [];
      // The tests inside the definition (a test, a test class), or around it (a helper nested in a test).
      return f.units.filter((u) => (u.startLine >= node.startLine && u.endLine <= node.endLine) || (u.startLine <= node.startLine && u.endLine >= node.endLine));
    },
  };
  return graph;
}

/** Definitions that exist only as types. */
const TYPE_ONLY = new Set(["interface", "trait", "type"]);

/** Members that hold a value rather than run. */
const FIELD = new Set(["field", "property", "variable", "constant"]);

/** Kinds that, inside a class, belong to it and are reached through an object of it (Python class attributes are variables). */
const MEMBER = new Set(["method", "field", "property", "variable", "constant"]);

function innermostOf<T extends { startLine: number; endLine: number }>(symbols: T[], line: number): T | undefined {
  let best: T | undefined;
  for (const s of symbols) if (line >= s.startLine && line <= s.endLine && (!best || s.endLine - s.startLine <= best.endLine - best.startLine)) best = s;
  return best;
}
