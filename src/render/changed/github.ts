// `changed --format github`: a job summary (the Markdown) and `::notice` workflow commands
// for signature changes, at most 10, as GitHub shows at most 10 notices per step.
import type { ChangeSet } from "../../core/diff/types.ts";
import { cutText, printable, quoteName } from "../../core/text/quote.ts";
import { renderChangedMarkdown, type MarkdownOptions } from "./markdown.ts";
import { NAME_SHOWN_MAX, SIGNATURE_SHOWN_MAX } from "../markdown.ts";

export const MAX_ANNOTATIONS = 10;

export interface GithubOutput {
  summary: string;
  annotations: string;
}

export function renderChangedGithub(set: ChangeSet, markdown: MarkdownOptions = {}): GithubOutput {
  const notices: string[] = [];
  let count = 0;
  for (const f of set.files) {
    for (const s of f.symbols) {
      if (!s.signatureChanged || s.startLine === undefined) continue;
      count++;
      if (notices.length >= MAX_ANNOTATIONS) continue;
      // Escaped for people first (a raw ESC would still colour or hide the log), then for the
      // command format. A path with escapes names no file: GitHub shows the notice unattached.
      const name = quoteName(cutText(s.qualifiedName, NAME_SHOWN_MAX));
      const sig = (text: string) => printable(cutText(text, SIGNATURE_SHOWN_MAX));
      const props = `file=${prop(printable(f.path))},line=${s.startLine},endLine=${s.endLine ?? s.startLine},title=${prop(`Signature changed: ${name}`)}`;
      const msg = s.oldSignature !== undefined ? `${sig(s.oldSignature)} → ${sig(s.signature ?? "")}` : `${s.change}: ${s.signature !== undefined ? sig(s.signature) : name}`;
      notices.push(`::notice ${props}::${data(msg)}`);
    }
  }
  if (count > MAX_ANNOTATIONS) notices.push(`${count - MAX_ANNOTATIONS} more signature changes are listed in the job summary.`);
  return { summary: renderChangedMarkdown(set, markdown), annotations: notices.length ? notices.join("\n") + "\n" : "" };
}

// Escaping as the workflow-command format defines it (actions/toolkit `command.ts`).
function data(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function prop(s: string): string {
  return data(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
