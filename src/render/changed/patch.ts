// `changed --format patch`: the change as a git-style unified diff re-cut on symbol boundaries
// (render/changed/lines/hunks.ts): one hunk per changed symbol covering the whole symbol, its qualified name in
// the hunk header after `@@ … @@`; edits outside symbols as plain hunks. `git apply` accepts it
// against the base. The lines are the files' bytes as they are (any encoding, CRLF and all); the
// header names are quoted as git quotes them, the hunk names by the quoting rule. What a text
// patch cannot hold (binary files, submodules, symlinks) or should not (files over --max-size)
// is named in lines before the first `diff --git`, which `git apply` skips.
import type { FileSides } from "../../app/changed/index.ts";
import type { ChangeSet, FileChange } from "../../core/diff/types.ts";
import { cutText, quoteName, quotePath } from "../../core/text/quote.ts";
import { looksBinary } from "../../core/text/binary.ts";
import { short } from "./common.ts";
import { isModuleChange } from "./findings.ts";
import { symbolHunks, type Hunk, type SymbolSpan } from "./lines/hunks.ts";
import { NAME_SHOWN_MAX } from "../markdown.ts";

/** Longest symbol list in a hunk header. */
const HEADER_NAMES_MAX = 200;

export function renderChangedPatch(set: ChangeSet, sides: Map<string, FileSides>): Uint8Array {
  const notes: string[] = [];
  const body: Buffer[] = [];
  const movedAway = movedAwayByPath(set);
  for (const f of set.files) {
    const s = sides.get(f.path);
    const left = leftOut(s);
    if (left) {
      notes.push(`# not in this patch: ${quotePath(f.path)} (${left})`);
      continue;
    }
    body.push(filePatch(f, s!, spansFor(f, movedAway.get(f.oldPath ?? f.path) ?? [])));
  }
  const head = `# ast-outline changed --format patch: base ${short(set.base)}, head ${short(set.head)}\n${notes.map((n) => n + "\n").join("")}`;
  return Buffer.concat([Buffer.from(head, "utf8"), ...body]);
}

function leftOut(s: FileSides | undefined): string | undefined {
  if (!s) return "git did not list it again";
  const modes = [s.oldMode, s.newMode];
  if (modes.includes("160000")) return "submodule";
  if (modes.includes("120000")) return "symlink";
  if (s.tooLarge) return "too large";
  if ((s.old && looksBinary(s.old)) || (s.new && looksBinary(s.new))) return "binary";
  if ((!/^0+$/.test(s.oldMode) && !s.old) || (!/^0+$/.test(s.newMode) && !s.new)) return "unreadable";
  return undefined;
}

/** Every changed symbol's lines on this file's sides; `movedAway`: the old lines of symbols that left it. */
function spansFor(f: FileChange, movedAway: SymbolSpan[]): SymbolSpan[] {
  const spans: SymbolSpan[] = f.status === "added" ? [] : [...movedAway];
  for (const s of f.symbols) {
    if (isModuleChange(s)) continue;
    spans.push({ name: s.qualifiedName, new: range(s.startLine, s.endLine), old: s.change === "moved" ? undefined : range(s.oldStartLine, s.oldEndLine) });
  }
  return spans;
}

const range = (s?: number, e?: number): [number, number] | undefined => (s === undefined ? undefined : [s, e ?? s]);

/** A moved symbol is reported in its new file; its old lines are in the file it came from (by old path). */
function movedAwayByPath(set: ChangeSet): Map<string, SymbolSpan[]> {
  const out = new Map<string, SymbolSpan[]>();
  for (const f of set.files) {
    for (const s of f.symbols) {
      if (s.change !== "moved" || s.oldPath === undefined) continue;
      const list = out.get(s.oldPath) ?? [];
      list.push({ name: s.oldQualifiedName ?? s.qualifiedName, old: range(s.oldStartLine, s.oldEndLine) });
      out.set(s.oldPath, list);
    }
  }
  return out;
}

function filePatch(f: FileChange, s: FileSides, spans: SymbolSpan[]): Buffer {
  const oldPath = s.oldPath ?? s.path;
  const exists = (mode: string) => !/^0+$/.test(mode);
  const header: string[] = [`diff --git ${gitName("a/", oldPath)} ${gitName("b/", s.path)}`];
  if (!exists(s.oldMode)) header.push(`new file mode ${s.newMode}`);
  else if (!exists(s.newMode)) header.push(`deleted file mode ${s.oldMode}`);
  else if (s.oldMode !== s.newMode) header.push(`old mode ${s.oldMode}`, `new mode ${s.newMode}`);
  if (s.oldPath !== undefined && s.oldPath !== s.path) {
    const how = s.status === "copied" ? "copy" : "rename";
    header.push(`${how} from ${gitName("", s.oldPath)}`, `${how} to ${gitName("", s.path)}`);
  }
  // Bytes as Latin-1 text: one character a byte, so every line goes out exactly as read.
  const oldText = s.old ? Buffer.from(s.old).toString("latin1") : "";
  const newText = s.new ? Buffer.from(s.new).toString("latin1") : "";
  const hunks = oldText === newText ? [] : symbolHunks(oldText, newText, spans);
  if (hunks.length) header.push(`--- ${exists(s.oldMode) ? gitName("a/", oldPath, true) : "/dev/null"}`, `+++ ${exists(s.newMode) ? gitName("b/", s.path, true) : "/dev/null"}`);
  const parts: Buffer[] = [Buffer.from(header.join("\n") + "\n", "utf8")];
  for (const h of hunks) parts.push(Buffer.from(hunkHeader(h), "utf8"), hunkBody(h));
  return Buffer.concat(parts);
}

function hunkHeader(h: Hunk): string {
  const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
  const names = h.names.map((n) => quoteName(cutText(n, NAME_SHOWN_MAX))).join(", ");
  return `@@ -${range(h.oldStart, h.oldCount)} +${range(h.newStart, h.newCount)} @@${names ? ` ${cutText(names, HEADER_NAMES_MAX)}` : ""}\n`;
}

function hunkBody(h: Hunk): Buffer {
  let text = "";
  for (const l of h.lines) text += `${l.op}${l.text}\n${l.noNewline ? "\\ No newline at end of file\n" : ""}`;
  return Buffer.from(text, "latin1");
}

/**
 * A path in a diff header as git writes it: C-quoted (quote.ts, whose escapes are git's) when it
 * holds an unsafe character, a double quote or a backslash; git also quotes non-ASCII, which
 * `git apply` reads either way. In `---`/`+++` lines a name with a space is followed by a tab, as git does.
 */
function gitName(prefix: string, path: string, fileLine = false): string {
  const full = prefix + path;
  const quoted = quotePath(full);
  if (quoted !== full) return quoted;
  return fileLine && full.includes(" ") ? `${full}\t` : full;
}
