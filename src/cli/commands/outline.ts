// `ast-outline outline PATH...`: outlines of files and folders, printed as each is done.
import { MAX_CHILDREN, QUESTIONS } from "../../app/questions.ts";
import { withSymbolHashes } from "../../app/symbol-hash.ts";
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { outlineFile } from "../../app/outline-file.ts";
import { outlineEach } from "../../app/outline-files.ts";
import { errorLine, usageError } from "../../core/errors.ts";
import { quotePath } from "../../core/text/quote.ts";
import type { FileOutline } from "../../core/types.ts";
import type { Env } from "../../io/env.ts";
import { DEFAULT_MAX_BYTES, SKIP_SNIFF_BYTES } from "../../io/files.ts";
import { expandPaths, type WalkNote } from "../../io/walk.ts";
import { renderOutlineText, renderOutlineJson, renderOutlineJsonl } from "../../render/outline/index.ts";
import type { CliIO } from "../io.ts";
import { EXIT_INPUT, EXIT_OK } from "../options.ts";
import { readOptions } from "../values.ts";

export type OutlineOptions = Record<string, unknown>;

export async function outlineCommand(paths: string[], options: OutlineOptions, io: CliIO, env: Env): Promise<number> {
  const { format, maxChildren: given, docs, maxSize, language } = readOptions(QUESTIONS.outline, options);
  // The text outline caps members to save tokens and says what it left out; machine output is
  // complete unless the caller asks for a cap.
  const maxChildren = given ?? MAX_CHILDREN;
  const jsonMaxChildren = given ?? 0;
  const maxBytes = maxSize ?? DEFAULT_MAX_BYTES;
  if (!paths.length) paths = ["."];
  if (paths.includes("-")) {
    if (paths.length > 1) throw usageError("- (standard input) is outlined alone", "outline the files in a command of their own");
    const { outline, file } = await outlineFile(env, "-", { maxBytes, language });
    if (format === "text") io.out(renderOutlineText(outline, { maxChildren, docs: docs ? "all" : "top" }));
    else if (format === "jsonl") io.out(renderOutlineJsonl(withSymbolHashes(outline, file.bytes), jsonMaxChildren));
    else io.out(renderOutlineJson([withSymbolHashes(outline, file.bytes)], jsonMaxChildren, true));
    return EXIT_OK;
  }

  const notes: WalkNote[] = [];
  const entries = expandPaths(paths, notes, env.cwd);
  announceBatch(env, entries.map((e) => e.path));
  for (const n of notes) io.note(`skipped ${quotePath(n.path)}: ${n.reason}`);

  const single = entries.length === 1 && entries[0].explicit;
  const at = (p: string) => resolve(env.cwd, p);
  const source = {
    size: (p: string) => statSync(at(p)).size,
    head: (p: string) => readHead(at(p)),
    // Machine output gives every symbol its own hash (symbol-hash.ts); the text outline does not spend the tokens.
    outline: async (p: string) => {
      const { outline, file } = await outlineFile(env, p, { maxBytes, language });
      return format === "text" ? outline : withSymbolHashes(outline, file.bytes);
    },
  };
  let exit: number = EXIT_OK;
  const done: FileOutline[] = [];
  let first = true;
  for await (const item of outlineEach(entries, source, maxBytes)) {
    if (item.type === "skipped") io.note(`skipped ${quotePath(item.path)}: ${item.reason}`);
    else if (item.type === "failed") {
      if (single) throw item.error;
      io.note(errorLine(item.error));
      if (item.explicit) exit = EXIT_INPUT;
    } else if (item.type === "outline") {
      if (format === "text") io.out((first ? "" : "\n") + renderOutlineText(item.outline, { maxChildren, docs: docs ? "all" : "top" }));
      else if (format === "jsonl") io.out(renderOutlineJsonl(item.outline, jsonMaxChildren));
      else done.push(item.outline);
      first = false;
    }
  }
  if (format === "json") io.out(renderOutlineJson(done, jsonMaxChildren, single && done.length === 1));
  return exit;
}

/**
 * Tell the compiled binary's start-up seam how much is about to be parsed, before anything is
 * printed (Env.batchStarting): a short batch runs again without the optimizing wasm tier.
 */
function announceBatch(env: Env, paths: string[]): void {
  const hook = env.batchStarting;
  if (!hook) return;
  let bytes = 0;
  for (const p of paths) {
    try {
      bytes += statSync(resolve(env.cwd, p)).size;
    } catch {
      // reported when it is outlined
    }
  }
  hook({ files: paths.length, bytes });
}

function readHead(path: string): Uint8Array {
  const buf = new Uint8Array(SKIP_SNIFF_BYTES);
  const fd = openSync(path, "r");
  try {
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}
