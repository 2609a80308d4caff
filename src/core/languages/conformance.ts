// How well each language's outline agrees with a second opinion on real public code, as last
// measured: grammars/conformance.json, written by `npm run bench -- conformance --record`
// (bench/conformance.ts; the projects, oracles and matching rules are in bench/README.md).
// `languages` and the README's language table show it. A language without an entry has not
// been measured.
import FIGURES from "../../../grammars/conformance.json" with { type: "json" };

export interface Conformance {
  /** The second opinion: CPython ast, the TS compiler, Universal Ctags, a line oracle. */
  oracle: string;
  projects: number;
  files: number;
  /** Definitions the oracle found. */
  definitions: number;
  /** Percent of those the outline has (one decimal). */
  recall: number;
  /** Percent of matched definitions with the oracle's exact line range; null when the oracle gives no ends. */
  exact: number | null;
  /** Percent of files whose tree has a syntax error. */
  filesWithErrors: number;
}

export const CONFORMANCE: Record<string, Conformance> = FIGURES;
