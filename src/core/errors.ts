// Typed errors. An expected error carries a kind (which decides the exit code), a one-line
// message and a hint; the CLI prints `ast-outline: <message> (<hint>)` and no stack trace.

export const EXIT = {
  ok: 0,
  notFound: 1,
  usage: 2,
  internal: 3,
} as const;

export type ErrorKind =
  | "usage"          // bad flag or argument
  | "input"          // missing file, unreadable file, bad revision, unsupported input
  | "not-found"      // symbol not found / ambiguous
  | "internal";

export class OutlineError extends Error {
  readonly kind: ErrorKind;
  readonly hint?: string;
  constructor(kind: ErrorKind, message: string, hint?: string) {
    super(message);
    this.name = "OutlineError";
    this.kind = kind;
    this.hint = hint;
  }
}

export function exitCodeFor(kind: ErrorKind): number {
  switch (kind) {
    case "usage":
    case "input":
      return EXIT.usage;
    case "not-found":
      return EXIT.notFound;
    default:
      return EXIT.internal;
  }
}

export const usageError = (message: string, hint?: string) => new OutlineError("usage", message, hint);
export const inputError = (message: string, hint?: string) => new OutlineError("input", message, hint);
