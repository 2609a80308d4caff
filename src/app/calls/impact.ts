// `changed --impact`: for each removed, renamed, moved or signature-changed callable, the call
// sites in the repository the diff did not touch, each tied to the symbol as tightly as syntax
// allows (its own file, an import of its file, its class through the receiver's type as syntax
// gives it (app/calls/receiver-types.ts), or the name alone), and marked `breaks` where
// the head cannot take the call: the definition is gone under that name or from that file, or
// its parameter list (grammars/<lang>/params.scm) rejects the arguments as written.
//
// Call sites come from the callers machinery (the files mentioning the name, each file's
// outline and skeleton scan through RepoSymbols, so through the workspace gate) as the work
// tree has them; the head's definitions come from `headText`.
import { join, relative, sep } from "node:path";
import { parameterLists, whyNotAccepted, type ParamList } from "../../core/calls/arity.ts";
import type { ImpactSite } from "../../core/calls/types.ts";
import type { ChangeSet, FileChange, SymbolChange } from "../../core/diff/types.ts";
import { detectLanguage, languageByName } from "../../core/languages/detect.ts";
import { REGISTRY, type LanguageSpec } from "../../core/languages/registry.ts";
import { outlineSource } from "../../core/outline/outline.ts";
import { readCallArguments, type CallSite, type FileScan } from "../../core/skeleton/scan.ts";
import { flatten } from "../../core/symbols/find.ts";
import { decodeSource } from "../../core/text/lines.ts";
import type { OutlineSymbol } from "../../core/types.ts";
import { CALLABLE, matchImport, sameFamily } from "./resolver.ts";
import { receiverTypes, type ReceiverTypes } from "./receiver-types.ts";
import { innermost } from "./callers.ts";
import { asText, parsedOrSkip, scannedOrSkip, type ParsedFile, type RepoSymbols } from "../repo-symbols.ts";
import { candidateShown, importLeadsTo, type Lead } from "./leads.ts";

export interface ImpactOptions {
  /** The repository view call sites are read through; its base may lie below the root. */
  repo: RepoSymbols;
  /** The repository root (absolute): the change set's paths are relative to it. */
  root: string;
  /** The head side of a changed file (its change-set path), undefined when it has none. */
  headText(path: string): Promise<Uint8Array | undefined>;
}

interface Target {
  file: FileChange;
  symbol: SymbolChange;
  /** The name calls use in the base. */
  name: string;
  oldPath: string;
  /** Where the head defines it (absent when removed with its file). */
  newPath?: string;
  /** The enclosing class or module's own name, for `Class.f()` and `Class::f()` in the same file. */
  container?: string;
  language: string;
}

/** A copy of the change set with `callers` on every symbol a caller may notice. */
export async function withImpact(set: ChangeSet, opts: ImpactOptions): Promise<ChangeSet> {
  const touched = touchedLines(set);
  const files: FileChange[] = [];
  const heads = new Map<string, Promise<Head | undefined>>();
  const types = receiverTypes(opts.repo);
  // Every name searched for at once: the files that hold none of them are never read.
  const names = set.files.flatMap((file) => file.symbols.flatMap((s) => targetOf(file, s)?.name ?? []));
  await opts.repo.expectWords(names);
  for (const file of set.files) {
    const symbols: SymbolChange[] = [];
    for (const symbol of file.symbols) {
      const target = targetOf(file, symbol);
      if (!target) {
        symbols.push(symbol);
        continue;
      }
      let head: Head | undefined;
      if (target.newPath !== undefined && symbol.signatureChanged && symbol.change !== "removed") {
        const key = target.newPath;
        if (!heads.has(key)) heads.set(key, headOf(key, opts));
        head = await heads.get(key);
      }
      symbols.push({ ...symbol, callers: await callSites(target, touched, opts, types, head) });
    }
    files.push({ ...file, symbols });
  }
  return { ...set, files };
}

/** What a caller may notice: a callable gone under its name or from its file, or declared anew. */
function targetOf(file: FileChange, s: SymbolChange): Target | undefined {
  if (file.skipped || !file.language || !CALLABLE.has(s.kind)) return undefined;
  const gone = s.change === "removed" || s.change === "renamed" || s.change === "moved";
  // A class's declaration line (bases, decorators) is not what its callers pass.
  if (!gone && !(s.signatureChanged && s.kind !== "class" && s.kind !== "struct")) return undefined;
  const oldQualified = s.oldQualifiedName ?? s.qualifiedName;
  const parts = oldQualified.split(".");
  const own = parts[parts.length - 1];
  // A constructor is called by its class's name (`new Foo()`, `Foo(...)`).
  const name = s.kind === "constructor" && parts.length > 1 ? parts[parts.length - 2] : own;
  const container = parts.length > 1 ? parts[parts.length - 2] : undefined;
  return {
    file,
    symbol: s,
    name,
    oldPath: s.oldPath ?? file.oldPath ?? file.path,
    newPath: s.change === "removed" && file.status === "deleted" ? undefined : file.path,
    container,
    language: file.language,
  };
}

/** Head-side lines the diff touched, by file: a call on one of them was updated with the change. */
function touchedLines(set: ChangeSet): Map<string, (line: number) => boolean> {
  const out = new Map<string, (line: number) => boolean>();
  for (const f of set.files) {
    if (f.status === "added") {
      out.set(f.path, () => true);
      continue;
    }
    const runs = f.symbols.flatMap((s) => s.anchors.filter((a) => a.side === "RIGHT"));
    out.set(f.path, (line) => runs.some((a) => line >= a.startLine && line <= a.endLine));
  }
  return out;
}

interface Head {
  symbols: OutlineSymbol[];
  lists: ParamList[];
  language: LanguageSpec;
}

async function headOf(path: string, opts: ImpactOptions): Promise<Head | undefined> {
  const bytes = await opts.headText(path);
  if (!bytes) return undefined;
  const language = detectLanguage(path, bytes);
  if (!language) return undefined;
  const lists = await parameterLists(decodeSource(bytes), language);
  if (!lists) return undefined;
  const outline = await outlineSource({ path, bytes, language, imports: false });
  return { symbols: flatten(outline.symbols), lists, language };
}

/** The parameter lists the head declares under this symbol's name (one per overload), [] when none is known. */
function headLists(target: Target, head: Head): ParamList[][] {
  const s = target.symbol;
  const defs = head.symbols.filter((d) => d.qualifiedName === s.qualifiedName && CALLABLE.has(d.kind));
  const out: ParamList[][] = [];
  for (const d of defs) {
    const nested = (d.children ?? []).filter((c) => CALLABLE.has(c.kind));
    // The definition's own list: the first one inside its range and outside its members.
    const list = head.lists.find((l) => l.line >= d.startLine && l.line <= d.endLine && !nested.some((c) => l.line >= c.startLine && l.line <= c.endLine));
    if (list && !list.contextual) out.push([list]);
    // One list that cannot be judged makes the symbol's calls unjudged: an overload may take them.
    else return [];
  }
  return out;
}

async function callSites(target: Target, touched: Map<string, (line: number) => boolean>, opts: ImpactOptions, types: ReceiverTypes, head: Head | undefined): Promise<ImpactSite[]> {
  const { repo } = opts;
  const overloads = head ? headLists(target, head) : [];
  const out: ImpactSite[] = [];
  // Only files of the symbol's language family can call it: others are not even read.
  const mayCall = (shown: string) => {
    const named = languageByName(shown);
    return !named || sameFamily(named.id, target.language);
  };
  const shapes = new Map<string, RegExp | undefined>();
  for (const shown of repo.filesMentioning(target.name, undefined, false, mayCall)) {
    // Cheapest first: the text holds a call of that shape (callShape), the scan holds a call of
    // the name; only then is the file outlined.
    const shape = callShape(shapes, shown, target.name);
    if (shape && !repo.textMatches(shown, shape)) continue;
    const scanned = await scannedOrSkip(repo, shown);
    if (!scanned?.scan || !sameFamily(scanned.language.id, target.language)) continue;
    // `import { f as g }` of the name: calls of `g` are calls of it.
    const aliases = new Set(scanned.scan.imports.filter((i) => i.name === target.name && i.bound !== target.name).map((i) => i.bound));
    if (!scanned.scan.calls.some((c) => c.name === target.name || aliases.has(c.name))) continue;
    const file = await parsedOrSkip(repo, shown);
    if (!file?.scan) continue;
    const path = fromShown(opts, shown);
    const onTouched = touched.get(path);
    const all = flatten(file.outline.symbols);
    for (const call of file.scan.calls) {
      if (call.name !== target.name && !aliases.has(call.name)) continue;
      if (onTouched?.(call.line)) continue;
      const where = innermost(all, call.line);
      const tie = await resolve(target, call, file, shown, path, where, opts, types);
      if (!tie) continue;
      const resolution = tie.how;
      const site: ImpactSite = { path, line: call.line, callee: call.callee, resolution };
      if (where) site.symbol = where.qualifiedName;
      const judged = resolution !== "name-match" && tie.judged !== false;
      if (judged && overloads.length) await argumentsRead(file);
      const breaks = judged ? whyBroken(target, call, overloads, head) : undefined;
      if (breaks) site.breaks = breaks;
      out.push(site);
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
}

/** The callShape of the language a file's name says, for `name` (by language), or undefined where the language has none. */
function callShape(shapes: Map<string, RegExp | undefined>, path: string, name: string): RegExp | undefined {
  const language = languageByName(path);
  if (!language?.callShape) return undefined;
  if (!shapes.has(language.id)) {
    const escaped = asText(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    shapes.set(language.id, new RegExp(language.callShape.replaceAll("{name}", escaped)));
  }
  return shapes.get(language.id);
}

/** Per parse (the scan is kept with the file's parse): whether what its calls pass has been read. */
const argumentsOf = new WeakMap<FileScan, Promise<boolean>>();

/** The file's calls with what each passes (arguments.scm), read once per parse. */
function argumentsRead(file: ParsedFile): Promise<boolean> {
  const scan = file.scan!;
  let read = argumentsOf.get(scan);
  if (!read) {
    read = readCallArguments(decodeSource(file.file.bytes), REGISTRY.byId.get(file.outline.language)!, scan.calls);
    argumentsOf.set(scan, read);
  }
  return read;
}

/** Why a call tied to the symbol no longer works, or undefined. */
function whyBroken(target: Target, call: CallSite, overloads: ParamList[][], head: Head | undefined): string | undefined {
  const s = target.symbol;
  if (s.change === "removed") return "removed";
  if (s.change === "renamed") return `renamed to ${s.qualifiedName.split(".").pop()}`;
  if (s.change === "moved") return `moved to ${target.file.path}`;
  if (!call.args || !head || !overloads.length) return undefined;
  const throughObject = s.kind === "constructor" || /[.]|->/.test(call.callee.replace(/\?\./g, "."));
  const reasons = overloads.map(([l]) => whyNotAccepted(l.params, call.args!, throughObject, head.language.selfNames));
  return reasons.every((r) => r !== undefined) ? reasons[0] : undefined;
}

/**
 * How a call is tied to the target: its own file, an import that leads to its file (through
 * re-exports), or the name alone; undefined when it leads to another definition (one of the
 * caller's file, or an import of another module, in the workspace or not).
 */
async function resolve(target: Target, call: CallSite, file: ParsedFile, shown: string, path: string, where: OutlineSymbol | undefined, opts: ImpactOptions, types: ReceiverTypes): Promise<Tie | undefined> {
  const segments = call.callee.replace(/::|->|\?\./g, ".").split(".");
  const receiver = segments.length > 1 ? segments.slice(0, -1).join(".") : undefined;
  const spec = REGISTRY.byId.get(file.outline.language);
  const own = path === target.newPath || path === target.oldPath;
  // An alias is of an import: in its own file the method is called by its own name.
  if (own && call.name === target.name) {
    const last = receiver?.split(".").pop();
    const isMethod = target.container !== undefined && target.symbol.kind !== "function";
    const containerPath = (target.symbol.oldQualifiedName ?? target.symbol.qualifiedName).split(".").slice(0, -1).join(".");
    // Called from inside its own class (another class of the file may have a method of that name).
    const inOwnClass = where !== undefined && where.qualifiedName.startsWith(`${containerPath}.`);
    if (receiver === undefined) {
      // A method called by its bare name only from inside its own class (Java, C#, Kotlin).
      if (!isMethod || target.symbol.kind === "constructor" || inOwnClass) return { how: "same-file" };
    } else if ((spec?.selfNames?.includes(receiver) && !spec.superNames?.includes(receiver) && (!isMethod || inOwnClass)) || last === target.container) return { how: "same-file" };
  }
  // A method called on a receiver whose class syntax gives: that class's method, its own or inherited.
  let local = false;
  const method = target.symbol.kind === "method" && target.container !== undefined;
  if (method && (receiver !== undefined || spec?.implicitSelf)) {
    const r = await types.receiverClass(shown, file, call);
    if (r === "local") local = true;
    else if (r) {
      const owner = (target.symbol.oldQualifiedName ?? target.symbol.qualifiedName).split(".").slice(0, -1).join(".");
      const paths = [target.oldPath, target.newPath].filter((p): p is string => p !== undefined).map((p) => toShown(opts, p));
      const lead = await types.methodLeads(r.cls, call.name, { name: owner, paths });
      if (lead === "other") return undefined;
      if (lead === "ours" || lead === "dispatch") {
        // Through a base's declaration: the call is written against the base's parameters, not judged against these.
        const judged = lead === "ours";
        if (r.via !== "typed" && paths.includes(shown)) return { how: "same-file", judged };
        const first = receiver?.replace(/::|->|\?\./g, ".").split(".")[0];
        if (r.via === "static" && (file.scan?.imports ?? []).some((i) => i.bound === first)) return { how: "import", judged };
        return { how: "receiver-type", judged };
      }
    }
  }
  // A parameter or local of that name shadows the file's imports.
  local ||= await types.boundLocally(file, receiver === undefined ? call.callee : segments[0], call.from);
  // A method through an import only as `Class.m()` (`run_command.make_context()` is another object's).
  const throughClass = !method || receiver === undefined || segments[segments.length - 2] === target.container;
  const imp = local ? undefined : matchImport(file.scan?.imports ?? [], receiver, call.name);
  if (imp) {
    const first = imp.symbol.split(".")[0];
    const a = await leadsTo(target, shown, imp.module, first, spec, opts, 0);
    const b = a !== "ours" && imp.alsoModule ? await leadsTo(target, shown, imp.alsoModule, imp.symbol.split(".").pop()!, spec, opts, 0) : undefined;
    if (a === "ours" || b === "ours") {
      if (throughClass) return { how: "import" };
    } else if (a === "other" || b === "other") return undefined;
    else if (a === "outside" && (b === undefined || b === "outside")) {
      if (!(spec?.localModules && new RegExp(spec.localModules).test(imp.module))) return undefined;
    }
  }
  // The caller's file defines that name itself: the call is to its own.
  if (!own && receiver === undefined && (file.scan?.imports ?? []).every((i) => i.bound !== call.name)) {
    if (flatten(file.outline.symbols).some((s) => s.name === call.name && CALLABLE.has(s.kind) && s.kind !== "method")) return undefined;
  }
  return { how: "name-match" };
}

/** How a call is tied, and whether its arguments are judged against the head's parameters. */
interface Tie {
  how: ImpactSite["resolution"];
  /** false: tied through a base's declaration of the method. */
  judged?: boolean;
}

/** Where `module` (imported from `fromShown`) leads for `name`: the target's file, another definition, outside the workspace, or unknown. */
function leadsTo(target: Target, fromShown: string, module: string, name: string, spec: LanguageSpec | undefined, opts: ImpactOptions, depth: number): Promise<Lead> {
  const ours = [target.oldPath, target.newPath].filter((p): p is string => p !== undefined).map((p) => toShown(opts, p));
  return importLeadsTo({ repo: opts.repo, ours, shown: (c) => toRelative(opts, c) }, fromShown, module, name, spec, depth);
}

const posixOf = (p: string) => (sep === "/" ? p : p.split(sep).join("/"));

/** A change-set path (relative to the root) as the repository view names it (relative to its base). */
function toShown(opts: ImpactOptions, path: string): string {
  return opts.repo.access.base === opts.root ? path : posixOf(relative(opts.repo.access.base, join(opts.root, path)));
}

function fromShown(opts: ImpactOptions, shown: string): string {
  return opts.repo.access.base === opts.root ? shown : posixOf(relative(opts.root, join(opts.repo.access.base, shown)));
}

/** A module candidate (relative to the base, or absolute under a root) relative to the base. */
function toRelative(opts: ImpactOptions, candidate: string): string {
  return candidateShown(opts.repo, candidate);
}
