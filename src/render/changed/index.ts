// A ChangeSet as text, JSON, Markdown, GitHub annotations, SARIF, rdjson or a patch, and the
// findings and levels the CI formats share.
export { flags, lines, short } from "./common.ts";
export { FAIL_ON, type FailOn, failsOn, type Level, LEVELS } from "./findings.ts";
export { renderChangedGithub } from "./github.ts";
export { renderChangedJson } from "./json.ts";
export { removalSites } from "./lines/removal-sites.ts";
export { sourceLinks } from "./links.ts";
export { type MarkdownOptions, renderChangedMarkdown } from "./markdown.ts";
export { renderChangedPatch } from "./patch.ts";
export { renderChangedRdjson } from "./rdjson.ts";
export { renderChangedSarif } from "./sarif.ts";
export { renderChangedText } from "./text.ts";
