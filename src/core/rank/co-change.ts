// The files that changed together with the focus in the commits before now: what a change to
// the focus tends to touch besides, also where no reference links them (a version string and the
// packaging file, a module and its tests, two handlers of one feature). Pure: the file lists of
// the newest commits in (app/digest/digest.ts asks git for them, bounded by CO_CHANGE_COMMITS), weights out.
import { focusTest } from "./rank.ts";

/** How many of the newest commits are looked at. */
export const CO_CHANGE_COMMITS = 300;
/** A commit touching more files than this (a sweep, a reformat, a vendored import) says little about which files belong together. */
const WIDE_COMMIT = 30;

/**
 * Per file (not in the focus), how strongly it changed together with the focus paths: each
 * commit that touched a focus path and at most WIDE_COMMIT files gives each of its other files
 * 1 / the number of its other files. Empty when nothing did.
 */
export function coChanged(commits: string[][], focus: string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (!focus.length) return out;
  const tests = focus.map(focusTest);
  const inside = (path: string) => tests.some((t) => t(path));
  for (const files of commits.slice(0, CO_CHANGE_COMMITS)) {
    if (files.length > WIDE_COMMIT || !files.some(inside)) continue;
    const others = [...new Set(files.filter((f) => !inside(f)))];
    for (const f of others) out.set(f, (out.get(f) ?? 0) + 1 / others.length);
  }
  return out;
}
