// `changed --format github`: a job summary (the Markdown) and `::notice` workflow commands
// for signature changes, at most 10, as GitHub shows at most 10 notices per step.
import type { ChangeSet } from "../core/diff/types.ts";
import { renderChangedMarkdown } from "./changed-markdown.ts";

export const MAX_ANNOTATIONS = 10;

export interface GithubOutput {
  summary: string;
  annotations: string;
}

export function renderChangedGithub(set: ChangeSet): GithubOutput {
  const notices: string[] = [];
  let count = 0;
  for (const f of set.files) {
    for (const s of f.symbols) {
      if (!s.signatureChanged || s.startLine === undefined) continue;
      count++;
      if (notices.length >= MAX_ANNOTATIONS) continue;
      const props = `file=${prop(f.path)},line=${s.startLine},endLine=${s.endLine ?? s.startLine},title=${prop(`Signature changed: ${s.qualifiedName}`)}`;
      const msg = s.oldSignature !== undefined ? `${s.oldSignature} → ${s.signature}` : `${s.change}: ${s.signature ?? s.qualifiedName}`;
      notices.push(`::notice ${props}::${data(msg)}`);
    }
  }
  if (count > MAX_ANNOTATIONS) notices.push(`${count - MAX_ANNOTATIONS} more signature changes are listed in the job summary.`);
  return { summary: renderChangedMarkdown(set), annotations: notices.length ? notices.join("\n") + "\n" : "" };
}

// Escaping as the workflow-command format defines it (actions/toolkit `command.ts`).
function data(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function prop(s: string): string {
  return data(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
