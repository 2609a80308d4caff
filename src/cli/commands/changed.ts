import { appendFileSync } from "node:fs";
import { resolve } from "node:path";
import { computeChanges } from "../../app/changed.ts";
import { inputError } from "../../core/errors.ts";
import { parseSize, DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { renderChangedGithub } from "../../render/changed-github.ts";
import { renderChangedJson } from "../../render/changed-json.ts";
import { renderChangedMarkdown } from "../../render/changed-markdown.ts";
import { renderChangedText } from "../../render/changed-text.ts";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_NOT_FOUND, EXIT_OK, parseFormat } from "../options.ts";

export interface ChangedCommandOptions {
  base?: unknown;
  head?: unknown;
  staged?: boolean;
  mergeBase?: boolean;
  format?: string;
  exitCode?: boolean;
  maxSize?: unknown;
}

export async function changedCommand(options: ChangedCommandOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json", "markdown", "github"]);
  const set = await computeChanges({
    env,
    // cac turns `--base 123` into a number: revisions are strings.
    base: options.base === undefined ? undefined : String(options.base),
    head: options.head === undefined ? undefined : String(options.head),
    staged: Boolean(options.staged),
    mergeBase: Boolean(options.mergeBase),
    maxBytes: options.maxSize === undefined ? DEFAULT_MAX_BYTES : parseSize(options.maxSize),
  });

  if (format === "json") io.out(renderChangedJson(set));
  else if (format === "markdown") io.out(renderChangedMarkdown(set));
  else if (format === "github") {
    const { summary, annotations } = renderChangedGithub(set);
    io.out(annotations);
    const target = env.vars.GITHUB_STEP_SUMMARY;
    if (target) {
      try {
        appendFileSync(resolve(env.cwd, target), summary + "\n");
      } catch (e) {
        throw inputError(`cannot write the job summary to ${target}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      }
    } else io.out(summary);
  } else io.out(renderChangedText(set));

  const changedSymbols = set.files.some((f) => f.symbols.length > 0);
  return options.exitCode && changedSymbols ? EXIT_NOT_FOUND : EXIT_OK;
}
