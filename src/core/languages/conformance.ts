// How well each language's outline agrees with a second opinion on real public code, as last
// measured: written by `npm run bench -- conformance --record` (bench/conformance.ts; the
// projects, oracles and matching rules are in bench/README.md). `languages` and the README's
// language table show it. A language without an entry has not been measured.

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

export const CONFORMANCE: Record<string, Conformance> = {
  "python": { "oracle": "CPython ast", "projects": 2, "files": 389, "definitions": 20600, "recall": 100, "exact": 100, "filesWithErrors": 0.3 },
  "javascript": { "oracle": "TS compiler", "projects": 2, "files": 541, "definitions": 2797, "recall": 99.8, "exact": 100, "filesWithErrors": 0 },
  "typescript": { "oracle": "TS compiler", "projects": 2, "files": 755, "definitions": 7952, "recall": 100, "exact": 100, "filesWithErrors": 1.3 },
  "tsx": { "oracle": "TS compiler", "projects": 3, "files": 734, "definitions": 3301, "recall": 100, "exact": 100, "filesWithErrors": 1.8 },
  "java": { "oracle": "ctags Java", "projects": 2, "files": 664, "definitions": 15318, "recall": 100, "exact": 99.9, "filesWithErrors": 0 },
  "go": { "oracle": "ctags Go", "projects": 2, "files": 437, "definitions": 7307, "recall": 99.9, "exact": 100, "filesWithErrors": 0 },
  "rust": { "oracle": "ctags Rust", "projects": 2, "files": 318, "definitions": 9564, "recall": 99.7, "exact": null, "filesWithErrors": 0 },
  "c": { "oracle": "ctags C", "projects": 3, "files": 679, "definitions": 23816, "recall": 96.8, "exact": 99, "filesWithErrors": 20.3 },
  "cpp": { "oracle": "ctags C++", "projects": 4, "files": 407, "definitions": 15444, "recall": 97.8, "exact": 99, "filesWithErrors": 26.8 },
  "ruby": { "oracle": "ctags Ruby", "projects": 2, "files": 387, "definitions": 2729, "recall": 99.9, "exact": 98.6, "filesWithErrors": 0 },
  "csharp": { "oracle": "ctags C#", "projects": 2, "files": 614, "definitions": 7673, "recall": 99.8, "exact": 99.9, "filesWithErrors": 0.2 },
  "php": { "oracle": "ctags PHP", "projects": 2, "files": 711, "definitions": 9147, "recall": 100, "exact": null, "filesWithErrors": 0 },
  "bash": { "oracle": "ctags Sh", "projects": 2, "files": 491, "definitions": 2670, "recall": 99.2, "exact": null, "filesWithErrors": 3.3 },
  "zsh": { "oracle": "line oracle (zsh functions)", "projects": 3, "files": 430, "definitions": 1383, "recall": 58.6, "exact": null, "filesWithErrors": 54.4 },
  "kotlin": { "oracle": "ctags Kotlin", "projects": 2, "files": 800, "definitions": 11752, "recall": 98.7, "exact": null, "filesWithErrors": 1.8 },
  "swift": { "oracle": "line oracle (Swift)", "projects": 3, "files": 536, "definitions": 8440, "recall": 97.3, "exact": null, "filesWithErrors": 32.8 },
  "scala": { "oracle": "line oracle (Scala)", "projects": 2, "files": 608, "definitions": 7358, "recall": 100, "exact": null, "filesWithErrors": 2 },
  "lua": { "oracle": "ctags Lua", "projects": 3, "files": 641, "definitions": 4432, "recall": 100, "exact": null, "filesWithErrors": 0 },
  "vue": { "oracle": "TS compiler on <script>", "projects": 2, "files": 252, "definitions": 1131, "recall": 100, "exact": 100, "filesWithErrors": 0.4 },
  "yaml": { "oracle": "line oracle (YAML keys, workflow jobs/steps, k8s objects, services)", "projects": 4, "files": 490, "definitions": 2570, "recall": 100, "exact": 100, "filesWithErrors": 0 },
  "json": { "oracle": "line oracle (JSON keys, 2 levels) + JSON.parse", "projects": 3, "files": 253, "definitions": 2066, "recall": 100, "exact": 100, "filesWithErrors": 0 },
  "toml": { "oracle": "line oracle (TOML tables and keys)", "projects": 3, "files": 263, "definitions": 1902, "recall": 99.5, "exact": 99.9, "filesWithErrors": 1.1 },
  "markdown": { "oracle": "line oracle (Markdown headings)", "projects": 5, "files": 343, "definitions": 4941, "recall": 100, "exact": 100, "filesWithErrors": 2.6 },
  "hcl": { "oracle": "line oracle (HCL blocks at column 0)", "projects": 2, "files": 167, "definitions": 3385, "recall": 100, "exact": 100, "filesWithErrors": 0 },
  "css": { "oracle": "line oracle (CSS rule sets and at-rules)", "projects": 3, "files": 145, "definitions": 2692, "recall": 100, "exact": 100, "filesWithErrors": 4.1 },
  "make": { "oracle": "line oracle (Make targets and variables)", "projects": 4, "files": 40, "definitions": 887, "recall": 100, "exact": 100, "filesWithErrors": 0 },
  "julia": { "oracle": "ctags Julia", "projects": 3, "files": 368, "definitions": 6059, "recall": 99.9, "exact": null, "filesWithErrors": 0 },
};
