import { appendFileSync } from "node:fs";
import { resolve } from "node:path";
import { computeChanges, readChangedSides, changesWithImpact, parseRange } from "../../app/changed/index.ts";
import { QUESTIONS } from "../../app/questions.ts";
import { inputError, usageError } from "../../core/errors.ts";
import { DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { CHANGED_RENDERERS, failsOn, sourceLinks, type MarkdownOptions } from "../../render/changed/index.ts";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_NOT_FOUND, EXIT_OK } from "../options.ts";
import { readOptions } from "../values.ts";

export async function changedCommand(range: string | undefined, raw: Record<string, unknown>, io: CliIO, env: Env): Promise<number> {
  const options = readOptions(QUESTIONS.changed, raw);
  const maxBytes = options.maxSize ?? DEFAULT_MAX_BYTES;
  const revisions = range === undefined ? options : { ...options, ...rangeInstead(range, options) };
  const pathspec = (raw["--"] as string[] | undefined) ?? [];
  const changes = await computeChanges({
    env, base: revisions.base, head: revisions.head, staged: options.staged, mergeBase: revisions.mergeBase, maxBytes,
    pathspec: pathspec.length ? pathspec : undefined,
  });
  const set = options.impact ? await changesWithImpact(env, changes, { maxBytes }) : changes;

  const rendered = await CHANGED_RENDERERS[options.format](set, {
    level: options.level,
    markdown: () => ({ links: linksFromEnv(env, io) }),
    sides: () => readChangedSides(env, set, maxBytes),
  });
  io.out(rendered.out);
  for (const n of rendered.notes ?? []) io.note(n);
  if (rendered.summary !== undefined) {
    const target = env.vars.GITHUB_STEP_SUMMARY;
    if (target) {
      try {
        appendFileSync(resolve(env.cwd, target), rendered.summary + "\n");
      } catch (e) {
        throw inputError(`cannot write the job summary to ${target}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      }
    } else io.out(rendered.summary);
  }

  const changedSymbols = set.files.some((f) => f.symbols.length > 0);
  return (options.exitCode && changedSymbols) || failsOn(set, options.failOn) ? EXIT_NOT_FOUND : EXIT_OK;
}

/** A range given as an argument, instead of --base, --head and --merge-base (not beside them). */
function rangeInstead(range: string, options: { base?: string; head?: string; mergeBase: boolean }) {
  const given = options.base !== undefined ? "--base" : options.head !== undefined ? "--head" : options.mergeBase ? "--merge-base" : undefined;
  if (given) throw usageError(`${given} does not go with a range (${range})`, "give one or the other: `changed main...HEAD` is `changed --base main --head HEAD --merge-base`");
  return parseRange(range);
}

/**
 * Links in the Markdown to the files at the compared commits, when the caller (the GitHub
 * Action, a CI script) says where the repository is: AST_OUTLINE_REPO_URL, AST_OUTLINE_HEAD_SHA,
 * AST_OUTLINE_BASE_SHA, all three or none. A value that is not a safe https URL or a full commit
 * id means no links, with a note; the renderer itself reads no environment.
 */
function linksFromEnv(env: Env, io: CliIO): MarkdownOptions["links"] {
  const { AST_OUTLINE_REPO_URL: url, AST_OUTLINE_HEAD_SHA: head, AST_OUTLINE_BASE_SHA: base } = env.vars;
  if (!url && !head && !base) return undefined;
  if (!url || !head || !base) {
    io.note("no links in the Markdown: AST_OUTLINE_REPO_URL, AST_OUTLINE_HEAD_SHA and AST_OUTLINE_BASE_SHA are needed together");
    return undefined;
  }
  const links = sourceLinks(url, head, base);
  if (typeof links === "string") {
    io.note(`no links in the Markdown: ${links}`);
    return undefined;
  }
  return links;
}
