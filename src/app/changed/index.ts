// `changed`: from revisions to symbol changes, with both sides' bytes for a patch and the call
// sites a change leaves (--impact). changes.ts is also reached directly by history, which diffs each
// commit with the same sides and must not bring the work tree's reader (file-sides.ts) along.
export { computeChanges } from "./changes.ts";
export { type FileSides, readChangedSides } from "./file-sides.ts";
export { changesWithImpact } from "./with-impact.ts";
export { parseRange, type ChangeRange } from "./range.ts";
