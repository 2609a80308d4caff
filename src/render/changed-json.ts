// `changed --format json`: the ChangeSet as is (CONTRACT shape plus anchors, signatures, skipped).
import type { ChangeSet } from "../core/diff/types.ts";

export function renderChangedJson(set: ChangeSet): string {
  return JSON.stringify(set, null, 2) + "\n";
}
