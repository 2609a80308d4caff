// `ast-outline digest [path]`: a one-page map of the repository or a folder, from its index.
import { digestFiles } from "../../app/digest.ts";
import { repoRelative } from "../../app/repo.ts";
import { inputError } from "../../core/errors.ts";
import type { Env } from "../../io/env.ts";
import { renderDigest } from "../../render/digest-text.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseCount } from "../options.ts";
import { openIndex } from "./index-repo.ts";

export interface DigestOptions {
  maxTokens?: unknown;
  root?: string;
}

export async function digestCommand(path: string | undefined, options: DigestOptions, io: CliIO, env: Env): Promise<number> {
  const maxTokens = parseCount(options.maxTokens, "--max-tokens", 2000);
  // Digest reads only the names files: the objects need no check.
  const r = await openIndex(env, options, io, { isIndex: false, verifyObjects: false });
  let prefix = "";
  if (path !== undefined) {
    const rel = repoRelative(r.repo, env.cwd, path);
    if (rel === undefined) throw inputError(`${path} is outside the repository at ${r.repo.root}`);
    prefix = rel;
  }
  const files = digestFiles(r, (p) => !prefix || p === prefix || p.startsWith(`${prefix}/`));
  if (!files.length) throw inputError(`no source files under ${path ?? r.repo.root}`, "`ast-outline languages` lists what is outlined");
  io.out(renderDigest(files, maxTokens).text);
  return EXIT_OK;
}
