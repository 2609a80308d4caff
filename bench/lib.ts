// Small helpers shared by the benchmarks.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { main } from "../src/cli/main.ts";
import { captureIO } from "../src/cli/io.ts";
import { processEnv } from "../src/io/env.ts";
import type { FileOutline } from "../src/core/types.ts";

/**
 * What a user gets from `outline <file> --format json` with default options, through the CLI's
 * own code path (option defaults and the JSON renderer included), so a conformance figure is
 * the figure of the output people read.
 */
export async function userJsonOutline(path: string): Promise<FileOutline> {
  const io = captureIO();
  const code = await main(["outline", path, "--format", "json", "--max-size", "64M"], io, processEnv({ warn: io.note }));
  if (code !== 0) throw new Error(`outline ${path} exited ${code}: ${io.stderr()}`);
  return JSON.parse(io.stdout()) as FileOutline;
}

/** Files under `dir` (recursive, sorted) whose names pass `keep`; `skip` prunes directories. */
export function walkFiles(dir: string, keep: (name: string) => boolean, skip: (rel: string) => boolean = () => false, rel = ""): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!skip(r)) out.push(...walkFiles(dir, keep, skip, r));
    } else if (e.isFile() && keep(e.name)) out.push(join(dir, r));
  }
  return out;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

/** The files of a tree, relative: git's list where it is a repository (what `index` reads), else a walk. */
export function treeFiles(tree: string): string[] {
  const git = spawnSync("git", ["-C", tree, "ls-files", "-z"], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (git.status === 0 && git.stdout) return git.stdout.split("\0").filter(Boolean);
  return walkFiles(tree, () => true, (rel) => rel.endsWith(".git") || rel.includes("node_modules")).map((f) => f.slice(tree.length + 1));
}
