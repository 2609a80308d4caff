// `ast-outline index`: build or refresh .ast_outline_cache/ for the whole repository.
import { refreshRepo, type RepoIndex, type RepoIndexOptions } from "../../app/index/index.ts";
import { toJson } from "../../core/text/quote.ts";
import type { Env } from "../../io/env.ts";
import { parseSize } from "../../io/files.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseCount, parseFormat } from "../options.ts";

export interface IndexOptions {
  root?: string;
  maxSize?: unknown;
  threads?: unknown;
  format?: string;
}

export async function indexCommand(options: IndexOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json"]);
  const started = env.now();
  const r = await openIndex(env, options, io, { isIndex: true });
  const seconds = (env.now() - started) / 1000;
  if (format === "json") {
    io.out(toJson({
      root: r.repo.root, seen: r.seen, parsed: r.parsed, reused: r.reused, skipped: r.skipped.length, failed: r.failed.length,
      threads: r.threads, seconds: Number(seconds.toFixed(3)), cached: !r.store.unwritable,
    }) + "\n");
  } else {
    io.out(`indexed ${r.seen} files in ${seconds.toFixed(2)} s: ${r.parsed} parsed, ${r.reused} reused, ${r.skipped.length} skipped${r.failed.length ? `, ${r.failed.length} failed` : ""} (${r.threads} thread${r.threads === 1 ? "" : "s"})\n`);
  }
  return EXIT_OK;
}

/**
 * The repository index for `index`, `search` and `digest` (app/index/repo-index.ts), its notes and
 * warnings on stderr, progress on a terminal. For `index`, a cache that could not be written is
 * an input error (exit 2), raised after the notes.
 */
export async function openIndex(
  env: Env, options: { root?: string; maxSize?: unknown; threads?: unknown }, io: CliIO, opts: Pick<RepoIndexOptions, "isIndex" | "verifyObjects">,
): Promise<RepoIndex> {
  let lastDraw = 0;
  // io.isTTY is read only once there is something to show (a warm run never sets up stderr).
  const progress = io.progress
    ? (done: number, total: number) => {
        if (!io.isTTY) return;
        const now = env.now();
        if (now - lastDraw < 100 && done < total) return;
        lastDraw = now;
        io.progress!(done < total ? `parsing ${done}/${total}` : "");
      }
    : undefined;
  const r = await refreshRepo(env, {
    ...opts,
    root: options.root === undefined ? undefined : String(options.root),
    maxBytes: options.maxSize === undefined ? undefined : parseSize(options.maxSize),
    threads: options.threads === undefined ? undefined : Math.max(1, parseCount(options.threads, "--threads", 1, 256)),
    progress,
  });
  for (const n of r.notes) io.note(n);
  if (r.writeFailure) throw r.writeFailure;
  for (const w of r.warnings) io.note(`warning: ${w}`);
  return r;
}
