// From changed definitions back to the tests that use them: a breadth-first walk over "who
// mentions this name", bounded in depth, each definition visited once (so cycles end). The
// graph is asked, not read: the use case (app/tests/) answers from the repository's files.
// Safety first: a mention by name counts (marked name-only) unless the graph knows it leads
// elsewhere; a mention outside every definition of a test file reaches all its tests.
import { SURENESS_ORDER, type ChainStep, type CodeNode, type SelectedTest, type Sureness, type TestUnit } from "./types.ts";

/** What encloses a line that mentions a name. */
export type Enclosing =
  /** Inside test units (a test, or a group's code: its tests). */
  | { tests: TestUnit[] }
  /** Inside a definition that is not a test. */
  | { symbol: CodeNode }
  /** Outside every definition of a file that is not a test file: nothing follows. */
  | { none: true };

export interface ReachGraph {
  /** Files and lines that mention `name` as a word, outside comments where known. */
  uses(name: string): Promise<{ path: string; lines: number[] }[]>;
  /** What encloses a line of a file. */
  at(path: string, line: number): Promise<Enclosing>;
  /** How sure a mention of `name` on a line of `fromPath` is to mean this definition; undefined: it means another one. */
  sureness(fromPath: string, line: number, name: string, to: CodeNode): Promise<Sureness | undefined>;
  /** The test units of a changed test file's definition, when the definition is itself a test or holds some. */
  testsIn(node: CodeNode): Promise<TestUnit[]>;
}

export interface ReachOptions {
  /** How many definitions a chain may pass through between a test and the change. */
  maxDepth: number;
  /** The names a definition is used by: its own, a constructor its class's (the use case knows which). */
  namesOf(node: CodeNode): string[];
}

const weaker = (a: Sureness, b: Sureness): Sureness => (SURENESS_ORDER.indexOf(a) >= SURENESS_ORDER.indexOf(b) ? a : b);

interface Item {
  node: CodeNode;
  /** From this node to the changed definition. */
  chain: ChainStep[];
  sureness: Sureness;
  depth: number;
}

const keyOf = (path: string, qualifiedName: string, line: number) => `${path}\0${qualifiedName}\0${line}`;

export async function reachTests(changed: CodeNode[], graph: ReachGraph, opts: ReachOptions): Promise<SelectedTest[]> {
  const found = new Map<string, SelectedTest>();
  /** `chain`: from the test's use (or the test itself, when changed) to the changed definition. */
  const add = (unit: TestUnit, chain: ChainStep[], sureness: Sureness) => {
    const key = keyOf(unit.path, unit.qualifiedName, unit.startLine);
    const had = found.get(key);
    // The surest chain wins, then the shortest.
    if (had && (SURENESS_ORDER.indexOf(had.sureness) < SURENESS_ORDER.indexOf(sureness) || (had.sureness === sureness && had.chain.length <= chain.length))) return;
    found.set(key, { ...unit, chain, sureness });
  };
  const seen = new Set<string>();
  let level: Item[] = [];
  for (const node of changed) {
    const key = keyOf(node.path, node.qualifiedName, node.startLine);
    if (seen.has(key)) continue;
    seen.add(key);
    const step = { path: node.path, qualifiedName: node.qualifiedName };
    for (const unit of await graph.testsIn(node)) {
      const own = { path: unit.path, qualifiedName: unit.qualifiedName };
      add(unit, unit.qualifiedName === node.qualifiedName ? [own] : [own, step], "resolved");
    }
    level.push({ node, chain: [step], sureness: "resolved", depth: 0 });
  }
  const usesOf = new Map<string, Promise<{ path: string; lines: number[] }[]>>();
  while (level.length) {
    const next: Item[] = [];
    for (const item of level) {
      for (const name of new Set(opts.namesOf(item.node))) {
        let uses = usesOf.get(name);
        if (!uses) usesOf.set(name, (uses = graph.uses(name)));
        for (const use of await uses) {
          for (const line of use.lines) {
            const sure = await graph.sureness(use.path, line, name, item.node);
            if (!sure) continue;
            const at = await graph.at(use.path, line);
            if ("none" in at) continue;
            const link = weaker(item.sureness, sure);
            if ("tests" in at) {
              for (const unit of at.tests) add(unit, [{ path: unit.path, qualifiedName: unit.qualifiedName, line }, ...item.chain], link);
              continue;
            }
            const user = at.symbol;
            // A call of itself (the graph does not count a definition's own header as a use).
            if (user.path === item.node.path && user.qualifiedName === item.node.qualifiedName) continue;
            const key = keyOf(user.path, user.qualifiedName, user.startLine);
            if (seen.has(key) || item.depth + 1 > opts.maxDepth) continue;
            seen.add(key);
            next.push({ node: user, chain: [{ path: user.path, qualifiedName: user.qualifiedName, line }, ...item.chain], sureness: link, depth: item.depth + 1 });
          }
        }
      }
    }
    level = next;
  }
  return [...found.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.startLine - b.startLine));
}
