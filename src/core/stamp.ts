// "Has this file changed?": a file's stamp (size, mtime, ctime, inode) and the racy window. A
// stamp that is the same as before vouches for the bytes, unless the file changed so shortly
// before it was read that a second write in the same timestamp tick could leave the stamp as it
// was (git's "racy git"). Every cache that trusts a stat (the index's manifest and listing
// snapshot, the cache's read memo, the MCP server's parse cache and index) asks here.

export interface FileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/**
 * How long after a change a stamp is not trusted, in ms. File systems keep mtime in ticks: a
 * few ms on ext4 or APFS, 1 s on ext3 and HFS+, 2 s on FAT (USB sticks, some shared folders).
 * The window covers the coarsest tick, 2 s; a shorter one would trust a FAT stamp that a second
 * write in the same tick leaves unchanged. It costs a second read (and a hash) of a file changed
 * in the last 2 s, never an answer.
 */
export const RACY_WINDOW_MS = 2000;

/** The four fields of a stat (fs.Stats has many more). */
export function stampOf(st: FileStamp): FileStamp {
  return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino };
}

/**
 * Whether two stamps are of the same version of a file. ctime is there because `touch -d`
 * (moving mtime back) still moves ctime, so such a file is read again.
 */
export function sameStamp(a: FileStamp | undefined, b: FileStamp): boolean {
  return !!a && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;
}

/** A stamp as one string, for fingerprints kept in memory or written to the cache: `mtime ctime size ino`. */
export function stampPrint(s: FileStamp): string {
  return `${s.mtimeMs} ${s.ctimeMs} ${s.size} ${s.ino}`;
}

/** Whether the file changed (mtime or ctime) within the racy window before `sinceMs`, or after it: its stamp is not to be trusted. */
export function changedWithin(s: { mtimeMs: number; ctimeMs: number }, sinceMs: number, windowMs = RACY_WINDOW_MS): boolean {
  return Math.max(s.mtimeMs, s.ctimeMs) >= sinceMs - windowMs;
}
