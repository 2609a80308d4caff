import { outlineFile } from "../../app/outline-file.ts";
import { beforeParse } from "../../app/pool-hooks.ts";
import { OutlineError } from "../../core/errors.ts";
import { quotePath } from "../../core/text/quote.ts";
import { looksBinary, generatedReason, parseSize, DEFAULT_MAX_BYTES, formatBytes, unreadableReason } from "../../io/files.ts";
import { expandPaths, type WalkNote } from "../../io/walk.ts";
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { renderOutlineText } from "../../render/outline-text.ts";
import { renderOutlineJson, renderOutlineJsonl } from "../../render/outline-json.ts";
import type { FileOutline } from "../../core/types.ts";
import type { CliIO } from "../io.ts";
import { parseFormat, parseCount, EXIT_INPUT, EXIT_OK } from "../options.ts";

export interface OutlineOptions {
  format?: string;
  maxChildren?: unknown;
  docs?: boolean;
  maxSize?: unknown;
  language?: string;
}

export async function outlineCommand(paths: string[], options: OutlineOptions, io: CliIO): Promise<number> {
  const format = parseFormat(options.format, ["text", "json", "jsonl"]);
  const maxChildren = parseCount(options.maxChildren, "--max-children", 40);
  const maxBytes = options.maxSize === undefined ? DEFAULT_MAX_BYTES : parseSize(options.maxSize);
  if (!paths.length) paths = ["."];

  const notes: WalkNote[] = [];
  const entries = expandPaths(paths, notes);
  announceBatch(entries.map((e) => e.path));
  for (const n of notes) io.note(`skipped ${quotePath(n.path)}: ${n.reason}`);

  let exit: number = EXIT_OK;
  const done: FileOutline[] = [];
  let first = true;
  for (const entry of entries) {
    if (!entry.explicit) {
      const skip = skipReasonOrFailure(entry.path, maxBytes);
      if (skip) {
        io.note(`skipped ${quotePath(entry.path)}: ${skip}`);
        continue;
      }
    }
    try {
      const { outline } = await outlineFile(entry.path, { maxBytes, language: options.language });
      if (format === "text") {
        io.out((first ? "" : "\n") + renderOutlineText(outline, { maxChildren, docs: options.docs ? "all" : "top" }));
      } else if (format === "jsonl") {
        io.out(renderOutlineJsonl(outline, maxChildren));
      } else {
        done.push(outline);
      }
      first = false;
    } catch (e) {
      if (!(e instanceof OutlineError)) throw e;
      if (entries.length === 1 && entry.explicit) throw e;
      io.note(`${e.message}${e.hint ? ` (${e.hint})` : ""}`);
      if (entry.explicit) exit = EXIT_INPUT;
    }
  }
  if (format === "json") {
    const single = entries.length === 1 && entries[0].explicit;
    io.out(renderOutlineJson(done, maxChildren, single && done.length === 1));
  }
  return exit;
}

/**
 * Tell the binary how much is about to be parsed, before anything is printed: a short batch
 * runs again without the optimizing wasm tier (src/bin/binary.ts). Only set for folder walks.
 */
function announceBatch(paths: string[]): void {
  const hook = beforeParse();
  if (!hook) return;
  let bytes = 0;
  for (const p of paths) {
    try {
      bytes += statSync(p).size;
    } catch {
      // reported when it is outlined
    }
  }
  hook({ files: paths.length, bytes });
}

/** skipReason, or why the file could not even be looked at (it is then skipped with that reason). */
function skipReasonOrFailure(path: string, maxBytes: number): string | undefined {
  try {
    return skipReason(path, maxBytes);
  } catch (e) {
    return unreadableReason(e);
  }
}

/** Why a file found in a folder walk is not outlined, or undefined to outline it. */
function skipReason(path: string, maxBytes: number): string | undefined {
  const size = statSync(path).size;
  if (size > maxBytes) return `larger than ${formatBytes(maxBytes)} (--max-size)`;
  if (size === 0) return undefined;
  const head = readHead(path);
  if (looksBinary(head)) return "binary";
  return generatedReason(path, head);
}

function readHead(path: string): Uint8Array {
  const buf = new Uint8Array(64 * 1024);
  const fd = openSync(path, "r");
  try {
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}
