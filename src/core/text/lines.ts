// Line arithmetic over the file's bytes, so that what we print is sliced from the file as it
// is (CRLF, invalid UTF-8 and all), never re-encoded.

export class LineIndex {
  /** Byte offset where each line starts; lineStarts[0] = 0. */
  private readonly starts: number[];
  readonly lineCount: number;

  constructor(readonly bytes: Uint8Array) {
    const starts = [0];
    // The typed array's indexOf finds each newline in native code (as countLines does), which a
    // short-lived process does far faster than a JavaScript loop over every byte.
    for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) starts.push(i + 1);
    // A trailing newline does not open a new line; an empty file has no lines.
    if (starts[starts.length - 1] === bytes.length) starts.pop();
    this.starts = starts;
    this.lineCount = starts.length;
  }

  /** Bytes of lines start..end (1-based, inclusive), line endings kept. */
  slice(start: number, end: number): Uint8Array {
    const from = this.starts[start - 1] ?? this.bytes.length;
    const to = end >= this.lineCount ? this.bytes.length : this.starts[end];
    return this.bytes.subarray(from, to);
  }

  /** Each line's bytes, line ending removed, for numbered output. */
  lines(start: number, end: number): Uint8Array[] {
    const out: Uint8Array[] = [];
    for (let n = start; n <= end; n++) {
      let line = this.slice(n, n);
      let len = line.length;
      if (len && line[len - 1] === 0x0a) len--;
      if (len && line[len - 1] === 0x0d) len--;
      out.push(line.subarray(0, len));
    }
    return out;
  }
}

const decoder = new TextDecoder("utf-8");

/** Decode for parsing: invalid bytes become U+FFFD, a BOM is replaced by nothing. */
export function decodeSource(bytes: Uint8Array): string {
  const text = decoder.decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const strictDecoder = new TextDecoder("utf-8", { fatal: true });

/** decodeSource and isValidUtf8 in one pass over the bytes (a second only when invalid). */
export function decodeSourceChecked(bytes: Uint8Array): { text: string; valid: boolean } {
  let text: string;
  try {
    text = strictDecoder.decode(bytes);
  } catch {
    return { text: decodeSource(bytes), valid: false };
  }
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, valid: true };
}

/** LineIndex(bytes).lineCount without building the index. */
export function countLines(bytes: Uint8Array): number {
  let count = 0;
  for (let i = bytes.indexOf(0x0a); i !== -1; i = bytes.indexOf(0x0a, i + 1)) count++;
  // A trailing newline does not open a new line; an empty file has no lines.
  return bytes.length === 0 || bytes[bytes.length - 1] === 0x0a ? count : count + 1;
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
