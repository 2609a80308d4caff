// Validating option values the same way in every command.
import { EXIT, usageError } from "../core/errors.ts";

export const EXIT_OK = EXIT.ok;
export const EXIT_NOT_FOUND = EXIT.notFound;
export const EXIT_INPUT = EXIT.usage;

export function parseFormat<T extends string>(value: unknown, allowed: readonly T[]): T {
  const v = value === undefined ? allowed[0] : String(value);
  if (!(allowed as readonly string[]).includes(v)) throw usageError(`unknown format: ${v}`, `use one of: ${allowed.join(", ")}`);
  return v as T;
}

export function parseCount(value: unknown, flag: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const n = typeof value === "number" ? value : Number(String(value));
  if (!Number.isInteger(n) || n < 0 || n > max) throw usageError(`${flag} takes a whole number from 0 to ${max === Number.MAX_SAFE_INTEGER ? "up" : max}, not ${String(value)}`);
  return n;
}

export function parseLine(value: unknown, what: string): number {
  const n = typeof value === "number" ? value : Number(String(value));
  if (!Number.isInteger(n) || n < 1) throw usageError(`${what} must be a line number (1 or more), not ${String(value)}`);
  return n;
}
