// File names that are not valid UTF-8. Git and the file system hand them over as bytes; a
// JavaScript string cannot hold them (decoding turns them into U+FFFD, and the decoded name then
// opens nothing). Such a name is carried as git writes it with core.quotePath: in double quotes,
// with C escapes and every byte >= 0x80 as a 3-digit octal escape (`"bad\377.py"`). Whatever
// must open the file skips it with a note naming it so; nothing else is lost.

const fatal = new TextDecoder("utf-8", { fatal: true });

export const UNDECODABLE_NAME = "file name is not valid UTF-8";

export function isUtf8(bytes: Uint8Array): boolean {
  try {
    fatal.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

const C_ESCAPES: Record<number, string> = { 0x07: "a", 0x08: "b", 0x09: "t", 0x0a: "n", 0x0b: "v", 0x0c: "f", 0x0d: "r", 0x22: '"', 0x5c: "\\" };

/** The name as git quotes it: `"bad\377.py"`. */
export function quoteName(bytes: Uint8Array): string {
  let out = '"';
  for (const b of bytes) {
    if (C_ESCAPES[b]) out += `\\${C_ESCAPES[b]}`;
    else if (b < 0x20 || b >= 0x7f) out += `\\${b.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(b);
  }
  return out + '"';
}

/** A path from git or the file system: the string itself when it is UTF-8, else quoteName's form. */
export function pathFromBytes(bytes: Uint8Array): string {
  return isUtf8(bytes) ? Buffer.from(bytes).toString("utf8") : quoteName(bytes);
}

/** NUL-separated paths (`git … -z`), each through pathFromBytes. */
export function splitNulPaths(out: Uint8Array): string[] {
  const paths: string[] = [];
  let start = 0;
  for (let i = 0; i <= out.length; i++) {
    if (i < out.length && out[i] !== 0) continue;
    if (i > start) paths.push(pathFromBytes(out.subarray(start, i)));
    start = i + 1;
  }
  return paths;
}

const QUOTED = /^"((?:[^"\\]|\\(?:[0-7]{3}|[abtnvfr"\\]))*)"$/;

export interface UndecodablePath {
  /** The name's bytes, to open the file with (fs functions take a Buffer path). */
  bytes: Buffer;
  /** Decoded with U+FFFD for the bad bytes: enough to tell its language by extension. */
  decoded: string;
}

/** For a path in quoteName's form whose bytes are not UTF-8: its bytes. Undefined for any other path. */
export function undecodablePath(path: string): UndecodablePath | undefined {
  const m = QUOTED.exec(path);
  if (!m) return undefined;
  const bytes: number[] = [];
  const body = m[1];
  for (let i = 0; i < body.length; i++) {
    if (body[i] !== "\\") {
      bytes.push(...Buffer.from(body[i], "utf8"));
    } else if (/[0-7]/.test(body[i + 1])) {
      bytes.push(parseInt(body.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(Number(Object.keys(C_ESCAPES).find((k) => C_ESCAPES[Number(k)] === body[i + 1])));
      i += 1;
    }
  }
  const raw = Buffer.from(bytes);
  return isUtf8(raw) ? undefined : { bytes: raw, decoded: raw.toString("utf8") };
}
