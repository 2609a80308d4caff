// The CLI's view of the outside: where results and notes go. Injected so tests and the MCP
// server can capture them.
import { writeSync } from "node:fs";
import { printable } from "../core/text/quote.ts";

export interface CliIO {
  out(chunk: string | Uint8Array): void;
  /** A note, warning or error line for people (stderr); control characters in it are escaped, so it stays one line. */
  note(line: string): void;
  isTTY: boolean;
  /** Redraw a one-line progress indicator on a terminal ("" clears it). */
  progress?(text: string): void;
}

let brokenPipe = false;
/** Set once a write would block: from then on everything goes through the stream, in order. */
let streamed = false;

/**
 * Results go to fd 1 with plain synchronous writes: process.stdout is a stream whose set-up
 * would be a large share of a warm `search`. A pipe left non-blocking by whoever made it can
 * refuse a write (EAGAIN): then the rest, and all later output, goes through process.stdout,
 * which waits.
 */
function writeOut(chunk: string | Uint8Array): void {
  if (brokenPipe) return;
  if (!streamed) {
    let bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    try {
      while (bytes.length) bytes = bytes.subarray(writeSync(1, bytes));
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      // `ast-outline outline . | head` closes the pipe early: stop quietly, like grep.
      if (code === "EPIPE") {
        brokenPipe = true;
        process.exit(0);
      }
      if (code !== "EAGAIN") throw e;
      streamed = true;
      watchStdout();
      chunk = bytes;
    }
  }
  process.stdout.write(chunk);
}

function watchStdout(): void {
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") {
      brokenPipe = true;
      process.exit(0);
    }
    throw e;
  });
}

/** Set once a note would block: from then on notes go through process.stderr, in order. */
let notesStreamed = false;

/**
 * Notes go to fd 2 the same way, for the same reason (process.stderr is a stream with node:tty
 * and node:stream behind it): synchronous writes, and process.stderr, which waits, once one
 * would block. A note that cannot be written at all (stderr closed) is dropped, as the stream
 * would drop it.
 */
function writeNote(text: string): void {
  let bytes = Buffer.from(text, "utf8");
  if (!notesStreamed) {
    try {
      while (bytes.length) bytes = bytes.subarray(writeSync(2, bytes));
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EAGAIN") return;
      notesStreamed = true;
    }
  }
  process.stderr.write(bytes);
}

export function processIO(): CliIO {
  return {
    out: writeOut,
    note: (line) => writeNote(`ast-outline: ${printable(line)}\n`),
    // Asked only when there is progress to show: process.stderr (a stream, and node:tty with
    // node:stream behind it) is set up only then.
    get isTTY() {
      return Boolean(process.stderr.isTTY);
    },
    progress: (text) => writeNote(`\r\x1b[K${text ? `ast-outline: ${printable(text)}` : ""}`),
  };
}

export function captureIO(): CliIO & { stdout: () => string; stderr: () => string } {
  const out: Uint8Array[] = [];
  const err: string[] = [];
  const enc = new TextEncoder();
  return {
    out: (chunk) => out.push(typeof chunk === "string" ? enc.encode(chunk) : chunk),
    note: (line) => err.push(`ast-outline: ${printable(line)}\n`),
    isTTY: false,
    stdout: () => Buffer.concat(out).toString("utf8"),
    stderr: () => err.join(""),
  };
}
