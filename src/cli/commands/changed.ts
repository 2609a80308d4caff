import { appendFileSync } from "node:fs";
import { resolve } from "node:path";
import { computeChanges, readChangedSides, changesWithImpact } from "../../app/changed/index.ts";
import { inputError, usageError } from "../../core/errors.ts";
import { parseSize, DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { quotePath } from "../../core/text/quote.ts";
import { FAIL_ON, failsOn, LEVELS, type FailOn, type Level, renderChangedGithub, renderChangedJson, renderChangedMarkdown, type MarkdownOptions, sourceLinks, renderChangedPatch, renderChangedRdjson, renderChangedSarif, removalSites, renderChangedText } from "../../render/changed/index.ts";
import type { ChangeSet, SymbolChange } from "../../core/diff/types.ts";
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
  failOn?: unknown;
  level?: unknown;
  maxSize?: unknown;
  impact?: boolean;
}

export const CHANGED_FORMATS = ["text", "json", "markdown", "github", "sarif", "rdjson", "patch"] as const;

function oneOf<T extends string>(value: unknown, allowed: readonly T[], flag: string): T {
  const v = String(value);
  if (!(allowed as readonly string[]).includes(v)) throw usageError(`${flag} takes one of: ${allowed.join(", ")}`, `not ${JSON.stringify(v).slice(0, 60)}`);
  return v as T;
}

export async function changedCommand(options: ChangedCommandOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, CHANGED_FORMATS);
  const level: Level = options.level === undefined ? "note" : oneOf(options.level, LEVELS, "--level");
  const failOn: FailOn = options.failOn === undefined ? "none" : oneOf(options.failOn, FAIL_ON, "--fail-on");
  const maxBytes = options.maxSize === undefined ? DEFAULT_MAX_BYTES : parseSize(options.maxSize);
  const changes = await computeChanges({
    env,
    // cac turns `--base 123` into a number: revisions are strings.
    base: options.base === undefined ? undefined : String(options.base),
    head: options.head === undefined ? undefined : String(options.head),
    staged: Boolean(options.staged),
    mergeBase: Boolean(options.mergeBase),
    maxBytes,
  });
  const set = options.impact ? await changesWithImpact(env, changes, { maxBytes }) : changes;

  const markdown: MarkdownOptions = format === "markdown" || format === "github" ? { links: linksFromEnv(env, io) } : {};
  if (format === "json") io.out(renderChangedJson(set));
  else if (format === "markdown") io.out(renderChangedMarkdown(set, markdown));
  else if (format === "sarif") io.out(renderChangedSarif(set, level, { removedAt: await removedInHead(env, set, maxBytes) }));
  else if (format === "rdjson") {
    io.out(renderChangedRdjson(set, level, await removedInHead(env, set, maxBytes)));
    // rdjson has no place for files without symbols (reviewdog would post a comment on each): one note names them.
    const skipped = set.files.filter((f) => f.skipped);
    if (skipped.length) {
      const shown = skipped.slice(0, 5).map((f) => `${quotePath(f.path)} (${f.skipped})`).join(", ");
      io.note(`symbols not compared in ${skipped.length} file${skipped.length === 1 ? "" : "s"}: ${shown}${skipped.length > 5 ? `, and ${skipped.length - 5} more (--format json lists them)` : ""}`);
    }
  } else if (format === "patch") io.out(renderChangedPatch(set, await readChangedSides(env, set, maxBytes)));
  else if (format === "github") {
    const { summary, annotations } = renderChangedGithub(set, markdown);
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
  return (options.exitCode && changedSymbols) || failsOn(set, failOn) ? EXIT_NOT_FOUND : EXIT_OK;
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

/**
 * Where each removed symbol went missing in the head, for the formats that point at head lines
 * (SARIF, rdjson): both sides of the files that lost a symbol, read only when one did.
 */
async function removedInHead(env: Env, set: ChangeSet, maxBytes: number): Promise<Map<SymbolChange, number>> {
  const lost = set.files.some((f) => f.status !== "deleted" && f.symbols.some((s) => s.change === "removed"));
  if (!lost) return new Map();
  return removalSites(set, await readChangedSides(env, set, maxBytes));
}
