// `changed --format json`: the ChangeSet as is (the shape of docs/contract.md plus anchors, signatures, skipped).
import type { ChangeSet } from "../../core/diff/types.ts";
import { toJson } from "../../core/text/quote.ts";

export function renderChangedJson(set: ChangeSet): string {
  return toJson(set, 2) + "\n";
}
