// The CLI's view of the outside: where results and notes go. Injected so tests and the MCP
// server can capture them.

export interface CliIO {
  out(chunk: string | Uint8Array): void;
  /** A note, warning or error line for people (stderr). */
  note(line: string): void;
  isTTY: boolean;
  /** Redraw a one-line progress indicator on a terminal ("" clears it). */
  progress?(text: string): void;
}

let brokenPipe = false;

export function processIO(): CliIO {
  process.stdout.on("error", (e: NodeJS.ErrnoException) => {
    // `ast-outline outline . | head` closes the pipe early: stop quietly, like grep.
    if (e.code === "EPIPE") {
      brokenPipe = true;
      process.exit(0);
    }
    throw e;
  });
  return {
    out: (chunk) => {
      if (!brokenPipe) process.stdout.write(chunk);
    },
    note: (line) => process.stderr.write(`ast-outline: ${line}\n`),
    isTTY: Boolean(process.stderr.isTTY),
    progress: (text) => process.stderr.write(`\r\x1b[K${text ? `ast-outline: ${text}` : ""}`),
  };
}

export function captureIO(): CliIO & { stdout: () => string; stderr: () => string } {
  const out: Uint8Array[] = [];
  const err: string[] = [];
  const enc = new TextEncoder();
  return {
    out: (chunk) => out.push(typeof chunk === "string" ? enc.encode(chunk) : chunk),
    note: (line) => err.push(`ast-outline: ${line}\n`),
    isTTY: false,
    stdout: () => Buffer.concat(out).toString("utf8"),
    stderr: () => err.join(""),
  };
}
