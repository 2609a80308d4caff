// A file named on the command line, read through the repository's gate (calls, context,
// symbol --skeleton). The gate says a path it cannot find is not found (exit 1), as MCP answers
// it; here the user typed it, so a missing one is an input error (exit 2), as `outline` says it.
import type { ParsedFile, RepoSymbols } from "../app/repo-symbols.ts";
import { OutlineError } from "../core/errors.ts";
import { MISSING_FILE_HINT } from "../io/files.ts";

export async function parsedNamedFile(repo: RepoSymbols, path: string): Promise<ParsedFile> {
  try {
    return await repo.parsed(path);
  } catch (e) {
    if (e instanceof OutlineError && e.problem.kind === "no-such-path") throw new OutlineError({ kind: "no-such-file", file: e.problem.file, hint: MISSING_FILE_HINT });
    throw e;
  }
}
