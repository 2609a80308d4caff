// Reading a cache file without following a symbolic link at its name: the cache is data another
// process (or a restored archive) may have put there, so a link in it is never read through.
import { closeSync, constants, openSync } from "node:fs";

const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/** `use` on the file opened for reading, never through a link; undefined when it cannot be opened or `use` throws. Closed after. */
export function withFileNoFollow<T>(file: string, use: (fd: number) => T | undefined): T | undefined {
  let fd: number;
  try {
    fd = openSync(file, READ_NO_FOLLOW);
  } catch {
    return undefined;
  }
  try {
    return use(fd);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
