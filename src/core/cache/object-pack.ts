// The object pack: many cached outlines in one file, each compressed alone, so a cache holds a
// few files per shard instead of one small file (a whole disk block) per source file. As data:
// the bytes of a record and of a pack's index, and the rules a pack is read back by. No IO here
// (src/io/object-packs.ts writes and reads them).
//
// A pack is written once, front to back, and renamed into place when whole; it is never changed
// after (a pack of live objects replaces several, and they go). Layout:
//   ast-outline-objects <PACK_FORMAT>\n
//   <record><record>...                      each: the entry's JSON, deflated with DICTIONARY
//   <key>\t<offset>\t<length>\t<crc32>\n ...   the index: one line per record, offsets from the file's start
//   <trailer>                                  TRAILER_BYTES: "ast-outline-index <offset> <length> <crc32>", space padded, \n
// A pack whose trailer, index or a record's checksum does not check out is not read from (its
// objects count as absent: their files are parsed again). A record that checks out is still only
// an entry that claims a content hash: the reader validates it like any object
// (core/cache/format.ts validEntry, entryFitsSource).
const PACK_FORMAT = 1;
export const PACK_HEADER = `ast-outline-objects ${PACK_FORMAT}\n`;
export const TRAILER_BYTES = 80;
const TRAILER_HEAD = "ast-outline-index";

/**
 * Deflate's preset dictionary: the text an outline's JSON is made of, so a small object
 * compresses as well as a large one. Part of the format: another text is another PACK_FORMAT.
 */
export const DICTIONARY =
  '{"format":2,"engine":"","language":"","hash":"","lineCount":,"imports":[],"diagnostics":[],' +
  '"references":{"names":"","bySymbol":["",""]},"unparsedRanges":[{"startLine":,"endLine":}],' +
  '{"severity":"warning","message":"syntax error","line":},"truncated":true,' +
  '"kind":"constant","kind":"variable","kind":"property","kind":"field","kind":"constructor",' +
  '"kind":"interface","kind":"struct","kind":"enum","kind":"type","kind":"module","kind":"macro",' +
  '"children":[{"kind":"method","name":"","qualifiedName":"","signature":"","startLine":,"endLine":},' +
  '"doc":"","docStartLine":,"symbols":[{"kind":"class","name":"","qualifiedName":"","signature":"public ","startLine":,"endLine":},' +
  '{"kind":"function","name":"","qualifiedName":"","signature":"def (self, ","startLine":,"endLine":}';

/** Where a record lies in its pack. */
export interface PackSlot {
  offset: number;
  length: number;
  crc: number;
}

/** The index and trailer that end a pack whose records (after the header) are `slots`. */
export function packIndex(slots: Map<string, PackSlot>, indexOffset: number): string {
  const lines: string[] = [];
  for (const [key, s] of slots) lines.push(`${clean(key)}\t${s.offset}\t${s.length}\t${s.crc}\n`);
  const index = lines.join("");
  const length = Buffer.byteLength(index);
  return index + trailer(indexOffset, length, crc32(Buffer.from(index)));
}

function trailer(offset: number, length: number, crc: number): string {
  const text = `${TRAILER_HEAD} ${offset} ${length} ${crc}`;
  return `${text.padEnd(TRAILER_BYTES - 1, " ")}\n`;
}

/** Where the index of a pack of `size` bytes lies, from its last TRAILER_BYTES; undefined when they are not a trailer. */
export function parseTrailer(tail: Uint8Array, size: number): { offset: number; length: number; crc: number } | undefined {
  if (tail.length !== TRAILER_BYTES || tail[TRAILER_BYTES - 1] !== 0x0a) return undefined;
  const m = /^ast-outline-index (\d+) (\d+) (\d+) *\n$/.exec(Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength).toString("latin1"));
  if (!m) return undefined;
  const [offset, length, crc] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (offset < PACK_HEADER.length || offset + length !== size - TRAILER_BYTES) return undefined;
  return { offset, length, crc };
}

/** The records of a pack's index block (as read, with its crc from the trailer); undefined when it does not check out. */
export function parseIndex(block: Uint8Array, crc: number, indexOffset: number): Map<string, PackSlot> | undefined {
  if (crc32(block) !== crc) return undefined;
  const slots = new Map<string, PackSlot>();
  const text = Buffer.from(block.buffer, block.byteOffset, block.byteLength).toString("utf8");
  if (text !== "" && !text.endsWith("\n")) return undefined;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const [key, offset, length, c] = line.split("\t");
    const slot = { offset: Number(offset), length: Number(length), crc: Number(c) };
    if (!key || !Number.isSafeInteger(slot.offset) || !Number.isSafeInteger(slot.length) || !Number.isSafeInteger(slot.crc)) return undefined;
    if (slot.offset < PACK_HEADER.length || slot.length < 0 || slot.offset + slot.length > indexOffset) return undefined;
    slots.set(key, slot);
  }
  return slots;
}

const clean = (key: string) => key.replace(/[\t\n]/g, " ");

let table: Int32Array | undefined;

/** CRC-32 (IEEE), as zlib and PNG compute it. */
export function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c;
    }
  }
  let crc = -1;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
