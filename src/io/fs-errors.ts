// File-system errors a user's setup causes (permissions, a read-only mount, a full disk, a
// quota): said in one line as input errors (exit 2), never as an internal error with a stack.
import { OutlineError } from "../core/errors.ts";
import { quotePath } from "../core/text/quote.ts";

/** Each such error code, in words. */
export const SETUP_ERRORS: Readonly<Record<string, string>> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
};

/** The error's cause in words: `read-only file system (EROFS)`, else its code (or message). */
export function causeOf(e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === undefined) return e instanceof Error ? e.message : String(e);
  const words = SETUP_ERRORS[code] ?? (code === "ENOENT" ? "no such file or folder" : code === "EISDIR" ? "is a folder" : undefined);
  return words ? `${words} (${code})` : code;
}

/** Where the fix is, for a write that failed with `code` under `dir`. */
export function writeHint(code: string | undefined, dir: string): string {
  switch (code) {
    case "EROFS":
      return `${quotePath(dir)} is on a read-only file system`;
    case "ENOSPC":
    case "EDQUOT":
      return `free some space for ${quotePath(dir)}`;
    default:
      return `check the permissions of ${quotePath(dir)} and the free space`;
  }
}

/** The error as a one-line input error when its code is one of SETUP_ERRORS (`cannot open "x": read-only file system (EROFS)`), else undefined. */
export function setupError(e: unknown): OutlineError | undefined {
  if (!(e instanceof Error)) return undefined;
  const { code, syscall, path } = e as NodeJS.ErrnoException;
  const cause = code === undefined ? undefined : SETUP_ERRORS[code];
  if (!cause) return undefined;
  const what = [syscall, path === undefined ? undefined : quotePath(String(path))].filter(Boolean).join(" ");
  return new OutlineError({ kind: "file-system", what, cause, code: code as string });
}
