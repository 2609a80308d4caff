// The symbol pack: every cached outline flattened to rows, keyed by object key, so `search`
// and `digest` read a few compact text files instead of one JSON object per source file.
// It is derived data: rows for a key are right whenever present (keys are content addresses),
// missing keys are filled from the objects, and keys no file uses any more are dropped when
// their shard is rewritten.
//
// The pack is split into SHARD_COUNT shards by the first bits of the content hash, so a
// one-file change rewrites one small shard, not the whole pack. A shard is plain text, cheap
// to read back (no JSON, one string slice per object; rows are split only for the objects a
// query can match):
//   ast-outline-symbols <SYMBOLS_FORMAT> <engine>
//   >\t<key>\t<lineCount>[\t<references>]                               (references: see below)
//   <kind>\t<name>\t<qualifiedName>\t<startLine>\t<endLine>\t<depth>     (one per symbol)
//   ...
//   .end
// A shard without its header (another format or engine) or its `.end` line (cut off) is not
// trusted: it is rebuilt from the objects. Signatures stay in the objects and are read for the
// hits shown.
//
// Beside each shard, symbols/<nn>.names holds the same objects' rows cut to what a name search
// ranks and `digest` shows, in under half the bytes (reading bytes is most of a warm search):
//   ast-outline-names <SYMBOLS_FORMAT> <engine> <kind,kind,...>
//   >\t<key>\t<lineCount>
//   <kind code>\t<name>\t<startLine>\t<depth>                          (one per symbol, same order)
//   ...
//   .end
// A kind code is the kind's index (base 36) in the header's list. The qualified name, end line
// and signature of a hit are read from its object, by the row's position (the same pre-order).
// Written with its shard from the same rows, and trusted on the same terms.
//
// And symbols/<nn>.refs holds each object's references (core/outline/references.ts: the names
// the file uses, as `name count` pairs), what the ranked `digest` links files by, and no rows:
//   ast-outline-refs <SYMBOLS_FORMAT> <engine>
//   >\t<key>\t<lineCount>\t<references>
//   .end
import { SYMBOL_KINDS, type FileOutline, type OutlineSymbol, type SymbolKind } from "../types.ts";

export const SHARD_COUNT = 64;
export const SYMBOLS_FORMAT = 3;
const END = ".end";

export interface PackObject {
  lineCount: number;
  /** Lines of `kind \t name \t qualifiedName \t startLine \t endLine \t depth`. */
  rows: string;
  /** Whether `rows` holds only ASCII, once a search asked (core/search/rank.ts asciiOnly). */
  ascii?: boolean;
  /** The file's references line (core/outline/references.ts); "" when it names none. */
  refs?: string;
}

/** Objects by key: a whole pack, or the part of it that was read. */
export type PackObjects = Map<string, PackObject>;

export interface PackRow {
  kind: SymbolKind;
  name: string;
  qualifiedName: string;
  startLine: number;
  endLine: number;
  depth: number;
}

const clean = (s: string) => s.replace(/[\t\n\r]/g, " ");

export function packObject(outline: Pick<FileOutline, "lineCount" | "symbols" | "references">): PackObject {
  const rows: string[] = [];
  const visit = (symbols: OutlineSymbol[], depth: number) => {
    for (const s of symbols) {
      rows.push(`${s.kind}\t${clean(s.name)}\t${clean(s.qualifiedName)}\t${s.startLine}\t${s.endLine}\t${depth}`);
      if (s.children) visit(s.children, depth + 1);
    }
  };
  visit(outline.symbols, 0);
  const obj: PackObject = { lineCount: outline.lineCount, rows: rows.join("\n") };
  if (outline.references?.names) obj.refs = clean(outline.references.names);
  return obj;
}

/** A cleaned name or qualified name, as the rows hold it (tabs and line breaks are field and row separators). */
export const cleanField = clean;

export function unpackRows(obj: PackObject, keep?: (line: string) => boolean): PackRow[] {
  if (!obj.rows) return [];
  const lines = obj.rows.split("\n");
  return (keep ? lines.filter(keep) : lines).map(parseRow);
}

export function parseRow(line: string): PackRow {
  const [kind, name, qualifiedName, start, end, depth] = line.split("\t");
  return { kind: kind as SymbolKind, name, qualifiedName, startLine: Number(start), endLine: Number(end), depth: Number(depth) };
}

/** The shard an object key lives in: the first 6 bits of its content hash. */
export function shardOf(key: string): number {
  const n = parseInt(key.slice(0, 2), 16);
  return Number.isNaN(n) ? 0 : n >> 2;
}

function header(engine: string): string {
  return `ast-outline-symbols ${SYMBOLS_FORMAT} ${engine}`;
}

export function serializeShard(engine: string, objects: PackObjects): string {
  const parts = [header(engine)];
  for (const key of [...objects.keys()].sort()) {
    const obj = objects.get(key)!;
    parts.push(obj.refs ? `>\t${key}\t${obj.lineCount}\t${obj.refs}` : `>\t${key}\t${obj.lineCount}`);
    if (obj.rows) parts.push(obj.rows);
  }
  parts.push(END, "");
  return parts.join("\n");
}

/** A shard read back, or undefined when it is missing, of another format or engine, cut off or damaged. */
export function parseShard(text: string | undefined, engine: string): PackObjects | undefined {
  return parseSections(text, header(engine));
}

function parseSections(text: string | undefined, head: string): PackObjects | undefined {
  if (text === undefined) return undefined;
  if (!text.startsWith(`${head}\n`) || !text.endsWith(`\n${END}\n`)) return undefined;
  const objects: PackObjects = new Map();
  const stop = text.length - END.length - 2; // the newline before `.end`
  let at = head.length + 1;
  while (at < stop) {
    if (text.charCodeAt(at) !== 62 /* > */ || text.charCodeAt(at + 1) !== 9) return undefined;
    const eol = text.indexOf("\n", at);
    const [, key, lines, refs] = text.slice(at, eol).split("\t");
    const lineCount = Number(lines);
    if (!key || !Number.isInteger(lineCount)) return undefined;
    let next = text.indexOf("\n>\t", eol);
    if (next < 0 || next > stop) next = stop;
    const obj: PackObject = { lineCount, rows: eol + 1 < next ? text.slice(eol + 1, next) : "" };
    if (refs !== undefined) obj.refs = refs;
    objects.set(key, obj);
    at = next + 1;
  }
  return objects;
}

/** One object's rows of a names file (see the top): `kindCode \t name \t startLine \t depth` lines. */
export type NamesObjects = Map<string, PackObject>;

/** Rows (full or names) by key, for the keys asked: a view over the shards as read, not a copy. */
export type RowsLookup = Pick<PackObjects, "get">;

export interface NameRow {
  kind: SymbolKind;
  name: string;
  startLine: number;
  depth: number;
}

const KIND_CODE = new Map<string, string>(SYMBOL_KINDS.map((k, i) => [k, i.toString(36)]));

function namesHeader(engine: string): string {
  return `ast-outline-names ${SYMBOLS_FORMAT} ${engine} ${SYMBOL_KINDS.join(",")}`;
}

/**
 * The names rows of a shard object. Cut from the rows text by position, without splitting
 * each row into fields: this runs at the end of a cold index, when no other thread has
 * anything left to do.
 */
export function namesRows(obj: PackObject): string {
  const rows = obj.rows;
  if (!rows) return "";
  const out: string[] = [];
  for (let at = 0; at <= rows.length; ) {
    let eol = rows.indexOf("\n", at);
    if (eol < 0) eol = rows.length;
    const kindEnd = rows.indexOf("\t", at);
    const nameEnd = kindEnd < 0 ? -1 : rows.indexOf("\t", kindEnd + 1);
    const qualifiedEnd = nameEnd < 0 ? -1 : rows.indexOf("\t", nameEnd + 1);
    const startEnd = qualifiedEnd < 0 ? -1 : rows.indexOf("\t", qualifiedEnd + 1);
    const endEnd = startEnd < 0 ? -1 : rows.indexOf("\t", startEnd + 1);
    const extra = endEnd < 0 ? -1 : rows.indexOf("\t", endEnd + 1);
    if (endEnd < 0 || endEnd > eol || (extra >= 0 && extra < eol)) {
      out.push(namesRow(rows.slice(at, eol))); // not six fields (a damaged shard): as the fields fall
    } else {
      const kind = rows.slice(at, kindEnd);
      // `\tname`, `\tstart` and `\tdepth` keep the tab in front of them.
      out.push((KIND_CODE.get(kind) ?? kind) + rows.slice(kindEnd, nameEnd) + rows.slice(qualifiedEnd, startEnd) + rows.slice(endEnd, eol));
    }
    at = eol + 1;
  }
  return out.join("\n");
}

/** One names row from one full row, field by field. */
function namesRow(line: string): string {
  const [kind, name, , start, , depth] = line.split("\t");
  return `${KIND_CODE.get(kind) ?? kind}\t${name}\t${start}\t${depth}`;
}

export function serializeNames(engine: string, objects: PackObjects): string {
  const parts = [namesHeader(engine)];
  for (const key of [...objects.keys()].sort()) {
    const obj = objects.get(key)!;
    parts.push(`>\t${key}\t${obj.lineCount}`);
    const rows = namesRows(obj);
    if (rows) parts.push(rows);
  }
  parts.push(END, "");
  return parts.join("\n");
}

/** A names file read back (rows as written), or undefined when it cannot be trusted, like parseShard. */
export function parseNames(text: string | undefined, engine: string): NamesObjects | undefined {
  return parseSections(text, namesHeader(engine));
}

/** One names row; undefined when its kind code is not one of this build's kinds. */
export function parseNameRow(line: string): NameRow | undefined {
  const [code, name, start, depth] = line.split("\t");
  const kind = SYMBOL_KINDS[parseInt(code, 36)];
  return kind === undefined ? undefined : { kind, name, startLine: Number(start), depth: Number(depth) };
}

function refsHeader(engine: string): string {
  return `ast-outline-refs ${SYMBOLS_FORMAT} ${engine}`;
}

export function serializeRefs(engine: string, objects: PackObjects): string {
  const parts = [refsHeader(engine)];
  for (const key of [...objects.keys()].sort()) parts.push(`>\t${key}\t${objects.get(key)!.lineCount}\t${objects.get(key)!.refs ?? ""}`);
  parts.push(END, "");
  return parts.join("\n");
}

/** A refs file read back (each object's `refs`, no rows), or undefined when it cannot be trusted, like parseShard. */
export function parseRefs(text: string | undefined, engine: string): PackObjects | undefined {
  return parseSections(text, refsHeader(engine));
}
