// Typed errors. An expected error is a Problem: a kind and the data it is about. One table says
// each kind in words (a one-line message and a hint), one map gives its exit code; the front ends
// print `ast-outline: <message> (<hint>)` and no stack trace (errorLine).
//
// A problem met in more than one place, or one a caller tells apart (a revision that names no
// commit, a file that is not there), has a kind of its own. A sentence said in one place only
// keeps it there, under one of the four plain kinds (usage, input, not-found, internal).
//
// `file` fields hold the path as the caller shows it (quoted for a user's path, the workspace's
// display name for a checked one): the caller knows which.
import type { LimitReason } from "./skip-reason.ts";
import { formatBytes } from "./text/bytes.ts";
import { printable, quoteName } from "./text/quote.ts";

export const EXIT = {
  ok: 0,
  notFound: 1,
  usage: 2,
  internal: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export type Problem =
  // Said where they arise.
  | { kind: "usage"; message: string; hint?: string } // bad flag or argument
  | { kind: "input"; message: string; hint?: string } // input that cannot be answered
  | { kind: "not-found"; message: string; hint?: string } // nothing of that name
  | { kind: "internal"; message: string; hint?: string }
  // Files.
  | { kind: "no-such-file"; file: string; hint?: string } // a path the user named
  | { kind: "no-such-path"; file: string; hint?: string } // a path the workspace gate looked up (not found, like a symbol)
  | { kind: "permission-denied"; file: string }
  | { kind: "cannot-read"; file: string; cause: string }
  | { kind: "is-a-directory"; file: string; hint: string }
  | { kind: "not-a-regular-file"; file: string; hint?: string }
  | { kind: "too-large"; file: string; bytes: number; hint: string }
  | { kind: "binary-file"; file: string; hint: string }
  | { kind: "unsupported-language"; file: string; hint: string }
  | { kind: "outside-workspace"; file: string; roots: readonly string[]; base: string }
  | { kind: "link-outside"; file: string; swapped: boolean } // a symlink out (`swapped`: one put there since the check)
  | { kind: "file-system"; what: string; cause: string; code: string } // a write the user's setup refused (fs-errors.ts)
  // Limits (core/parse/limits.ts): the parser's, without a path; the file's, with it.
  | { kind: "parse-limit"; reason: LimitReason }
  | { kind: "outline-limit"; file: string; reason: LimitReason; hint?: string }
  // Symbols.
  | { kind: "no-symbol"; name: string; file: string; suggestions: readonly string[] }
  | { kind: "ambiguous-symbol"; name: string; file: string; candidates: readonly { qualifiedName: string; startLine: number }[] }
  // Options.
  | { kind: "unknown-command"; name: string }
  | { kind: "unknown-format"; value: string; allowed: readonly string[] }
  | { kind: "bad-choice"; flag: string; value: string; allowed: readonly string[] }
  | { kind: "not-a-number"; flag: string; value: string; range: string }
  | { kind: "out-of-range"; flag: string; value: string; range: string }
  // Git.
  | { kind: "git-missing" }
  | { kind: "git-unstartable"; cause: string }
  | { kind: "git-failed"; what: string; reason: string }
  | { kind: "not-a-repository"; hint: string }
  | { kind: "empty-revision"; flag: string }
  | { kind: "dash-revision"; flag: string; rev: string }
  | { kind: "bad-revision"; rev: string } // a NUL or a line break
  | { kind: "unknown-revision"; flag: string; rev: string }
  | { kind: "unborn-revision"; flag: string } // the flag says HEAD, which has no commit yet
  | { kind: "no-commits" } // nothing named; HEAD has no commit yet
  | { kind: "head-not-a-commit"; flag: string }
  | { kind: "past-first-commit"; flag: string; rev: string; emptyTree?: string }
  | { kind: "no-merge-base"; a: string; b: string };

export type ProblemKind = Problem["kind"];
type ProblemOf<K extends ProblemKind> = Extract<Problem, { kind: K }>;

interface Said {
  message: string;
  hint?: string;
}

const said = (p: { message: string; hint?: string }): Said => ({ message: p.message, hint: p.hint });
const mustNameCommit = (flag: string) => `${flag} must name a commit in this repository`;

/** Each kind in words. */
const SAY: { [K in ProblemKind]: (p: ProblemOf<K>) => Said } = {
  usage: said,
  input: said,
  "not-found": said,
  internal: said,
  "no-such-file": (p) => ({ message: `no such file: ${p.file}`, hint: p.hint }),
  "no-such-path": (p) => ({ message: `no such file: ${p.file}`, hint: p.hint }),
  "permission-denied": (p) => ({ message: `permission denied: ${p.file}` }),
  "cannot-read": (p) => ({ message: `cannot read ${p.file}: ${p.cause}` }),
  "is-a-directory": (p) => ({ message: `${p.file} is a directory`, hint: p.hint }),
  "not-a-regular-file": (p) => ({ message: `${p.file} is not a regular file`, hint: p.hint }),
  "too-large": (p) => ({ message: `${p.file} is too large (${formatBytes(p.bytes)})`, hint: p.hint }),
  "binary-file": (p) => ({ message: `${p.file} is a binary file`, hint: p.hint }),
  "unsupported-language": (p) => ({ message: `unsupported language: ${p.file}`, hint: p.hint }),
  "outside-workspace": (p) => ({
    message: `refused: ${p.file} is outside the workspace`,
    hint: `paths must stay inside ${p.roots.join(", ")}; use paths relative to ${p.base}`,
  }),
  "link-outside": (p) => ({
    message: p.swapped ? `refused: ${p.file} became a symlink` : `refused: ${p.file} is a symlink that leads outside the workspace`,
    hint: "only files inside the workspace roots are read",
  }),
  "file-system": (p) => ({ message: `cannot ${p.what || "write"}: ${p.cause} (${p.code})` }),
  "parse-limit": (p) => ({ message: p.reason, hint: "`region` reads its lines" }),
  "outline-limit": (p) => ({ message: `${p.file}: ${p.reason}`, hint: p.hint }),
  "no-symbol": (p) => ({
    message: `no symbol \`${printable(p.name)}\` in ${p.file}`,
    hint: p.suggestions.length ? `did you mean: ${p.suggestions.map(quoteName).join(", ")}` : `the outline of ${p.file} lists its symbols`,
  }),
  "ambiguous-symbol": (p) => ({
    message: `\`${printable(p.name)}\` matches ${p.candidates.length} symbols in ${p.file}: ${p.candidates.map((c) => `${quoteName(c.qualifiedName)}@${c.startLine}`).join(", ")}`,
    hint: "name one by its qualified name",
  }),
  "unknown-command": (p) => ({ message: `unknown command: ${p.name}`, hint: "`ast-outline --help` lists the commands" }),
  "unknown-format": (p) => ({ message: `unknown format: ${p.value}`, hint: `use one of: ${p.allowed.join(", ")}` }),
  "bad-choice": (p) => ({ message: `${p.flag} takes one of: ${p.allowed.join(", ")}`, hint: `not ${JSON.stringify(p.value).slice(0, 60)}` }),
  "not-a-number": (p) => ({ message: `${p.flag}: not a number: ${p.value}`, hint: p.range }),
  "out-of-range": (p) => ({ message: `${p.flag}: out of range: ${p.value}`, hint: p.range }),
  "git-missing": () => ({ message: "git is not installed or not on PATH", hint: "this command reads the repository through git" }),
  "git-unstartable": (p) => ({ message: `cannot run git: ${p.cause}` }),
  "git-failed": (p) => ({ message: `git ${p.what} failed: ${p.reason}` }),
  "not-a-repository": (p) => ({ message: "not a git repository", hint: p.hint }),
  "empty-revision": (p) => ({ message: `${p.flag} is empty`, hint: "name a commit, branch or tag" }),
  "dash-revision": (p) => ({ message: `refusing revision starting with '-': ${p.rev}`, hint: `${p.flag} takes a commit, branch or tag` }),
  "bad-revision": (p) => ({ message: `bad revision: ${JSON.stringify(p.rev)}` }),
  "unknown-revision": (p) => ({ message: `unknown revision: ${p.rev}`, hint: mustNameCommit(p.flag) }),
  "unborn-revision": (p) => ({
    message: `${p.flag} HEAD: this repository has no commits yet`,
    hint: p.flag === "--base" ? "leave out --base: the first commit is then compared with the empty tree" : `give ${p.flag} a commit, or make the first commit`,
  }),
  "no-commits": () => ({ message: "this repository has no commits yet (HEAD does not exist)", hint: "make the first commit, or compare the index with `changed --staged`" }),
  "head-not-a-commit": (p) => ({ message: "HEAD names no commit", hint: `give ${p.flag} a commit` }),
  "past-first-commit": (p) => ({
    message: `${p.rev} goes back past the first commit (${p.flag})`,
    hint: p.emptyTree !== undefined ? `to compare with the state before the first commit, pass --base ${p.emptyTree} (git's empty tree)` : mustNameCommit(p.flag),
  }),
  "no-merge-base": (p) => ({
    message: `no merge base between ${p.a.slice(0, 12)} and ${p.b.slice(0, 12)}`,
    hint: "drop --merge-base, or fetch more history (e.g. `git fetch --unshallow`)",
  }),
};

const { usage: USAGE, notFound: NOT_FOUND, internal: INTERNAL } = EXIT;

/** Each kind's exit code: 1 nothing of that name, 2 usage or input, 3 internal. */
export const EXIT_CODE: { readonly [K in ProblemKind]: ExitCode } = {
  usage: USAGE,
  input: USAGE,
  "not-found": NOT_FOUND,
  internal: INTERNAL,
  "no-such-file": USAGE,
  "no-such-path": NOT_FOUND,
  "permission-denied": USAGE,
  "cannot-read": USAGE,
  "is-a-directory": USAGE,
  "not-a-regular-file": USAGE,
  "too-large": USAGE,
  "binary-file": USAGE,
  "unsupported-language": USAGE,
  "outside-workspace": USAGE,
  "link-outside": USAGE,
  "file-system": USAGE,
  "parse-limit": USAGE,
  "outline-limit": USAGE,
  "no-symbol": NOT_FOUND,
  "ambiguous-symbol": NOT_FOUND,
  "unknown-command": USAGE,
  "unknown-format": USAGE,
  "bad-choice": USAGE,
  "not-a-number": USAGE,
  "out-of-range": USAGE,
  "git-missing": USAGE,
  "git-unstartable": USAGE,
  "git-failed": USAGE,
  "not-a-repository": USAGE,
  "empty-revision": USAGE,
  "dash-revision": USAGE,
  "bad-revision": USAGE,
  "unknown-revision": USAGE,
  "unborn-revision": USAGE,
  "no-commits": USAGE,
  "head-not-a-commit": USAGE,
  "past-first-commit": USAGE,
  "no-merge-base": USAGE,
};

export class OutlineError extends Error {
  readonly problem: Problem;
  readonly hint?: string;
  constructor(problem: Problem) {
    const { message, hint } = (SAY[problem.kind] as (p: Problem) => Said)(problem);
    super(message);
    this.name = "OutlineError";
    this.problem = problem;
    this.hint = hint;
  }

  get exitCode(): ExitCode {
    return EXIT_CODE[this.problem.kind];
  }
}

/** The problem when `e` is an OutlineError of that kind, else undefined. */
export function problemOf<K extends ProblemKind>(e: unknown, kind: K): ProblemOf<K> | undefined {
  return e instanceof OutlineError && e.problem.kind === kind ? (e.problem as ProblemOf<K>) : undefined;
}

/** The error as its one line, without the `ast-outline: ` prefix: `<message> (<hint>)`. */
export function errorLine(e: OutlineError): string {
  return `${e.message}${e.hint ? ` (${e.hint})` : ""}`;
}

export const usageError = (message: string, hint?: string) => new OutlineError({ kind: "usage", message, hint });
export const inputError = (message: string, hint?: string) => new OutlineError({ kind: "input", message, hint });
export const notFoundError = (message: string, hint?: string) => new OutlineError({ kind: "not-found", message, hint });
