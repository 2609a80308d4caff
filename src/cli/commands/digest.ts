// `ast-outline digest [path]`: a one-page map of the repository or a folder, from its index:
// the flat map when it fits whole, else definitions ranked by references (`--focus` centres it).
import { digest, gitHistory } from "../../app/digest/index.ts";
import { repoRelative } from "../../app/index/index.ts";
import { QUESTIONS } from "../../app/questions.ts";
import { inputError, usageError } from "../../core/errors.ts";
import type { Env } from "../../io/env.ts";
import { renderDigestAnswer, renderDigestJson, flatDigestFits } from "../../render/digest/index.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK } from "../options.ts";
import { readOptions } from "../values.ts";
import { openIndex } from "./index-repo.ts";

export async function digestCommand(path: string | undefined, raw: Record<string, unknown>, io: CliIO, env: Env): Promise<number> {
  const options = readOptions(QUESTIONS.digest, raw);
  const maxTokens = options.maxTokens;
  // Digest reads the names and refs files, and objects only for the headers it shows: the objects need no check.
  const r = await openIndex(env, { root: options.root }, io, { isIndex: false, verifyObjects: false });
  let prefix = "";
  if (path !== undefined) {
    const rel = repoRelative(r.repo, env.cwd, path);
    if (rel === undefined) throw inputError(`${path} is outside the repository at ${r.repo.root}`);
    prefix = rel;
  }
  // A focus is a path (from the current folder) when one of the index's files is it or lies under it, else a name.
  const paths = [...r.keys.keys()];
  const focus = options.focus.map((f) => {
    const rel = repoRelative(r.repo, env.cwd, f);
    return rel !== undefined && paths.some((p) => p === rel || p.startsWith(`${rel}/`) || rel === "") ? rel : f;
  });
  if (options.flat && focus.length) throw usageError("--flat and --focus do not go together", "a focus ranks the map");
  const answer = await digest(r, {
    keep: (p) => !prefix || p === prefix || p.startsWith(`${prefix}/`),
    focus,
    maxTokens,
    history: gitHistory(env, r.repo.root),
    flatFits: (files) => options.flat === true || flatDigestFits(files, maxTokens),
  });
  if (!answer) throw inputError(`no source files under ${path ?? r.repo.root}`, "`ast-outline languages` lists what is outlined");
  io.out(options.format === "json" ? renderDigestJson(answer, maxTokens) : renderDigestAnswer(answer, maxTokens));
  return EXIT_OK;
}
