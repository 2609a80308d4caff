// The pattern of `search --text`: a JavaScript regular expression (ECMAScript syntax, without
// the `u` flag), or a literal string (`--fixed-strings`, or a pattern with no regex syntax in
// it), matched against one line at a time. Whoever finds candidate lines (git grep, a scan), this
// regex has the last word on each line.
import { usageError } from "../errors.ts";

export interface TextPattern {
  /** As the user wrote it. */
  source: string;
  /** Matched as a literal string (no regex syntax in it, or asked for). */
  literal: boolean;
  ignoreCase: boolean;
  /** Tests one line (no `g`, no `m`: `^` and `$` are the line's ends). */
  line: RegExp;
  /** Tests a whole file at once, a cheap filter before its lines are split (`m`: `^` and `$` at every line). */
  file: RegExp;
}

const REGEX_SYNTAX = /[\\^$.|?*+()[\]{}]/;

export function textPattern(source: string, opts: { fixed?: boolean; ignoreCase?: boolean } = {}): TextPattern {
  if (!source) throw usageError("empty search pattern", "give a string or a regular expression");
  if (/[\n\r\0]/.test(source)) throw usageError("the pattern holds a line break or NUL", "lines are matched one at a time");
  const literal = !!opts.fixed || !REGEX_SYNTAX.test(source);
  const body = literal ? source.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&") : source;
  const flags = opts.ignoreCase ? "i" : "";
  try {
    return { source, literal, ignoreCase: !!opts.ignoreCase, line: new RegExp(body, flags), file: new RegExp(body, `${flags}m`) };
  } catch (e) {
    throw usageError(`invalid regular expression: ${(e as Error).message}`, "patterns are JavaScript regular expressions; --fixed-strings searches for the text as written");
  }
}

/** Where the pattern first matches in a line (1-based column), or undefined. */
export function matchColumn(p: TextPattern, line: string): number | undefined {
  const m = p.line.exec(line);
  return m ? m.index + 1 : undefined;
}
