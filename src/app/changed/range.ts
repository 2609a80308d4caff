// `changed A..B` and `changed A...B`, read as `git diff` reads them: A..B compares A with B;
// A...B compares the merge base of A and B with B (what a pull request shows); a side left
// out is HEAD; one revision alone compares it with the work tree.
import { usageError } from "../../core/errors.ts";

export interface ChangeRange {
  base?: string;
  head?: string;
  mergeBase: boolean;
}

export function parseRange(range: string): ChangeRange {
  const at = range.indexOf("..");
  if (at < 0) return { base: range, mergeBase: false };
  const three = range.startsWith("...", at);
  const base = range.slice(0, at);
  const head = range.slice(at + (three ? 3 : 2));
  if (!base && !head) throw usageError(`no revision in ${range}`, "e.g. main...HEAD (what a pull request shows) or HEAD~3..HEAD");
  if (head.includes("..")) throw usageError(`one range at a time: ${range}`, "e.g. main...HEAD");
  return { base: base || "HEAD", head: head || "HEAD", mergeBase: three };
}
