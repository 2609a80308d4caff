// `ast-outline index`: build or refresh .ast_outline_cache/ for the whole repository.
import { join } from "node:path";
import { CACHE_DIR } from "../../core/cache/format.ts";
import { refreshCache, type RefreshResult } from "../../app/refresh-cache.ts";
import { ensureExcluded, findRepo, type Repo } from "../../app/repo.ts";
import { listFilesFast } from "../../app/listing-snapshot.ts";
import { engineId } from "../../app/engine.ts";
import { inputError } from "../../core/errors.ts";
import { checkCache } from "../../io/cache-trust.ts";
import { nodeProbe } from "../../io/node-probe.ts";
import { hasCache } from "../../io/work-tree.ts";
import { DEFAULT_MAX_BYTES, parseSize } from "../../io/files.ts";
import { quotePath, toJson } from "../../core/text/quote.ts";
import type { Env } from "../../io/env.ts";
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
  const r = await refreshRepo(env, options, io, true);
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
 * Refresh the cache of the repo around cwd (or --root), reporting failures and warnings on
 * stderr. For `index` (`isIndex`), whose one job is the cache, skips are reported too, and a
 * cache that must not be used (cache-trust.ts) or could not be written is an input error (exit 2);
 * `search` and `digest` answer without it, after a warning.
 */
export async function refreshRepo(env: Env, options: { root?: string; maxSize?: unknown; threads?: unknown }, io: CliIO, isIndex: boolean, verifyObjects = true): Promise<RefreshResult & { repo: Repo }> {
  const repo = findRepo(env, options.root);
  const maxBytes = options.maxSize === undefined ? DEFAULT_MAX_BYTES : parseSize(options.maxSize);
  const threads = options.threads === undefined ? undefined : Math.max(1, parseCount(options.threads, "--threads", 1, 256));
  // Once the cache exists it was excluded when it was made: spare the warm run a git call.
  if (!hasCache(repo.root, nodeProbe)) ensureExcluded(env, repo);
  // Checked before the listing starts: a git listing then also says whether git tracks the cache.
  const check = checkCache(env, repo.root, engineId(), repo.gitTop ?? null);
  if (isIndex && check.problem) throw inputError(`not writing ${CACHE_DIR}: ${check.problem}`);
  const paths = listFilesFast(env, repo, engineId(), check);
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
  const r = await refreshCache({ env, root: repo.root, paths, prune: true, maxBytes, threads, progress, verifyObjects, check, distrusted: isIndex ? "refuse" : "warn" });
  if (r.distrustNote) io.note(r.distrustNote);
  if (isIndex) for (const s of r.skipped) io.note(`skipped ${quotePath(s.path)}: ${s.reason}`);
  for (const f of r.failed) io.note(`could not outline ${quotePath(f.path)}: ${f.error}`);
  if (isIndex && !r.stored) {
    throw inputError(`could not write the cache: ${r.store.unwritable ?? "unknown error"}`, `the cache was not updated; check the permissions of ${join(repo.root, CACHE_DIR)} and the free space`);
  }
  for (const w of r.warnings) io.note(`warning: ${w}`);
  return { ...r, repo };
}
