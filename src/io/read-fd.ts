// Reading an open file whole: a file that shrank since its fstat gives what is there.
import { readSync } from "node:fs";

/** The bytes of open file `fd`, at most `size` of them (its size at fstat). */
export function readOpenFile(fd: number, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let got = 0;
  while (got < bytes.length) {
    const n = readSync(fd, bytes, got, bytes.length - got, null);
    if (n === 0) break;
    got += n;
  }
  return got === bytes.length ? bytes : bytes.subarray(0, got);
}
