// File names that are not valid UTF-8. Git and the file system hand them over as bytes; a plain
// UTF-8 decode turns the bad bytes into U+FFFD, and the decoded name then opens nothing. Such a
// name is carried with each bad byte as a lone surrogate (decodeName), which maps back to the
// bytes exactly. Whatever must open the file uses the bytes (undecodablePath) or skips it with
// a note naming it; nothing else is lost.

import { isAbsolute, resolve, sep } from "node:path";

// ignoreBOM: a leading U+FEFF is part of the name, not a mark to drop.
const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export const UNDECODABLE_NAME = "file name is not valid UTF-8";

export function isUtf8(bytes: Uint8Array): boolean {
  return utf8(bytes) !== undefined;
}

/** The bytes decoded, when they are valid UTF-8. */
function utf8(bytes: Uint8Array): string | undefined {
  try {
    return fatal.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The name decoded as UTF-8, each byte that is not part of valid UTF-8 carried as the lone
 * surrogate U+DC80..U+DCFF (Python's "surrogateescape"). Reversible (encodeName), printed by
 * quotePath as git prints it (`"bad\377.py"`), and a JSON consumer in Python gets the bytes
 * back with os.fsencode.
 */
export function decodeName(bytes: Uint8Array): string {
  const text = utf8(bytes);
  if (text !== undefined) return text;
  let out = "";
  for (let i = 0; i < bytes.length; ) {
    const n = validSequence(bytes, i);
    if (n) {
      out += Buffer.from(bytes.subarray(i, i + n)).toString("utf8");
      i += n;
    } else {
      out += String.fromCharCode(0xdc00 + bytes[i]);
      i += 1;
    }
  }
  return out;
}

/** The length of the valid UTF-8 sequence at `i`, or 0. */
function validSequence(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < b.length && b[i + k] >= lo && b[i + k] <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const lo = c === 0xe0 ? 0xa0 : 0x80;
    const hi = c === 0xed ? 0x9f : 0xbf;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const lo = c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xf4 ? 0x8f : 0xbf;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** The bytes of a name decodeName made: escaped bytes back as themselves, the rest UTF-8. */
export function encodeName(name: string): Buffer {
  const parts: Buffer[] = [];
  for (const ch of name) {
    const cp = ch.codePointAt(0)!;
    parts.push(cp >= 0xdc80 && cp <= 0xdcff ? Buffer.from([cp - 0xdc00]) : Buffer.from(ch, "utf8"));
  }
  return Buffer.concat(parts);
}

/** A path from git or the file system, through decodeName. */
export function pathFromBytes(bytes: Uint8Array): string {
  return decodeName(bytes);
}

/** NUL-separated paths (`git … -z`), each through pathFromBytes. */
export function splitNulPaths(out: Uint8Array): string[] {
  // All valid UTF-8 (a NUL is never inside a sequence, so then every name is): decoded at once.
  const text = utf8(out);
  if (text !== undefined) return text.split("\0").filter((p) => p !== "");
  const paths: string[] = [];
  let start = 0;
  for (let i = 0; i <= out.length; i++) {
    if (i < out.length && out[i] !== 0) continue;
    if (i > start) paths.push(pathFromBytes(out.subarray(start, i)));
    start = i + 1;
  }
  return paths;
}

export interface UndecodablePath {
  /** The name's bytes, to open the file with (fs functions take a Buffer path). */
  bytes: Buffer;
  /** Decoded with U+FFFD for the bad bytes: enough to tell its language by extension. */
  decoded: string;
}

/** For a path holding escaped bytes (decodeName): its bytes. Undefined for any other path. */
export function undecodablePath(path: string): UndecodablePath | undefined {
  if (!ESCAPED_BYTE.test(path)) return undefined;
  const raw = encodeName(path);
  return { bytes: raw, decoded: raw.toString("utf8") };
}

/** A lone low surrogate U+DC80..U+DCFF (one not after a high surrogate): an escaped byte. */
const ESCAPED_BYTE = /(?<![\uD800-\uDBFF])[\uDC80-\uDCFF]/;

/**
 * `path` (relative to `base`, or absolute) as the file system is given it: resolved, or, for a
 * name holding escaped bytes (decodeName), its bytes after the base's. Not through
 * path.resolve: Bun's turns a lone surrogate into U+FFFD, which names another file.
 */
export function fsPath(base: string, path: string): string | Buffer {
  const odd = undecodablePath(path);
  if (!odd) return resolve(base, path);
  if (isAbsolute(path)) return odd.bytes;
  return Buffer.concat([Buffer.from(base.endsWith(sep) ? base : base + sep), odd.bytes]);
}
