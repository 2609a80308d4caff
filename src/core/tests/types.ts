// What the `tests` use case answers: the tests a change can reach, each with the chain that
// reaches it and how sure that chain is. Field names are the JSON contract: added, never renamed.

/** How a chain is tied, weakest link first: its own file or an import of the definition's file, an import of its module only, or the name alone. */
export type Sureness = "resolved" | "import" | "name-only";

export const SURENESS_ORDER: Sureness[] = ["resolved", "import", "name-only"];

/** A definition the chain passes through. */
export interface CodeNode {
  path: string;
  name: string;
  qualifiedName: string;
  kind: string;
  startLine: number;
  endLine: number;
  /** For a change outside every definition (`<module>`): the head's lines it touched. */
  lines?: number[];
}

/** One test the runner can be asked to run: a test function or method, or a test block. */
export interface TestUnit {
  path: string;
  /** The test's own name (a block's own title). */
  name: string;
  /** Class.method, or a block's titles joined by " > ". */
  qualifiedName: string;
  /** A block's titles, outermost group first; absent for a definition. */
  titles?: string[];
  /** A title computed at run time (a template with a substitution): selectable only by file. */
  dynamicTitle?: boolean;
  startLine: number;
  endLine: number;
}

/** One link of a chain: a definition (or test), and the line where it mentions the next link (none on the last, the changed definition). */
export interface ChainStep {
  path: string;
  qualifiedName: string;
  line?: number;
}

export interface SelectedTest extends TestUnit {
  /** Test first, then helpers, then the changed definition. */
  chain: ChainStep[];
  sureness: Sureness;
}

/** Why the selection cannot be trusted to be complete, so the whole suite is chosen. */
export interface WholeSuite {
  reason: string;
  /** The paths behind the reason. */
  paths: string[];
}

export interface RunnerSelection {
  runner: string;
  name: string;
  /** The command for the selection (or the whole suite), when there is something to run. */
  command?: string;
}

/** The answer of `tests`. */
export interface AffectedTests {
  base: string;
  head: string;
  /** The runners whose tests were selected (all the repository's, for the whole suite), with their commands. */
  runners: RunnerSelection[];
  /** Set when the whole suite is chosen; `tests` then still lists what the walk reached. */
  wholeSuite?: WholeSuite;
  tests: SelectedTest[];
  /** Changed definitions the walk started from. */
  changedSymbols: number;
}
