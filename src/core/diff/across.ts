// Pairing what is left after siblings paired by name: every removed symbol of the change against
// every added one of its kind, one-to-one, by evidence. Containers first (their whole text, their
// members' names), so that members of a renamed or moved class follow it instead of being paired
// one by one; then functions, methods and values. Pure: the caller's pool pairs and reports.
//
// Evidence, strongest first: the body (token bigrams of the own text with the own name
// abstracted), the name (kept across a move), the parent (the old parent is paired with the new
// one: renamed in place). A short or body-less symbol (a field, a one-liner) pairs only on its
// text being the same but for its name, and only where the name or the parent pairing agrees.
// Ties are broken by evidence (name similarity, parent pairing), never by order: what is still
// tied stays unpaired.
import type { SymNode } from "./source.ts";
import type { SymbolKind } from "../types.ts";
import { kindGroup, similarity } from "./match.ts";
import { dice, nameSimilarity, shingles, tokenize, type Shingles } from "./tokens.ts";

export type Evidence = "body" | "signature" | "name" | "parent" | "call-sites" | "hierarchy" | "file-rename";

export interface Link {
  old: SymNode;
  new: SymNode;
  evidence: Evidence;
  /** Token similarity of the two texts with their own names abstracted, 0-1. */
  similarity: number;
}

export interface Pool {
  /** What a node is paired with so far (module roots of one file included). */
  partner(n: SymNode): SymNode | undefined;
  /** Old nodes, then new nodes, not paired yet (any depth). */
  unpaired(): { olds: SymNode[]; news: SymNode[] };
  /** The old lines (path, line) the change turned into lines that differ only in name `a` becoming `b`. */
  switched(a: string, b: string): readonly { path: string; line: number }[];
  /** How many definitions of the change's files, on one side, have this name. */
  named(name: string, side: "old" | "new"): number;
  /** The names that name `a` switched to somewhere in the change. */
  switchedTo(a: string): readonly string[];
  /** Pair the two (and their members by name). */
  accept(link: Link): void;
  /** Called once containers are done (before members are matched), and at the end. */
  settle?(): void;
}

const CONTAINERS = new Set<SymbolKind>(["class", "interface", "struct", "enum", "trait", "type", "namespace", "module"]);
const MEMBERS = new Set<SymbolKind>(["function", "method", "constructor", "field", "property", "variable", "constant"]);

/** Fewer tokens than this on either side: too little text for similarity; only the same text counts. */
const MIN_TOKENS = 12;
/** Similarity a pair needs with no other evidence (a move and a rename at once). */
const ALONE = 0.8;
/** Similarity a pair needs with the parent paired (renamed in place). */
const SUPPORTED = 0.6;
/** Similarity a pair needs with the parent paired and call sites switched to the new name. */
const SWITCHED = 0.3;
/** Similarity (own text or members' bodies) a class needs with references switched to its new name and few members' names kept. */
const SWITCHED_CLASS = 0.4;
/** Similarity a pair needs with the name kept (moved). */
const NAMED = 0.65;
/** Tokens a container needs on both sides for its whole text alone (with its name or references) to pair it: a small class is mostly boilerplate. */
const BIG = 10 * MIN_TOKENS;
/** Definitions of one name (both sides of the change) up to which a kept name is evidence for a short definition. */
const RARE = 4;
/** Ranks closer than this are a tie. */
const TIE = 0.05;
/** Candidates scored per removed symbol, the most shared rare bigrams first. */
const CANDIDATES = 25;
/** A bigram in more added symbols than this does not nominate candidates (it still scores). */
const COMMON = 64;

interface Features {
  tokens: number;
  shingles: Shingles;
  /** The text but for the own name: equal means the same code under another name. */
  key: string;
  /** Members' names, for containers. */
  members: string[];
}

interface Edge extends Link {
  rank: number;
  ok: boolean;
  /** The old and new classes are related by inheritance (one names the other in its declaration). */
  related: boolean;
}

export function matchAcross(pool: Pool): void {
  const features = new Map<SymNode, Features>();
  const feat = (n: SymNode): Features => {
    let f = features.get(n);
    if (!f) {
      const container = CONTAINERS.has(n.kind);
      const tokens = tokenize(container ? n.fullCodeText() : n.ownCodeText(), n.sym.name);
      f = { tokens: tokens.length, shingles: shingles(tokens), key: tokens.join(" "), members: container ? n.children.map((c) => c.sym.name) : [] };
      features.set(n, f);
    }
    return f;
  };
  for (const family of [CONTAINERS, MEMBERS]) {
    const { olds, news } = pool.unpaired();
    const byGroup = new Map<string, { olds: SymNode[]; news: SymNode[] }>();
    for (const [list, side] of [[olds, "olds"], [news, "news"]] as const) {
      for (const n of list) {
        if (!family.has(n.kind)) continue;
        const g = kindGroup(n.kind);
        let b = byGroup.get(g);
        if (!b) byGroup.set(g, (b = { olds: [], news: [] }));
        b[side].push(n);
      }
    }
    const edges: Edge[] = [];
    for (const b of byGroup.values()) if (b.olds.length && b.news.length) edges.push(...candidates(b.olds, b.news, feat, pool));
    assign(edges, pool, family === MEMBERS);
    pool.settle?.();
  }
}

/** The scored pairs worth considering: per removed symbol, the added ones sharing the most rare bigrams, its name, or its text. */
function candidates(olds: SymNode[], news: SymNode[], feat: (n: SymNode) => Features, pool: Pool): Edge[] {
  const postings = new Map<string, SymNode[]>();
  const byName = new Map<string, SymNode[]>();
  const byKey = new Map<string, SymNode[]>();
  const push = <K>(m: Map<K, SymNode[]>, k: K, n: SymNode) => {
    const l = m.get(k);
    if (l) l.push(n);
    else m.set(k, [n]);
  };
  for (const n of news) {
    const f = feat(n);
    for (const s of f.shingles.counts.keys()) push(postings, s, n);
    push(byName, n.sym.name, n);
    push(byKey, f.key, n);
  }
  const edges: Edge[] = [];
  for (const o of olds) {
    const f = feat(o);
    const hits = new Map<SymNode, number>();
    if (f.tokens >= MIN_TOKENS) {
      for (const s of f.shingles.counts.keys()) {
        const l = postings.get(s);
        if (l && l.length <= COMMON) for (const n of l) hits.set(n, (hits.get(n) ?? 0) + 1);
      }
    }
    const picked = new Set([...hits.entries()].sort((a, b) => b[1] - a[1]).slice(0, CANDIDATES).map(([n]) => n));
    for (const n of (byName.get(o.sym.name) ?? []).slice(0, CANDIDATES)) picked.add(n);
    for (const n of (byKey.get(f.key) ?? []).slice(0, CANDIDATES)) picked.add(n);
    // The names its call sites switched to (a field renamed with its type changed has little text to share).
    for (const to of pool.switchedTo(o.sym.name)) for (const n of (byName.get(to) ?? []).slice(0, CANDIDATES)) picked.add(n);
    for (const n of picked) {
      const e = judge(o, n, feat(o), feat(n), pool, feat);
      if (e) edges.push(e);
    }
  }
  return edges;
}

/** How strongly `o` and `n` are one symbol, and whether that is enough. */
function judge(o: SymNode, n: SymNode, fo: Features, fn: Features, pool: Pool, feat: (n: SymNode) => Features): Edge | undefined {
  // Top-level in one file: the file is the parent, and it is paired with itself.
  const parentPaired = o.parent ? pool.partner(o.parent) === n.parent : !n.parent && o.path === n.path;
  // In a file the parser could not read whole, a definition may have left its class only in the outline.
  if (!parentPaired && (o.unparsed || n.unparsed)) return undefined;
  // A nested function is a part of its parent: it goes where its parent went, or under its own
  // name with a body alike on its own (a wrapper's helpers: `module.exports = function(Chart) { helpers.each = … }`).
  const nested = !parentPaired && (isCallable(o.parent) || isCallable(n.parent));
  if (nested && (o.sym.name !== n.sym.name || !isCallable(o.parent) || !isCallable(n.parent) || o.path === n.path)) return undefined;
  const sameName = o.sym.name === n.sym.name;
  // A name many definitions of the change share (`__init__`, `toString`, `setUp`) says little.
  const rareName = sameName && pool.named(o.sym.name, "old") + pool.named(o.sym.name, "new") <= RARE;
  // Lines elsewhere (call sites, references) that switched from the old name to the new one and
  // nothing else; not its own declaration line (another function may take the place of one with
  // the same parameters).
  // A call site names a method, not its class: where other definitions share the old or the new
  // name, it tells which rename happened but not which of them, so it counts only in place.
  const oneEach = pool.named(o.sym.name, "old") <= 1 && pool.named(n.sym.name, "new") <= 1;
  let calls = 0;
  if (!sameName && (oneEach || parentPaired)) for (const at of pool.switched(o.sym.name, n.sym.name)) if (at.path !== o.path || at.line < o.sym.startLine || at.line > o.sym.endLine) calls++;
  const similarity = fo.key === fn.key ? 1 : dice(fo.shingles, fn.shingles);
  const names = nameSimilarity(o.sym.name, n.sym.name);
  // Pulled up or pushed down: the old class names the new one in its declaration, or the reverse.
  const related = !parentPaired && MEMBERS.has(o.kind) && inherits(o.parent, n.parent, pool);
  let rank = similarity + 0.2 * names + (parentPaired ? 0.2 : related ? 0.04 : 0) + (calls && oneEach ? 0.15 + 0.02 * Math.min(calls, 5) : 0);
  const short = fo.tokens < MIN_TOKENS || fn.tokens < MIN_TOKENS;
  const long = Math.min(fo.tokens, fn.tokens) >= 2 * MIN_TOKENS;
  // Out of a removed container into an added one: were they one, the container would have paired
  // and taken its members along; a member crosses alone only under its own name or with its
  // call sites switched, its text alike.
  const orphans = !parentPaired && MEMBERS.has(o.kind) && !!o.parent?.parent && !!n.parent?.parent && !pool.partner(o.parent) && !pool.partner(n.parent);
  let ok: boolean;
  let evidence: Evidence;
  if (short) {
    // Too little text to compare: the same text but for the name, or (in place) its call sites
    // switched to the new name (a field renamed with its type or value changed).
    const same = fo.key === fn.key && fo.tokens > 0;
    evidence = calls && !same ? "call-sites" : "signature";
    ok = same ? parentPaired || sameName || calls > 0 : parentPaired && calls > 0;
  } else if (CONTAINERS.has(o.kind)) {
    // A container's members are its evidence: most of their names kept, then its text alike,
    // or the members of one name alike (a class that grew keeps its members' bodies).
    const members = memberOverlap(fo.members, fn.members);
    const alike = Math.max(similarity, memberBodies(o, n, feat));
    evidence = similarity >= ALONE && long ? "body" : calls ? "call-sites" : parentPaired ? "parent" : "name";
    // Or, its members renamed too: its whole text alike and its name alike or its references switched.
    ok =
      (members >= 0.5 && (alike >= (sameName || parentPaired || calls ? 0.4 : 0.5) || (members >= 0.75 && alike >= 0.35))) ||
      (Math.min(fo.tokens, fn.tokens) >= BIG && similarity >= SUPPORTED && (names >= 0.4 || calls > 0 || parentPaired)) ||
      (calls > 1 && alike >= SWITCHED_CLASS);
    rank += members / 2 + (alike - similarity);
  } else {
    const alone = similarity >= ALONE && long;
    evidence = alone ? "body" : calls ? "call-sites" : parentPaired ? "parent" : related ? "hierarchy" : "name";
    if (nested) ok = alone;
    else if (orphans) ok = (sameName && (fo.key === fn.key || (similarity >= NAMED && long))) || (alone && calls > 0) || (related && similarity >= SUPPORTED);
    // A move under its own name: the text alike (a one-liner, too short to tell, pairs above only on the same text).
    else
      ok =
        alone ||
        (parentPaired && similarity >= (calls ? SWITCHED : SUPPORTED)) ||
        ((calls > 0 || related) && similarity >= SUPPORTED) ||
        (sameName && (fo.key === fn.key || (similarity >= NAMED && (long || rareName))));
  }
  return { old: o, new: n, evidence, similarity: Math.round(similarity * 100) / 100, rank, ok, related };
}

/** Whether one of two classes (the old one or its partner, the new one or its partner) names the other in its declaration (`extends`, `implements`, `: Base()`, `(Base)`). */
function inherits(a: SymNode | undefined, b: SymNode | undefined, pool: Pool): boolean {
  if (!a?.parent || !b?.parent || !CONTAINERS.has(a.kind) || !CONTAINERS.has(b.kind)) return false;
  const names = (c: SymNode): string[] => c.sym.signature.match(/[\p{L}\p{N}_$]+/gu) ?? [];
  const mentions = (c: SymNode | undefined, name: string) => c !== undefined && c.sym.name !== name && names(c).includes(name);
  return mentions(a, b.sym.name) || mentions(pool.partner(a), b.sym.name) || mentions(b, a.sym.name) || mentions(pool.partner(b), a.sym.name);
}

/** Dice over members, each pair of one name counting as alike as its own texts are. */
function memberBodies(o: SymNode, n: SymNode, feat: (n: SymNode) => Features): number {
  if (!o.children.length || !n.children.length) return 0;
  const byName = new Map<string, SymNode[]>();
  for (const c of n.children) byName.set(c.sym.name, [...(byName.get(c.sym.name) ?? []), c]);
  let sum = 0;
  for (const c of o.children) {
    const twins = byName.get(c.sym.name);
    const twin = twins?.shift();
    if (twin) sum += CONTAINERS.has(c.kind) ? 1 : dice(feat(c).shingles, feat(twin).shingles);
  }
  return (2 * sum) / (o.children.length + n.children.length);
}

function isCallable(n: SymNode | undefined): boolean {
  return !!n && kindGroup(n.kind) === "callable";
}

/** Dice over the members' names (as multisets); 1 when neither has members. */
export function memberOverlap(a: string[], b: string[]): number {
  return similarity(a, b);
}

/**
 * One-to-one, strongest first. An edge is taken only when no other edge of either end, both of
 * whose ends are still free, comes within TIE of it: a tie is left unpaired, never broken by order.
 * Then fans (members only): one symbol whose tied best candidates are several on the other side,
 * each of which has no other candidate as good and a class related to its own by inheritance
 * (pulled up from several subclasses into one, pushed down into several): every one of them is
 * paired with the one. Copies without that relation (a class split in two alike) stay unpaired.
 */
function assign(edges: Edge[], pool: Pool, fans: boolean): void {
  const of = new Map<SymNode, Edge[]>();
  for (const e of edges) {
    for (const n of [e.old, e.new]) {
      const l = of.get(n);
      if (l) l.push(e);
      else of.set(n, [e]);
    }
  }
  const free = (e: Edge) => !pool.partner(e.old) && !pool.partner(e.new);
  for (const e of edges.filter((x) => x.ok).sort((a, b) => b.rank - a.rank)) {
    if (!free(e)) continue;
    const rival = [...of.get(e.old)!, ...of.get(e.new)!].some((x) => x !== e && x.rank >= e.rank - TIE && free(x));
    if (rival) continue;
    pool.accept(e);
  }
  if (!fans) return;
  // Every fan is found against the pairing as it stands, and taken only if no other fan claims its nodes.
  const found: Edge[][] = [];
  for (const [node, list] of of) {
    if (pool.partner(node)) continue;
    const other = (e: Edge) => (e.old === node ? e.new : e.old);
    const mine = list.filter((e) => free(e));
    const best = Math.max(...mine.map((e) => e.rank));
    const tied = mine.filter((e) => e.rank >= best - TIE);
    if (tied.length < 2 || !tied.every((e) => e.ok && e.related)) continue;
    // Each of the others has this one as its only best.
    if (tied.every((e) => of.get(other(e))!.every((x) => x === e || !free(x) || x.rank < e.rank - TIE))) found.push(tied);
  }
  const claims = new Map<SymNode, number>();
  for (const fan of found) for (const e of fan) for (const n of [e.old, e.new]) claims.set(n, (claims.get(n) ?? 0) + 1);
  for (const fan of found) {
    const hub = fan[0].old === fan[1].old ? fan[0].old : fan[0].new;
    if (fan.every((e) => [e.old, e.new].every((n) => n === hub || claims.get(n) === 1)) && claims.get(hub) === fan.length) for (const e of fan) pool.accept(e);
  }
}
