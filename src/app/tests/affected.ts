// `tests`: the tests a change can reach. The change comes from `changed` (its symbols); the
// tests from the runners' data (core/languages/test-conventions.ts) applied to the work tree's
// files; the walk from changed definitions back to tests is core/tests/reach.ts, answered here
// from the repository (graph.ts). When a change touches what the walk cannot see through (a
// runner's config or build file, a fixture, a conftest, test data), the whole suite is chosen
// and the reason given. Every file is read through the workspace gate.
import { computeChanges, type ChangedOptions } from "../changed/changes.ts";
import { MODULE_NAME, type ChangeSet, type FileChange, type SymbolChange } from "../../core/diff/types.ts";
import { selectionCommand } from "../../core/tests/command.ts";
import { reachTests } from "../../core/tests/reach.ts";
import { SURENESS_ORDER, type AffectedTests, type CodeNode, type SelectedTest, type WholeSuite } from "../../core/tests/types.ts";
import { matchesAny } from "../../core/tests/units.ts";
import type { TestConvention } from "../../core/languages/test-conventions.ts";
import { repoRoot } from "../../io/git.ts";
import { cliWorkspace, repositoryOf, type FileAccess } from "../../io/workspace.ts";
import { repoSymbols } from "../repo-symbols.ts";
import { repoTestGraph, testKey } from "./graph.ts";
import { detectRunners } from "./runners.ts";

/** How many definitions a chain may pass through between a test and the change, by default. */
export const DEFAULT_TEST_DEPTH = 8;

export interface AffectedOptions extends ChangedOptions {
  /** Only changes under these paths (relative to the repository root, a path prefix or glob). */
  paths?: string[];
  maxDepth?: number;
  access?: FileAccess;
}

export async function affectedTests(opts: AffectedOptions): Promise<AffectedTests> {
  const set = await computeChanges(opts);
  const root = repositoryOf(await repoRoot(opts.env, opts.env.cwd));
  const access = opts.access ?? cliWorkspace(root);
  const repo = repoSymbols(opts.env, access);
  const files = onlyUnder(set, opts.paths ?? []);
  const runners = detectRunners(access, repo.files());
  const graph = repoTestGraph(repo, runners);
  const inert = inertIn(runners);
  const whole = await wholeSuiteReason(files, runners, graph, inert);
  const start = files.flatMap((f) => startNodes(f, inert));
  const maxDepth = opts.maxDepth ?? DEFAULT_TEST_DEPTH;
  const reachOptions = { maxDepth, namesOf: (node: CodeNode) => [...graph.namesOf(node), ...(start.find((s) => s.node === node)?.oldNames ?? [])] };
  // A member of a class runs only where an instance of it is: its walk keeps the tests that can
  // come to hold one (one walk per class; the other changed definitions walk together).
  const groups = new Map<Set<string> | undefined, CodeNode[]>();
  for (const s of start) {
    const holders = await graph.instanceTests(s.node, maxDepth);
    groups.set(holders, [...(groups.get(holders) ?? []), s.node]);
  }
  const found = new Map<string, SelectedTest>();
  for (const [holders, nodes] of groups) {
    for (const t of await reachTests(nodes, graph, reachOptions)) {
      const key = testKey(t);
      if (holders && !holders.has(key)) continue;
      const had = found.get(key);
      if (!had || SURENESS_ORDER.indexOf(t.sureness) < SURENESS_ORDER.indexOf(had.sureness) || (had.sureness === t.sureness && t.chain.length < had.chain.length)) found.set(key, t);
    }
  }
  const tests = [...found.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine));
  const used = runners.filter((r) => whole || tests.some((t) => graph.runnerOf(t.path) === r));
  return {
    base: set.base,
    head: set.head,
    runners: used.map((r) => ({
      runner: r.id,
      name: r.name,
      command: whole ? r.command.whole : selectionCommand(r, tests.filter((t) => graph.runnerOf(t.path) === r)),
    })),
    ...(whole ? { wholeSuite: whole } : {}),
    tests,
    changedSymbols: start.length,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function onlyUnder(set: ChangeSet, paths: string[]): FileChange[] {
  if (!paths.length) return set.files;
  const under = (p: string) => paths.some((q) => matchesAny([q.replace(/\/+$/, "")], p) || p.startsWith(`${q.replace(/\/+$/, "")}/`));
  return set.files.filter((f) => under(f.path) || (f.oldPath !== undefined && under(f.oldPath)));
}

/**
 * A change that cannot change behaviour: whitespace and ordinary comments, or only the doc
 * comment where the runners of the file's language read nothing from it.
 */
function inertIn(runners: TestConvention[]) {
  return (f: FileChange, s: SymbolChange): boolean => {
    if (s.cosmetic) return true;
    const docOnly = s.docChanged && !s.bodyChanged && !s.signatureChanged && !s.valueChanged && s.change === "modified";
    const readers = runners.filter((r) => f.language !== undefined && r.languages.includes(f.language));
    return !!docOnly && readers.length > 0 && readers.every((r) => r.docsRunNothing);
  };
}

/** The definitions a file's change starts the walk from, with the names callers may still use for them. */
function startNodes(f: FileChange, inert: (f: FileChange, s: SymbolChange) => boolean): { node: CodeNode; oldNames: string[] }[] {
  const out: { node: CodeNode; oldNames: string[] }[] = [];
  for (const s of f.symbols) {
    if (inert(f, s)) continue;
    const removed = s.change === "removed";
    const path = removed ? s.oldPath ?? f.oldPath ?? f.path : f.path;
    const oldName = s.oldQualifiedName?.split(".").pop();
    out.push({
      node: {
        path, name: s.name, qualifiedName: s.qualifiedName, kind: s.kind,
        // A removed definition has no lines in the head: no test lies inside it.
        startLine: removed ? 0 : s.startLine ?? 0, endLine: removed ? 0 : s.endLine ?? 0,
        ...(s.qualifiedName === MODULE_NAME ? { lines: s.anchors.filter((a) => a.side === "RIGHT").flatMap((a) => range(a.startLine, a.endLine)) } : {}),
      },
      oldNames: oldName && oldName !== s.name ? [oldName] : [],
    });
  }
  return out;
}

/** Why the whole suite must run, or undefined. */
async function wholeSuiteReason(files: FileChange[], runners: TestConvention[], graph: ReturnType<typeof repoTestGraph>, inert: (f: FileChange, s: SymbolChange) => boolean): Promise<WholeSuite | undefined> {
  const paths = (f: FileChange) => [f.path, ...(f.oldPath !== undefined ? [f.oldPath] : [])];
  const config = files.filter((f) => paths(f).some((p) => runners.some((r) => matchesAny(r.wholeSuite, p))));
  if (config.length) return { reason: "a runner's configuration, setup or build file changed", paths: config.map((f) => f.path) };
  const fixtures: string[] = [];
  for (const f of files) {
    for (const s of f.symbols) {
      if (!inert(f, s) && (await graph.isFixture(s.change === "removed" ? s.oldPath ?? f.oldPath ?? f.path : f.path, s.qualifiedName, s.change === "removed"))) fixtures.push(`${f.path} ${s.qualifiedName}`);
    }
  }
  if (fixtures.length) return { reason: "a fixture changed (tests use fixtures by name, not by call)", paths: fixtures };
  const data = files.filter((f) => !f.language && paths(f).some((p) => runners.some((r) => matchesAny(r.files, p))));
  if (data.length) return { reason: "a file among the tests that is not code changed (test data)", paths: data.map((f) => f.path) };
  const unread = files.filter((f) => f.skipped && f.language && runners.some((r) => r.languages.includes(f.language!)));
  if (unread.length) return { reason: "a changed file could not be compared", paths: unread.map((f) => f.path) };
  return undefined;
}
