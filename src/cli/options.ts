// Validating option values the same way in every command.
import { EXIT, OutlineError, usageError } from "../core/errors.ts";
import { cutText, printable } from "../core/text/quote.ts";

export const EXIT_OK = EXIT.ok;
export const EXIT_NOT_FOUND = EXIT.notFound;
export const EXIT_INPUT = EXIT.usage;

export function parseFormat<T extends string>(value: unknown, allowed: readonly T[]): T {
  const v = value === undefined ? allowed[0] : String(value);
  if (!(allowed as readonly string[]).includes(v)) throw new OutlineError({ kind: "unknown-format", value: v, allowed });
  return v as T;
}

/** One of `allowed`, or a usage error naming the flag. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], flag: string): T {
  const v = String(value);
  if (!(allowed as readonly string[]).includes(v)) throw new OutlineError({ kind: "bad-choice", flag, value: v, allowed });
  return v as T;
}

/** A value as given, for a message: cut and escaped (it is the user's, of any length). */
const shown = (value: unknown) => printable(cutText(String(value), 80)) || '""';

/** A whole number from `min` to `max`, in digits (no fraction, exponent, hex or blank). */
export function parseCount(value: unknown, flag: string, fallback: number, max = Number.MAX_SAFE_INTEGER, min = 0): number {
  if (value === undefined) return fallback;
  const range = `a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? " up" : ` to ${max}`}`;
  const n = wholeNumber(value);
  if (n === undefined) throw new OutlineError({ kind: "not-a-number", flag, value: shown(value), range });
  if (n < min || n > max || !Number.isSafeInteger(n)) throw new OutlineError({ kind: "out-of-range", flag, value: shown(value), range });
  return n;
}

export function parseLine(value: unknown, what: string): number {
  const n = wholeNumber(value);
  if (n === undefined || n < 1 || !Number.isSafeInteger(n)) throw usageError(`${what} must be a line number (1 or more), not ${shown(value)}`);
  return n;
}

/** A whole number written in decimal digits, a sign allowed (so -1 is out of range, not "not a number"); else undefined. */
function wholeNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isInteger(value) ? value : undefined;
  const s = String(value).trim();
  return /^[+-]?\d+$/.test(s) ? Number(s) : undefined;
}

/** The change `--base`, `--head`, `--staged`, `--merge-base` name (cac turns `--base 123` into a number: revisions are strings). */
export function changeRange(options: { base?: unknown; head?: unknown; staged?: boolean; mergeBase?: boolean }) {
  return {
    base: options.base === undefined ? undefined : String(options.base),
    head: options.head === undefined ? undefined : String(options.head),
    staged: Boolean(options.staged),
    mergeBase: Boolean(options.mergeBase),
  };
}
