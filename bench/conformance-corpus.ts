// The conformance bench's corpus: public projects pinned by commit (bench/conformance-corpus.json),
// extracted from the fetched mirrors into a data folder outside the repo, and the files of
// each language taken from them.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { detectLanguage } from "../src/core/languages/detect.ts";
import { looksBinary } from "../src/io/files.ts";
import { walkFiles } from "./lib.ts";

export interface Project {
  repo: string;
  commit: string;
  languages: string[];
  include?: string[];
  exclude?: string;
  /** A file of the project listing the paths to take, one a line, relative to its folder (toml-test's files-toml-1.0.0). */
  listedIn?: string;
  maxFiles?: number;
}

export const DEFAULT_MAX_FILES = 400;
const MIRRORS = "/work/.mirror";
const HEAD_BYTES = 64 * 1024;

export function loadCorpus(path = join(import.meta.dir, "conformance-corpus.json")): Project[] {
  return JSON.parse(readFileSync(path, "utf8")).projects;
}

export function checkoutDir(data: string, p: Project): string {
  return join(data, "conformance", `${p.repo.replace("/", "+")}@${p.commit.slice(0, 12)}`);
}

/**
 * The project's files at its commit, extracted once from the fetched mirror (`git archive`).
 * Returns the folder, or why it is not there (the mirror is missing or lacks the commit).
 */
export function prepare(data: string, p: Project): { dir: string } | { missing: string } {
  const dir = checkoutDir(data, p);
  if (existsSync(dir)) return { dir };
  const mirror = join(MIRRORS, p.repo.replace("/", "+"), "repo");
  if (!existsSync(mirror)) return { missing: `fetch github:${p.repo} (no mirror at ${mirror})` };
  const has = spawnSync("git", ["-C", mirror, "cat-file", "-e", `${p.commit}^{commit}`]);
  if (has.status !== 0) return { missing: `the mirror of ${p.repo} lacks commit ${p.commit} (fetch it again)` };
  const part = `${dir}.part`;
  rmSync(part, { recursive: true, force: true });
  mkdirSync(part, { recursive: true });
  // A snapshot lacks its largest blobs: leave those files out of the archive.
  const absent = missingBlobs(mirror, p.commit).map((path) => `:(exclude,literal)${path}`);
  const r = spawnSync("sh", ["-c", `m=$0 c=$1 d=$2; shift 2; git -C "$m" archive --format=tar "$c" -- . "$@" | tar -x -C "$d"`, mirror, p.commit, part, ...absent], { stdio: ["ignore", "ignore", "pipe"] });
  if (r.status !== 0) {
    rmSync(part, { recursive: true, force: true });
    return { missing: `git archive of ${p.repo} failed: ${r.stderr.toString().trim()}` };
  }
  renameSync(part, dir);
  return { dir };
}

/** Paths of the commit's files whose content the mirror does not hold. */
function missingBlobs(mirror: string, commit: string): string[] {
  const tree = spawnSync("git", ["-C", mirror, "ls-tree", "-r", "-z", commit], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const blobs = tree.stdout.split("\0").filter(Boolean).map((e) => e.match(/^\d+ blob ([0-9a-f]+)\t(.*)$/s)).filter((m) => m !== null);
  const check = spawnSync("git", ["-C", mirror, "cat-file", "--batch-check=%(objectname)"], {
    input: blobs.map((m) => m![1]).join("\n") + "\n", encoding: "utf8", maxBuffer: 256 * 1024 * 1024,
  });
  const missing = new Set(check.stdout.split("\n").filter((l) => l.endsWith(" missing")).map((l) => l.split(" ")[0]));
  return blobs.filter((m) => missing.has(m![1])).map((m) => m![2]);
}

/** The bench's language of a file: the outline's own decision, with bash files ending `.zsh` apart. */
export function benchLanguage(path: string, head: Uint8Array): string | undefined {
  const spec = detectLanguage(path, head);
  if (!spec) return undefined;
  return spec.id === "bash" && path.endsWith(".zsh") ? "zsh" : spec.id;
}

/** Files of `language` in the project, spread evenly over the sorted list when over the cap. */
export function projectFiles(dir: string, p: Project, language: string): string[] {
  const exclude = p.exclude ? new RegExp(p.exclude) : undefined;
  const listed = p.listedIn ? listedPaths(dir, p.listedIn) : undefined;
  const included = (rel: string) => !p.include || p.include.some((i) => rel.startsWith(i) || i.startsWith(`${rel}/`));
  // Hidden folders are walked only where `include` names them (`.github/`).
  const hidden = (rel: string) => rel.split("/").pop()!.startsWith(".") && !p.include?.some((i) => i.startsWith(`${rel}/`) || rel.startsWith(i));
  const all = walkFiles(dir, () => true, (rel) => hidden(rel) || rel.endsWith("node_modules") || !included(rel))
    .filter((f) => {
      const rel = relative(dir, f);
      return included(rel) && !exclude?.test(`/${rel}`) && (!listed || listed.has(rel));
    })
    .filter((f) => {
      const head = readHead(f);
      return benchLanguage(f, head) === language && !looksBinary(head);
    });
  return spread(all, p.maxFiles ?? DEFAULT_MAX_FILES);
}

/** The project paths a list file names (each relative to the list file's folder). */
function listedPaths(dir: string, list: string): Set<string> {
  const base = list.includes("/") ? list.slice(0, list.lastIndexOf("/") + 1) : "";
  return new Set(readFileSync(join(dir, list), "utf8").split("\n").map((l) => l.trim()).filter(Boolean).map((l) => base + l));
}

/** At most `max` items, evenly spaced, first one included. */
export function spread<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  return items.filter((_, i) => Math.floor((i * max) / items.length) !== Math.floor(((i - 1) * max) / items.length));
}

function readHead(path: string): Uint8Array {
  const fd = openSync(path, "r");
  try {
    const buf = new Uint8Array(HEAD_BYTES);
    return buf.subarray(0, readSync(fd, buf, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}
