// The questions both front ends answer, as one table: each question's options with their kinds,
// bounds and defaults, the flag and help text it has on the command line, the argument and
// description it has in the MCP tool. The CLI's flags and `--help` (src/cli/commands.ts) and the
// MCP tools' input schemas (src/mcp/schema.ts) are made from it, and both front ends read values
// through it (src/cli/values.ts, src/mcp/schema.ts), so a default is written here once.
//
// Plain data, not zod: the compiled binary reads this table at every start (cac registers the
// flags), and loading zod there would cost more than a short command does in all
// (bench/README.md, "Questions table"); the MCP server, which loads zod anyway, builds its zod
// shapes from these rows.
//
// Where the two front ends differ on purpose, the row says so: `cli` and `mcp` may each set
// their own bounds or default, with the reason beside it.

/**
 * How a value is read: a string (`repeatable` on the command line: each given one), a list of
 * strings (an array in MCP; repeatable and comma-separated on the command line), a whole number,
 * a switch, one of a list, a size (4M).
 */
export type OptionKind = "text" | "texts" | "count" | "flag" | "choice" | "size";

export interface Bounds {
  min?: number;
  max?: number;
  default?: number | string | boolean;
}

export interface QuestionOption extends Bounds {
  /** The name the use case and the front ends' adapters use; the MCP argument is its snake_case. */
  key: string;
  kind: OptionKind;
  /** For `choice`: the values allowed, the first the default unless `default` says otherwise. */
  choices?: readonly string[];
  /** The longest text the MCP server takes (each one, for `texts`), and how many for `texts`. */
  maxLength?: number;
  maxItems?: number;
  /** On the command line: the flag (cac's form, `--depth <n>`) and its help; absent: not a flag (a positional argument, or MCP only). */
  cli?: Bounds & { flags: string; help: string; showDefault?: boolean; repeatable?: boolean };
  /** In the MCP tool: its description; absent: not an argument of the tool. */
  mcp?: Bounds & { about: string; required?: boolean };
}

export interface Question {
  /** The CLI command. */
  name: string;
  /** The MCP tool, when the server offers the question. */
  tool?: string;
  options: readonly QuestionOption[];
}

/** Members shown per container in the text outline (JSON lists all unless a cap is asked for). */
export const MAX_CHILDREN = 40;
/** The answer budget of calls, callers and digest, in tokens (characters / 4). */
export const MAX_TOKENS = 2000;
/** The answer budget of `context`: a symbol's text with its callees, types and callers. */
export const CONTEXT_TOKENS = 4000;
/** The smallest `context` budget: its header, a signature (up to 240 characters) and the line saying what was cut. */
export const CONTEXT_MIN_TOKENS = 200;
/** Search results shown. */
export const SEARCH_LIMIT = 50;
/** Commits an agent's `symbol_history` lists unless it asks for more (a person's `history` lists all). */
export const AGENT_HISTORY_LIMIT = 20;
/** Levels of a call chain followed, and the most that may be asked. */
export const CALL_DEPTH = 2;
export const MAX_CALL_DEPTH = 5;

const PATH_MAX = 4096;
const NAME_MAX = 1024;
const FILE = { key: "path", kind: "text", maxLength: PATH_MAX, mcp: { about: "File, relative to the workspace root", required: true } } as const;
const WITHIN_ABOUT = "Only files matching this glob or under this folder (e.g. src/**/*.py)";
/** An agent's answer budget is at least this many tokens: a smaller one could not hold a header and one entry. */
const MCP_MIN_TOKENS = 100;
const budget = (help: string) =>
  ({
    key: "maxTokens", kind: "count", default: MAX_TOKENS,
    cli: { flags: "--max-tokens <n>", help, showDefault: true },
    mcp: { about: `Answer budget in tokens (default ${MAX_TOKENS})`, min: MCP_MIN_TOKENS },
  }) as const;
const format = <C extends readonly string[]>(choices: C) =>
  ({ key: "format", kind: "choice", choices, default: choices[0], cli: { flags: "--format <format>", help: choices.join(" | "), showDefault: true } }) as const;
const maxSize = (help: string) => ({ key: "maxSize", kind: "size", cli: { flags: "--max-size <size>", help } }) as const;
const language = (help: string) => ({ key: "language", kind: "text", cli: { flags: "--language <id>", help } }) as const;

export const OUTLINE_FORMATS = ["text", "json", "jsonl"] as const;
export const CHANGED_FORMATS = ["text", "json", "markdown", "github", "sarif", "rdjson", "patch"] as const;
export type ChangedFormat = (typeof CHANGED_FORMATS)[number];

export const QUESTIONS = {
  outline: {
    name: "outline", tool: "get_outline",
    options: [
      { key: "path", kind: "text", maxLength: PATH_MAX, mcp: { about: 'File or folder, relative to the workspace root ("." for all)', required: true } },
      format(OUTLINE_FORMATS),
      {
        // No default on the command line: JSON lists every member unless a cap is asked for.
        key: "maxChildren", kind: "count", min: 0,
        cli: { flags: "--max-children <n>", help: `Members shown per container: text ${MAX_CHILDREN} by default (0: all); JSON lists all unless given` },
        mcp: { about: `Members shown per class (default ${MAX_CHILDREN}, 0 = all)`, default: MAX_CHILDREN },
      },
      {
        key: "docs", kind: "flag",
        cli: { flags: "--docs", help: "Text: every doc sentence, members' and values' too (default: public top-level ones)" },
        mcp: { about: "Show every definition's doc sentence (default: only public top-level classes and functions)" },
      },
      maxSize("Skip files larger than this (e.g. 4M)"),
      language("Parse as this language (see `languages`)"),
    ],
  },
  symbol: {
    name: "symbol", tool: "get_symbol",
    options: [
      FILE,
      { key: "name", kind: "text", maxLength: NAME_MAX, mcp: { about: "Symbol name, qualified name (Class.method) or unique suffix", required: true } },
      format(["text", "json"] as const),
      language("Parse as this language"),
      maxSize("Refuse files larger than this (e.g. 4M)"),
      { key: "mode", kind: "choice", choices: ["skeleton", "full", "drill"], mcp: { about: "skeleton | full | drill (default: by size)" } },
      { key: "skeleton", kind: "flag", cli: { flags: "--skeleton", help: "Signature, branches, calls and size instead of the body" } },
      { key: "drill", kind: "text", cli: { flags: "--drill <label>", help: "One branch (if@12, 3) or one call's target (call:foo) of the skeleton" } },
      { key: "label", kind: "text", maxLength: NAME_MAX, mcp: { about: "For mode=drill: a label from the skeleton (if@12, call:foo, 3)" } },
      { key: "focus", kind: "text", maxLength: NAME_MAX, cli: { flags: "--focus <words>", help: "With --skeleton: branches and lines mentioning these words shown in full" }, mcp: { about: "Words of your task: a skeleton with the branches and lines mentioning them in full" } },
      {
        key: "hash", kind: "text", maxLength: 128,
        cli: { flags: "--hash <h>", help: "The symbol:… hash of an earlier read: `unchanged`, or the text marked CHANGED" },
        mcp: { about: "symbol:… hash from an earlier read: answers unchanged, or the new text marked CHANGED" },
      },
    ],
  },
  region: {
    name: "region", tool: "read_region",
    options: [
      FILE,
      { key: "start", kind: "count", min: 1, mcp: { about: "First line (1-based)", required: true } },
      { key: "end", kind: "count", min: 1, mcp: { about: "Last line (inclusive)", required: true } },
      {
        key: "hash", kind: "text", maxLength: 128,
        cli: { flags: "--hash <sha256>", help: "Warn when the file no longer has this content hash" },
        mcp: { about: "File hash (sha256:…) or a symbol's (symbol:…), to detect a stale read" },
      },
      format(["text", "json"] as const),
    ],
  },
  search: {
    name: "search", tool: "search_symbols",
    options: [
      { key: "query", kind: "text", maxLength: NAME_MAX, mcp: { about: "Name, Class.method, or part of one", required: true } },
      {
        key: "kind", kind: "text", maxLength: 64,
        cli: { flags: "--kind <kind>", help: "Only these kinds (class, function, method, ...; repeat or comma-separate)", repeatable: true },
        mcp: { about: "Only this kind: class, function, method, interface, struct, ..." },
      },
      {
        key: "path", kind: "text", maxLength: PATH_MAX,
        cli: { flags: "--path <glob>", help: "Only files matching this glob or path prefix (repeatable)", repeatable: true },
        mcp: { about: WITHIN_ABOUT },
      },
      {
        key: "limit", kind: "count", default: SEARCH_LIMIT,
        cli: { flags: "--limit <n>", help: "At most this many results (0: all)", showDefault: true },
        // An agent's answer is bounded: at least one result, at most 500.
        mcp: { about: `At most this many results (default ${SEARCH_LIMIT})`, min: 1, max: 500 },
      },
      format(["text", "json"] as const),
      { key: "root", kind: "text", cli: { flags: "--root <dir>", help: "Search this folder instead of the git repository around the current one" } },
      {
        key: "text", kind: "flag",
        cli: { flags: "--text", help: "Find text (strings, messages, config keys) instead of names: each line with the symbol it is in; the query is a JavaScript regex" },
        mcp: { about: "Find lines of text, not names" },
      },
      {
        // A person at a terminal writes patterns (git grep, rg); an agent pastes the message it saw.
        key: "fixedStrings", kind: "flag",
        cli: { flags: "-F, --fixed-strings", help: "With --text: the query is text as written, not a regex" },
        mcp: { about: "With text: false reads the query as a JavaScript regex", default: true },
      },
      { key: "ignoreCase", kind: "flag", cli: { flags: "-i, --ignore-case", help: "With --text: ignore case" } },
    ],
  },
  context: {
    name: "context", tool: "get_context",
    options: [
      FILE,
      { key: "name", kind: "text", maxLength: NAME_MAX, mcp: { about: "Symbol name or Class.method", required: true } },
      {
        // On both sides: less could not hold the answer's header, a signature and what was cut.
        key: "maxTokens", kind: "count", default: CONTEXT_TOKENS, min: CONTEXT_MIN_TOKENS,
        cli: { flags: "--max-tokens <n>", help: `Fit the answer into this many tokens (counted as characters / 3; at least ${CONTEXT_MIN_TOKENS})`, showDefault: true },
        mcp: { about: `Answer budget in tokens (default ${CONTEXT_TOKENS})` },
      },
      format(["text", "json"] as const),
    ],
  },
  calls: {
    name: "calls", tool: "get_calls",
    options: [
      FILE,
      { key: "name", kind: "text", maxLength: NAME_MAX, mcp: { about: "The calling symbol (name or Class.method)", required: true } },
      {
        key: "depth", kind: "count", default: CALL_DEPTH, min: 1, max: MAX_CALL_DEPTH,
        cli: { flags: "--depth <n>", help: `Levels to follow (1-${MAX_CALL_DEPTH})`, showDefault: true },
        mcp: { about: `Levels to follow (default ${CALL_DEPTH}, max ${MAX_CALL_DEPTH})` },
      },
      budget("Cut the text to about this many tokens (JSON is whole)"),
      format(["text", "json"] as const),
    ],
  },
  callers: {
    name: "callers", tool: "get_callers",
    options: [
      { key: "name", kind: "text", maxLength: NAME_MAX, mcp: { about: "Function or method name (Class.method: the last part is matched)", required: true } },
      {
        key: "path", kind: "text", maxLength: PATH_MAX,
        cli: { flags: "--path <glob>", help: "Only files matching this glob or under this folder" },
        mcp: { about: WITHIN_ABOUT },
      },
      budget("Cut the text to about this many tokens (JSON is whole)"),
      format(["text", "json"] as const),
    ],
  },
  digest: {
    name: "digest", tool: "digest",
    options: [
      { key: "path", kind: "text", maxLength: PATH_MAX, mcp: { about: WITHIN_ABOUT } },
      budget("Fit the map into about this many tokens (chars/4)"),
      {
        key: "focus", kind: "texts", maxLength: PATH_MAX, maxItems: 64,
        cli: { flags: "--focus <paths or names>", help: "Rank around these files, folders or definition names (comma-separated, repeatable)" },
        mcp: { about: "Files, folders (relative to the workspace root) or definition names to rank around" },
      },
      { key: "flat", kind: "flag", cli: { flags: "--flat", help: "The flat map (every file, detail dropped until it fits) even when it does not fit whole" } },
      { key: "root", kind: "text", cli: { flags: "--root <dir>", help: "Map this folder instead of the git repository around the current one" } },
      format(["text", "json"] as const),
    ],
  },
  history: {
    name: "history", tool: "symbol_history",
    options: [
      FILE,
      { key: "name", kind: "text", maxLength: NAME_MAX, mcp: { about: "Symbol name or Class.method, as it is at HEAD", required: true } },
      {
        key: "limit", kind: "count",
        // A person's terminal shows every commit; an agent's answer is bounded (at most 500, 20 unless asked).
        cli: { flags: "--limit <n>", help: "At most this many commits (0: all)", default: 0, showDefault: true },
        mcp: { about: `At most this many commits (default ${AGENT_HISTORY_LIMIT})`, default: AGENT_HISTORY_LIMIT, min: 1, max: 500 },
      },
      {
        key: "since", kind: "text", maxLength: 64,
        cli: { flags: "--since <date>", help: "Only commits since this date (2024-01-31, `6 months ago`)" },
        mcp: { about: "Only commits since this date (2024-01-31, `6 months ago`)" },
      },
      { key: "rev", kind: "text", cli: { flags: "--rev <rev>", help: "Start from this revision (default: HEAD)" } },
      format(["text", "json", "markdown"] as const),
      maxSize("Versions larger than this are not compared (e.g. 4M)"),
    ],
  },
  changed: {
    name: "changed", tool: "changed_symbols",
    options: [
      { key: "base", kind: "text", maxLength: NAME_MAX, cli: { flags: "--base <rev>", help: "Compare from this revision (default: HEAD)" }, mcp: { about: "Base revision (default HEAD)" } },
      { key: "head", kind: "text", maxLength: NAME_MAX, cli: { flags: "--head <rev>", help: "Compare to this revision (default: the work tree)" }, mcp: { about: "Head revision (default: the work tree)" } },
      { key: "staged", kind: "flag", cli: { flags: "--staged", help: "Compare the base with the index (what `git commit` would record)" }, mcp: { about: "Compare HEAD with the index" } },
      { key: "mergeBase", kind: "flag", cli: { flags: "--merge-base", help: "Compare from the merge base of base and head (what a PR shows)" } },
      format(CHANGED_FORMATS),
      { key: "exitCode", kind: "flag", cli: { flags: "--exit-code", help: "Exit 1 when any symbol changed, 0 when none" } },
      {
        key: "failOn", kind: "choice", default: "none", choices: ["none", "removed", "signature-change", "value-change", "doc-change", "any"],
        cli: { flags: "--fail-on <what>", help: "Exit 1 on: none | removed | signature-change | value-change | doc-change | any (each includes the ones before)" },
      },
      { key: "level", kind: "choice", default: "note", choices: ["note", "warning", "error"], cli: { flags: "--level <level>", help: "Level of each sarif/rdjson finding: note | warning | error" } },
      maxSize("Files larger than this are listed without symbols (e.g. 4M)"),
      {
        key: "impact", kind: "flag",
        cli: { flags: "--impact", help: "Also list the call sites a removed, renamed, moved or re-declared function still has" },
        mcp: { about: "Also the call sites the change left behind for each removed, renamed, moved or re-declared function (`breaks` where the new signature cannot take the call)" },
      },
      // On the command line this is its own command, `tests`.
      { key: "tests", kind: "flag", mcp: { about: "Also the tests the change can reach, each with its call chain (run those)" } },
    ],
  },
} as const satisfies Record<string, Question>;

export type QuestionName = keyof typeof QUESTIONS;

/** An option's bounds and default as one front end sees them: its own where it sets them, else the row's. */
export function boundsFor(option: QuestionOption, side: "cli" | "mcp"): Bounds {
  const own = option[side];
  return {
    min: own?.min ?? option.min,
    max: own?.max ?? option.max,
    default: own?.default ?? option.default,
  };
}

/** The flag's name as the user writes it (`--max-tokens`), for messages. */
export function flagName(option: QuestionOption): string {
  return option.cli?.flags.split(/[\s,]+/).find((f) => f.startsWith("--")) ?? `--${option.key}`;
}

type Side = "cli" | "mcp";
type ValueOf<O, S extends Side> = O extends { kind: "count" | "size" } ? number
  : O extends { kind: "flag" } ? boolean
  : O extends { kind: "texts" } ? string[]
  : O extends { kind: "choice"; choices: readonly (infer C)[] } ? C
  : O extends { cli: { repeatable: true } } ? (S extends "cli" ? string[] : string)
  : string;
type Defaulted<O, S extends Side> = O extends { kind: "flag" | "texts" } ? true
  : O extends { default: unknown } ? true
  : O extends { [K in S]: { default: unknown } } ? true
  : O extends { [K in S]: { required: true } } ? true
  : false;
type OnSide<O, S extends Side> = O extends { [K in S]: unknown } ? true : false;

/**
 * The values of a question's options as one front end hands them to its adapter: each option
 * of that side, its kind's type, undefined where it has no default and was not given.
 */
export type Values<Q extends Question, S extends Side> = {
  [O in Q["options"][number] as OnSide<O, S> extends true ? O["key"] : never]: Defaulted<O, S> extends true ? ValueOf<O, S> : ValueOf<O, S> | undefined;
};
