// One pass of a language's skeleton query over a file: every branch (if/else, loops, try,
// switch/match arms), every call site and every import binding, as plain data. Skeletons,
// call chains and callers are all cut from this. Node types live in grammars/<lang>/skeleton.scm.
// What each call passes comes from a second query (arguments.scm), run only for the files whose
// calls are judged against a signature (changed --impact): every call matches it again.
import type { Node, Query, Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { withScriptQuery } from "./script-query.ts";

export interface BranchSite {
  kind: string;
  /** The branch's head (`if x > 3`, `for k of keys`, `case 1`), whitespace collapsed, bodies elided. */
  header: string;
  startLine: number;
  /** Last line of the branch's own body (an `if` ends where its `else` begins). */
  endLine: number;
  /** String offsets of the same range, for nesting. */
  from: number;
  to: number;
  /** The body is one exit statement (`return x`, `raise E`, `continue`): what it is. */
  exit?: string;
}

export interface CallSite {
  /** The called expression as written (`self.store.get`), shortened when long. */
  callee: string;
  /** Its last name (`get`): what resolution looks up. */
  name: string;
  line: number;
  from: number;
  /** What the call passes (arguments.scm, read by readCallArguments): for judging it against a signature. */
  args?: CallArgs;
}

/** The arguments of one call, as written. */
export interface CallArgs {
  /** Arguments passed by position. */
  positional: number;
  /** Names of the arguments passed by keyword (`f(x=1)`), in order. */
  keywords: string[];
  /** A spread (`...xs`, `*args`, `**kw`, `xs...`): how many arguments it passes is not known from syntax. */
  spread: boolean;
}

export interface ImportBinding {
  module: string;
  /** The imported name, for `from m import name` / `import { name } from "m"`. */
  name?: string;
  /** The local name it binds (`np`, `os.path`, an alias, or the name itself). */
  bound: string;
  line: number;
}

export interface FileScan {
  branches: BranchSite[];
  calls: CallSite[];
  imports: ImportBinding[];
}

const MAX_HEADER = 80;
const MAX_CALLEE = 48;

/** undefined when the language has no skeleton query yet. */
export async function scanSource(text: string, language: LanguageSpec): Promise<FileScan | undefined> {
  return withScriptQuery(language, text, "skeleton.scm", scanTree);
}

/**
 * What each of these calls (from scanSource of the same text) passes, set on them as `args`; a
 * call is found by where it starts and ends. False when the language has no arguments query.
 */
export async function readCallArguments(text: string, language: LanguageSpec, calls: CallSite[]): Promise<boolean> {
  const found = await withScriptQuery(language, text, "arguments.scm", argumentsByCall);
  if (!found) return false;
  for (const site of calls) {
    const args = found.get(`${site.from}:${endOf.get(site)}`);
    if (args) site.args = args;
  }
  return true;
}

/** Where each call scanTree found ends (with its start, what names it: `f()()` is two calls from one offset). */
const endOf = new WeakMap<CallSite, number>();

/** Each call's arguments by the call's start and end offsets. Keywords and spreads come from patterns of their own, tied to their argument list once every match is seen. */
function argumentsByCall(tree: Tree, query: Query): Map<string, CallArgs> {
  const lists: { call: Node; args: Node }[] = [];
  const keywords = new Map<number, string>();
  const spreads = new Set<number>();
  for (const match of query.matches(tree.rootNode)) {
    let args: Node | undefined, argsCall: Node | undefined, keyword: Node | undefined, keywordName: Node | undefined;
    for (const cap of match.captures) {
      const c = cap.name;
      if (c === "arguments") args = cap.node;
      else if (c === "arguments.call") argsCall = cap.node;
      else if (c === "argument.keyword") keyword = cap.node;
      else if (c === "argument.name") keywordName = cap.node;
      else if (c === "argument.spread") spreads.add(cap.node.id);
    }
    if (args && argsCall) lists.push({ call: argsCall, args });
    else if (keyword && keywordName) keywords.set(keyword.id, keywordName.text);
  }
  const out = new Map<string, CallArgs>();
  for (const { call, args } of lists) {
    const at = `${call.startIndex}:${call.endIndex}`;
    if (!out.has(at)) out.set(at, callArgs(args, keywords, spreads));
  }
  return out;
}

function scanTree(tree: Tree, query: Query): FileScan {
  const branches: BranchSite[] = [];
  const calls: CallSite[] = [];
  const imports: ImportBinding[] = [];
  const seenBodies = new Set<number>();
  const seenBranches = new Set<number>();
  const seenCalls = new Set<number>();

  // Branch matches are taken in pattern order, so an earlier pattern wins a node or a body
  // whatever the match order (`else if` is one `elif` branch, not an `else` and an `if`).
  const branchMatches: { pattern: number; branch: Node; kind: string; body?: Node; header?: Node }[] = [];
  for (const match of query.matches(tree.rootNode)) {
    let branch: Node | undefined, kind = "", body: Node | undefined, header: Node | undefined;
    let call: Node | undefined, callee: Node | undefined, calleeObject: Node | undefined, calleeName: Node | undefined;
    let module: Node | undefined, name: Node | undefined, bound: Node | undefined;
    for (const cap of match.captures) {
      const c = cap.name;
      if (c.startsWith("branch.")) {
        branch = cap.node;
        kind = c.slice("branch.".length);
      } else if (c === "body") body = cap.node;
      else if (c === "header") header = cap.node;
      else if (c === "call") call = cap.node;
      else if (c === "callee") callee = cap.node;
      else if (c === "callee.object") calleeObject = cap.node;
      else if (c === "callee.name") calleeName = cap.node;
      else if (c === "import.module") module = cap.node;
      else if (c === "import.name") name = cap.node;
      else if (c === "import.bound") bound = cap.node;
    }
    if (branch) {
      branchMatches.push({ pattern: match.patternIndex, branch, kind, body, header });
    } else if (call && (callee || calleeName)) {
      if (seenCalls.has(call.id)) continue;
      seenCalls.add(call.id);
      // Java's `a.b.run(x)` has no node for `a.b.run`: object and name come apart.
      const raw = callee ? callee.text : calleeObject ? `${calleeObject.text}.${calleeName!.text}` : calleeName!.text;
      const text = collapse(raw);
      const site: CallSite = { callee: shorten(text, MAX_CALLEE), name: lastName(text), line: call.startPosition.row + 1, from: call.startIndex };
      calls.push(site);
      endOf.set(site, call.endIndex);
    } else if (module && bound) {
      // Go binds a package by its path's last segment (`"net/http"` -> `http`).
      const local = unquote(bound.text).split("/").pop()!;
      imports.push({ module: unquote(module.text), name: name?.text, bound: local, line: module.startPosition.row + 1 });
    }
  }
  branchMatches.sort((a, b) => a.pattern - b.pattern);
  for (const { branch, kind, body, header } of branchMatches) {
    if (seenBranches.has(branch.id) || (body && seenBodies.has(body.id))) continue;
    seenBranches.add(branch.id);
    if (body) seenBodies.add(body.id);
    branches.push(branchSite(branch, kind, body, header));
  }
  branches.sort((a, b) => a.from - b.from);
  calls.sort((a, b) => a.from - b.from);
  return { branches, calls, imports };
}

/** The direct arguments of an argument list, comments left out. */
function callArgs(list: Node, keywords: Map<number, string>, spreads: Set<number>): CallArgs {
  const out: CallArgs = { positional: 0, keywords: [], spread: false };
  for (const child of list.namedChildren) {
    if (!child || child.isExtra) continue;
    const keyword = keywords.get(child.id);
    if (keyword !== undefined) out.keywords.push(keyword);
    else if (spreads.has(child.id)) out.spread = true;
    else out.positional++;
  }
  return out;
}

function branchSite(node: Node, kind: string, body: Node | undefined, headerNode: Node | undefined): BranchSite {
  let header: string;
  if (headerNode) {
    // The query marks where the head ends (`case 1, 2`, a match arm's pattern).
    header = node.text.slice(0, headerNode.endIndex - node.startIndex);
  } else if (body && body.startIndex <= node.startIndex) {
    // The branch is its body (Go's and Java's `else { ... }` is the `alternative` block itself).
    header = kind;
  } else if (body) {
    // Up to the last token before the body that is not a comment (`if x:  # why` -> `if x:`).
    const end = headerEnd(node, body.startIndex) ?? body.startIndex;
    header = node.text.slice(0, end - node.startIndex);
  } else {
    // No body node (a `case 1: ...` arm): its first line, up to the label's colon.
    header = node.text.split("\n", 1)[0];
    const colon = /^(.*?):(\s|$)/.exec(header);
    if (colon) header = colon[1];
  }
  header = collapse(header).replace(/\s*[:{]$/, "");
  if (headerNode) header = header.replace(/\s*(=>|->)$/, "");
  // An `else if` captured at its inner `if` (Go, Java) reads as what it is.
  if (kind === "elif" && /^if\b/.test(header)) header = `else ${header}`;
  const end = body ?? node;
  return {
    kind,
    header: shorten(header, MAX_HEADER),
    startLine: node.startPosition.row + 1,
    endLine: lastLine(end),
    from: node.startIndex,
    to: end.endIndex,
    exit: body && !FUNCTION_KINDS.has(kind) ? exitOf(body) : undefined,
  };
}

/** A range that ends at the start of a line (a Go `case` reaches the next one) ends on the line before. */
function lastLine(n: Node): number {
  const { row, column } = n.endPosition;
  return column === 0 && row > n.startPosition.row ? row : row + 1;
}

/** Closures shown as branches: a one-line `return` body is still a function, not a guard. */
const FUNCTION_KINDS = new Set(["func", "closure", "lambda", "function"]);
const EXIT = /^(return|raise|throw|continue|break|pass)/;

/** `return` / `raise` / ... when the body is that one statement, else undefined. */
function exitOf(body: Node): string | undefined {
  let stmts = body.namedChildren.filter((c): c is Node => !!c && !c.isExtra);
  // Go wraps a block's statements in a statement_list; Rust an expression in an expression_statement.
  while (stmts.length === 1 && /^(statement_list|expression_statement|block)$/.test(stmts[0].type)) {
    stmts = stmts[0].namedChildren.filter((c): c is Node => !!c && !c.isExtra);
  }
  if (stmts.length !== 1) return undefined;
  const m = EXIT.exec(stmts[0].type);
  return m ? m[1] : undefined;
}

/** End of the last non-comment token before `bodyStart`, descending into a node that holds the body. */
function headerEnd(node: Node, bodyStart: number): number | undefined {
  let end: number | undefined;
  for (const child of node.children) {
    if (!child || child.startIndex >= bodyStart) break;
    if (child.endIndex > bodyStart) return headerEnd(child, bodyStart) ?? end;
    if (!child.isExtra) end = child.endIndex;
  }
  return end;
}

function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

function shorten(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/** `self.store.get` -> `get`; `Vec::<T>::new` -> `new`; `foo!` -> `foo`; `make()` / `(a ? f : g)` -> `` (no name). */
export function lastName(callee: string): string {
  const cleaned = callee.replace(/<[^<>]*>/g, "").replace(/[!?]+$/, "");
  // What a call returns, or a parenthesized or indexed expression, is called: no name of its own.
  if (/[)\]]$/.test(cleaned)) return "";
  const m = /([A-Za-z_$][\w$]*)\W*$/.exec(cleaned);
  return m ? m[1] : cleaned;
}

function unquote(s: string): string {
  return s.replace(/^["'`]|["'`]$/g, "");
}
