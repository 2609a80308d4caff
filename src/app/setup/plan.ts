// The planning of `setup`, pure: from the files' current bytes and the record of what an
// earlier run wrote, the bytes each file should have now, the record to keep, and one line per
// file. Every run first takes back what the record says it wrote (exactly, by its splice), then
// applies what is wanted now to that text: so a second run computes the same bytes and writes
// none, and --uninstall gives back the bytes it found.
import { blockInsert, blockRemove } from "./block-edit.ts";
import { jsonAppend, jsonFindItems, jsonGet, jsonInsert, jsonRemove, JsonShapeError } from "./json-edit.ts";
import { spliceOf, undoSplice, type Splice } from "./splice.ts";
import { tomlGet, tomlInsert, tomlRemove, TomlShapeError } from "./toml-edit.ts";

export type Edit =
  /** A key of a JSON(C) object (an MCP server entry). */
  | { kind: "json-member"; path: string[]; value: unknown; what: string }
  /** An element appended to a JSON list (a Claude Code hook group). */
  | { kind: "json-item"; path: string[]; value: unknown; what: string }
  /** A TOML table of its own (Codex's [mcp_servers.<name>]). */
  | { kind: "toml-table"; path: string[]; value: Record<string, unknown>; what: string }
  /** Our block between markers in a Markdown file. */
  | { kind: "block"; content: string; what: string }
  /** A whole file of our own. */
  | { kind: "file"; content: string; what: string };

export type OwnedEdit = Edit & { client: string };

/** What the record keeps for one file. */
export interface FileRecord {
  /** The file did not exist before setup made it. */
  created: boolean;
  /** What setup changed, to undo exactly. */
  splice: Splice;
  /** The edits in the file, per client: what another run re-applies or takes back. */
  edits: OwnedEdit[];
}

export interface FilePlan {
  file: string;
  /** The bytes now, null: absent. */
  current: string | null;
  /** The bytes wanted, null: absent (deleted, or never made). */
  next: string | null;
  record: FileRecord | undefined;
  /** One line for people: what happened to the file. */
  line: string;
  /** Why the file cannot be set up (then nothing at all is written). */
  conflict?: string;
  /** Things said besides the line (a part left alone because it was edited since). */
  notes: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const key = (e: Edit) => `${e.kind}\0${"path" in e ? e.path.join("\0") : ""}\0${JSON.stringify("value" in e ? e.value : e.content)}`;

/** The text with one edit taken back by its shape (when the splice no longer matches): only what is still exactly ours. */
function removeShaped(text: string | null, e: Edit): { text: string | null; left?: string } {
  if (text === null) return { text };
  switch (e.kind) {
    case "json-member": {
      const v = jsonGet(text, e.path);
      if (v === undefined) return { text };
      return same(v, e.value) ? { text: jsonRemove(text, e.path) } : { text, left: `${e.what} was edited since setup wrote it: left as it is` };
    }
    case "json-item": {
      let out = text;
      for (const i of jsonFindItems(text, e.path, e.value).reverse()) out = jsonRemove(out, [...e.path, i]);
      return { text: out };
    }
    case "toml-table": {
      const v = tomlGet(text, e.path);
      if (v === undefined) return { text };
      return same(v, e.value) ? { text: tomlRemove(text, e.path) } : { text, left: `${e.what} was edited since setup wrote it: left as it is` };
    }
    case "block":
      return { text: blockRemove(text) };
    case "file":
      return text === e.content ? { text: null } : { text, left: `${e.what} was edited since setup wrote it: left as it is` };
  }
}

/** The text with one edit applied; `skip` when it is there already (not ours: not recorded); a conflict when something else holds its place. */
function applyEdit(text: string | null, e: Edit): { text: string | null; conflict?: string } {
  switch (e.kind) {
    case "json-member": {
      const v = text === null ? undefined : jsonGet(text, e.path);
      if (v === undefined) return { text: jsonInsert(text, e.path, e.value) };
      if (same(v, e.value)) return { text };
      return { text, conflict: `${e.path.join(".")} is already set, and not by ast-outline setup: not overwritten (remove it, or rename it, then run setup again)` };
    }
    case "json-item":
      return text !== null && jsonFindItems(text, e.path, e.value).length ? { text } : { text: jsonAppend(text, e.path, e.value) };
    case "toml-table": {
      const v = text === null ? undefined : tomlGet(text, e.path);
      if (v === undefined) return { text: tomlInsert(text, e.path, e.value) };
      if (same(v, e.value)) return { text };
      return { text, conflict: `[${e.path.join(".")}] is already set, and not by ast-outline setup: not overwritten (remove it, or rename it, then run setup again)` };
    }
    case "block":
      return { text: blockInsert(text, e.content) };
    case "file":
      if (text === null) return { text: e.content };
      if (text === e.content) return { text };
      return { text, conflict: `the file exists and was not written by ast-outline setup: not overwritten (move it away, then run setup again)` };
  }
}

/**
 * One file: take back what the record says setup wrote, then apply `wanted` (the edits of every
 * client that should have something here after this run).
 */
export function planFile(file: string, current: string | null, record: FileRecord | undefined, wanted: OwnedEdit[]): FilePlan {
  const notes: string[] = [];
  let base: string | null = current;
  try {
    if (record && current !== null) {
      // A file setup made is taken back only whole: any other edit makes it someone's.
      const undone = record.created ? (current === record.splice.after ? record.splice.before : undefined) : undoSplice(current, record.splice);
      if (undone !== undefined) base = record.created && undone === "" ? null : undone;
      else {
        // Edited around what we wrote: take back each part by its shape, leave what changed.
        for (const e of record.edits) {
          const r = removeShaped(base, e);
          base = r.text;
          if (r.left) notes.push(r.left);
        }
        if (record.created && base !== null && !base.trim()) base = null;
        notes.push("edited since setup wrote it: took back only what is still as written");
      }
    }
    // Many clients, one edit (the same block in AGENTS.md): applied once.
    const distinct = [...new Map(wanted.map((e) => [key(e), e])).values()];
    let next = base;
    const applied: OwnedEdit[] = [];
    for (const e of distinct) {
      const r = applyEdit(next, e);
      if (r.conflict) return { file, current, next: current, record, line: `${file}: ${r.conflict}`, conflict: r.conflict, notes };
      if (r.text !== next) applied.push(...wanted.filter((w) => key(w) === key(e)));
      next = r.text;
    }
    const keep = next !== base ? { created: base === null, splice: spliceOf(base ?? "", next ?? ""), edits: applied } : undefined;
    return { file, current, next, record: keep, line: describe(file, current, next, wanted, applied), notes };
  } catch (e) {
    if (e instanceof JsonShapeError || e instanceof TomlShapeError) {
      const why = `cannot edit it: ${e.message} (fix the file, then run setup again)`;
      return { file, current, next: current, record, line: `${file}: ${why}`, conflict: why, notes };
    }
    throw e;
  }
}

function describe(file: string, current: string | null, next: string | null, wanted: OwnedEdit[], applied: OwnedEdit[]): string {
  const what = [...new Set(applied.map((e) => e.what))].join(", ");
  if (current === null && next === null) return `${file}: not there (nothing to do)`;
  if (current === next) return wanted.length ? `${file}: unchanged (${[...new Set(wanted.map((e) => e.what))].join(", ")} already there)` : `${file}: unchanged`;
  if (current === null) return `${file}: created (${what})`;
  if (next === null) return `${file}: removed (setup had created it)`;
  if (!wanted.length) return `${file}: restored (removed what setup had added)`;
  return `${file}: updated (${what})`;
}
