// A ChangeSet as text, JSON, Markdown, GitHub annotations, SARIF, rdjson or a patch: one table,
// format -> renderer (CHANGED_RENDERERS). A renderer gets the change set and what its format needs
// besides it, asked for only by the formats that use it (both sides of the files for a patch and
// for where a removed symbol went; the Markdown's links), and gives what goes to stdout, a job
// summary, notes. Also the findings and levels the CI formats share.
import type { ChangedFormat } from "../../app/questions.ts";
import type { FileSides } from "../../app/changed/index.ts";
import type { ChangeSet, SymbolChange } from "../../core/diff/types.ts";
import { quotePath } from "../../core/text/quote.ts";
import type { Level } from "./findings.ts";
import { renderChangedGithub } from "./github.ts";
import { renderChangedJson } from "./json.ts";
import { removalSites } from "./lines/removal-sites.ts";
import { renderChangedMarkdown, type MarkdownOptions } from "./markdown.ts";
import { renderChangedPatch } from "./patch.ts";
import { renderChangedRdjson } from "./rdjson.ts";
import { renderChangedSarif } from "./sarif.ts";
import { renderChangedText } from "./text.ts";

export { flags, lines, short } from "./common.ts";
export { FAIL_ON, type FailOn, failsOn, type Level, LEVELS } from "./findings.ts";
export { sourceLinks } from "./links.ts";
export { type MarkdownOptions } from "./markdown.ts";
export { renderChangedText } from "./text.ts";

export interface ChangedInputs {
  /** The level of each SARIF / rdjson finding. */
  level: Level;
  /** The Markdown's options (its links): asked only by the Markdown formats. */
  markdown(): MarkdownOptions;
  /** Both sides of the set's files, as bytes: read only when a format asks. */
  sides(): Promise<Map<string, FileSides>>;
}

export interface ChangedOutput {
  /** What goes to stdout. */
  out: string | Uint8Array;
  /** GitHub's job summary, for the file the runner names (stdout after `out` when it names none). */
  summary?: string;
  /** Lines for people (stderr). */
  notes?: string[];
}

export const CHANGED_RENDERERS: Record<ChangedFormat, (set: ChangeSet, inputs: ChangedInputs) => ChangedOutput | Promise<ChangedOutput>> = {
  text: (set) => ({ out: renderChangedText(set) }),
  json: (set) => ({ out: renderChangedJson(set) }),
  markdown: (set, inputs) => ({ out: renderChangedMarkdown(set, inputs.markdown()) }),
  github: (set, inputs) => {
    const { summary, annotations } = renderChangedGithub(set, inputs.markdown());
    return { out: annotations, summary };
  },
  sarif: async (set, inputs) => ({ out: renderChangedSarif(set, inputs.level, { removedAt: await removedInHead(set, inputs) }) }),
  rdjson: async (set, inputs) => ({ out: renderChangedRdjson(set, inputs.level, await removedInHead(set, inputs)), notes: notCompared(set) }),
  patch: async (set, inputs) => ({ out: renderChangedPatch(set, await inputs.sides()) }),
};

/**
 * Where each removed symbol went missing in the head, for the formats that point at head lines
 * (SARIF, rdjson): both sides of the files that lost a symbol, read only when one did.
 */
async function removedInHead(set: ChangeSet, inputs: ChangedInputs): Promise<Map<SymbolChange, number>> {
  const lost = set.files.some((f) => f.status !== "deleted" && f.symbols.some((s) => s.change === "removed"));
  if (!lost) return new Map();
  return removalSites(set, await inputs.sides());
}

/** rdjson has no place for files without symbols (reviewdog would post a comment on each): one note names them. */
function notCompared(set: ChangeSet): string[] {
  const skipped = set.files.filter((f) => f.skipped);
  if (!skipped.length) return [];
  const shown = skipped.slice(0, 5).map((f) => `${quotePath(f.path)} (${f.skipped})`).join(", ");
  return [`symbols not compared in ${skipped.length} file${skipped.length === 1 ? "" : "s"}: ${shown}${skipped.length > 5 ? `, and ${skipped.length - 5} more (--format json lists them)` : ""}`];
}
