// Command-line arguments that are not UTF-8. The runtime decodes each argument as UTF-8 and
// replaces a byte that is not part of valid UTF-8 with U+FFFD, so `outline $'bad\xff.py'`
// arrived as "bad\uFFFD.py", which names no file. Where the system keeps the bytes
// (/proc/self/cmdline on Linux; macOS and Windows names are Unicode), such an argument is
// taken again from its bytes, decoded as file names are (names.ts: each bad byte a lone
// surrogate, which opens the file and prints as git prints it, "bad\377.py").
import { readFileSync } from "node:fs";
import { decodeName } from "./names.ts";

const REPLACED = "\uFFFD";

/** Whether an argument may have lost bytes (then the process must not start itself again with it: those would be lost too). */
export function mayHaveLostBytes(args: readonly string[]): boolean {
  return args.some((a) => a.includes(REPLACED));
}

/**
 * `args` (the last arguments of this process's command line) with each that held bytes that
 * are not UTF-8 decoded from those bytes; any other argument, or all of them when the command
 * line cannot be read or does not line up with `args`, as it is.
 */
export function argvFromBytes(args: readonly string[], cmdline: () => Buffer = () => readFileSync("/proc/self/cmdline")): string[] {
  if (!mayHaveLostBytes(args)) return [...args];
  let raw: Buffer;
  try {
    raw = cmdline();
  } catch {
    return [...args];
  }
  const parts: Buffer[] = [];
  for (let start = 0; start < raw.length; ) {
    let end = raw.indexOf(0, start);
    if (end < 0) end = raw.length;
    parts.push(raw.subarray(start, end));
    start = end + 1;
  }
  if (parts.length < args.length) return [...args];
  const tail = parts.slice(parts.length - args.length);
  // Each argument must be its bytes as the runtime decoded them: else these are not our arguments.
  if (!tail.every((b, i) => b.toString("utf8") === args[i])) return [...args];
  return args.map((a, i) => (a.includes(REPLACED) ? decodeName(tail[i]) : a));
}
