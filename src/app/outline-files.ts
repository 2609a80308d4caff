// Outlines of many files (a folder, or several named paths), one item a file in order: its
// outline, or why it was left out. The CLI's `outline` and the MCP `get_outline` of a folder
// differ only in how they list and read files (the user's paths as named, or the workspace
// gate); the rule for what is left out (io/files.ts) and how failures count are the same.
import { EXIT, OutlineError } from "../core/errors.ts";
import type { FileOutline } from "../core/types.ts";
import type { OutlineItem } from "../core/views.ts";
import { contentSkipReason, sizeSkipReason, unreadableReason } from "../io/files.ts";

export interface OutlineCandidate {
  path: string;
  /** Named by the user: outlined whatever its size or content (the skip rule is for walks). */
  explicit: boolean;
}

/** How the front end reaches a file. */
export interface OutlineSource {
  /** The file's size; throws (errno) when it cannot be looked at. */
  size(path: string): number;
  /** Its first SKIP_SNIFF_BYTES bytes (or all of it); throws (errno or OutlineError). */
  head(path: string): Uint8Array;
  /** Its outline; throws OutlineError for a file that cannot be outlined. */
  outline(path: string): Promise<FileOutline>;
}

/** One item per candidate, in order. */
export async function* outlineEach(candidates: OutlineCandidate[], source: OutlineSource, maxBytes: number): AsyncGenerator<OutlineItem> {
  for (const c of candidates) {
    if (!c.explicit) {
      const skip = skipReason(c.path, source, maxBytes);
      if (skip) {
        yield skip === GONE ? { type: "gone", path: c.path } : { type: "skipped", path: c.path, reason: skip };
        continue;
      }
    }
    try {
      yield { type: "outline", outline: await source.outline(c.path) };
    } catch (e) {
      if (!(e instanceof OutlineError)) throw e;
      if (e.exitCode === EXIT.notFound && !c.explicit) yield { type: "gone", path: c.path };
      else yield { type: "failed", path: c.path, error: e, explicit: c.explicit };
    }
  }
}

const GONE = "\0gone";

/** The skip rule's verdict on a walked file, GONE when it was deleted since the listing. */
function skipReason(path: string, source: OutlineSource, maxBytes: number): string | undefined {
  try {
    const size = source.size(path);
    return sizeSkipReason(size, maxBytes) ?? (size === 0 ? undefined : contentSkipReason(path, source.head(path)));
  } catch (e) {
    if (e instanceof OutlineError) return e.exitCode === EXIT.notFound ? GONE : e.message;
    return unreadableReason(e);
  }
}
