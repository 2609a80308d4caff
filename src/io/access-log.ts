// `mcp --log FILE`: one JSON line per tool call, appended as each call is answered, so a log
// read while the server runs (or after it died) holds every call answered so far. The line's
// fields are the contract `stats` reads (app/access-stats.ts).
import { closeSync, openSync, writeSync } from "node:fs";
import { inputError } from "../core/errors.ts";
import { quotePath, toJson } from "../core/text/quote.ts";
import { causeOf } from "./fs-errors.ts";

export interface AccessLogLine {
  /** When the call started, ISO 8601 UTC. */
  time: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** The answer's tokens (core/text/tokens.ts estimate). */
  resultTokens: number;
  durationMs: number;
  /** The error result's message, or null. */
  error: string | null;
  /** When the call named one file (`path`): what reading that whole file would have cost, in tokens. */
  fileTokens?: number;
}

export class AccessLog {
  private constructor(private fd: number | undefined) {}

  /** Opened for appending (created if missing); a path that cannot be written is an input error. */
  static open(path: string): AccessLog {
    try {
      return new AccessLog(openSync(path, "a"));
    } catch (e) {
      throw inputError(`cannot write the log ${quotePath(path)}: ${causeOf(e)}`, "give a writable file for --log");
    }
  }

  write(line: AccessLogLine): void {
    if (this.fd === undefined) return;
    // Arguments are the client's: a raw U+2028, bidi override or C1 control would split or
    // disguise the line for whoever reads the log; written as \uXXXX, the same text once parsed.
    writeSync(this.fd, toJson(line) + "\n");
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
