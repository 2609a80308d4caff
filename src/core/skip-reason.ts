// Why a file was left out of an answer, as it is printed and written in JSON (`skipped`): a
// closed set of phrases, and open ones that begin with a fixed phrase and carry an error's or a
// limit's text. The phrase is the contract (CONTRACT: `skipped` is a string), so the types are
// the phrases themselves: a new reason is added here, where the renderers and the docs look,
// never made up at a call site.

/** A file the system would not read: `unreadable (permission denied)`, `unreadable (EIO)` (io/files.ts). */
export type UnreadableReason = `unreadable (${string})`;

/** A parse or a file refused by a limit (core/parse/limits.ts, core/parse/parser.ts). */
export type LimitReason =
  | `not parsed: ${string}`
  | `too large to parse: ${string}`
  | `parse budget exceeded: ${string}`
  | `definitions nested ${string}`;

/** Why `changed` and `history` compared no symbols of a file (app/changed/changes.ts). */
export type SkipReason =
  | "binary"
  | "symlink"
  | "submodule"
  | "lockfile"
  | "too large"
  | "unsupported language"
  | "unreadable"
  | UnreadableReason
  | LimitReason
  | `not outlined: ${string}`;

/** Why a folder walk or a repository listing left a file out (io/files.ts: the size, then the content). */
export type WalkSkipReason = "binary" | "minified or generated" | "lockfile" | `larger than ${string} (--max-size)` | UnreadableReason;
