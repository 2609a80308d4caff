// `ast-outline digest [path]`: a one-page map of the repository or a folder, from the cache.
import { parseNameRow } from "../../core/cache/pack.ts";
import { renderDigest, type DigestFile, type DigestSymbol } from "../../core/digest/digest.ts";
import { inputError } from "../../core/errors.ts";
import { repoRelative } from "../../app/repo.ts";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseCount } from "../options.ts";
import { refreshRepo } from "./index-repo.ts";

export interface DigestOptions {
  maxTokens?: unknown;
  root?: string;
}

export async function digestCommand(path: string | undefined, options: DigestOptions, io: CliIO, env: Env): Promise<number> {
  const maxTokens = parseCount(options.maxTokens, "--max-tokens", 2000);
  // Digest reads only the symbol shards: the objects need no check.
  const r = await refreshRepo(env, options, io, false, false);
  let prefix = "";
  if (path !== undefined) {
    const rel = repoRelative(r.repo, env.cwd, path);
    if (rel === undefined) throw inputError(`${path} is outside the repository at ${r.repo.root}`);
    prefix = rel;
  }
  const wanted = [...r.keys].filter(([p]) => !prefix || p === prefix || p.startsWith(`${prefix}/`));
  // The names files hold all a digest shows (kind, name, depth, line count) in under half the shards' bytes.
  const names = r.loadNames(wanted.map(([, key]) => key));
  const files: DigestFile[] = [];
  for (const [p, key] of wanted) {
    const obj = names.get(key);
    if (!obj) continue;
    const symbols: DigestSymbol[] = [];
    if (obj.rows) for (const line of obj.rows.split("\n")) {
      const row = parseNameRow(line);
      if (row) symbols.push(row);
    }
    files.push({ path: p, lineCount: obj.lineCount, symbols });
  }
  if (!files.length) throw inputError(`no source files under ${path ?? r.repo.root}`, "`ast-outline languages` lists what is outlined");
  io.out(renderDigest(files, maxTokens).text);
  return EXIT_OK;
}
