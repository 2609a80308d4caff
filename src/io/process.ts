// Child processes run to completion (git is the only one). Under Bun by Bun's own spawn: a
// cold Bun process paid ~25 ms of main-thread time to load node:child_process and the Node
// streams under it before its first git call (measured in a compiled binary on the 2-core dev
// box: 28 ms vs 3 ms to start two git processes), on the critical path of a one-commit
// `changed`. Node and Deno use node:child_process. Both give the same Exit.
import { childProcess } from "../core/builtins.ts";

export interface Exit {
  /** The exit code, or the error that kept the process from running (ENOENT: not installed). */
  code: number | Error;
  stdout: Buffer;
  stderr: Buffer;
}

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/** A started process; `finish` writes `input` (may be empty) to its stdin, closes it and waits for the exit. Call it once. */
export interface Started {
  finish(input: string): Promise<Exit>;
}

/** The part of Bun's API used here (src/ is type-checked against Node's types only). */
interface BunSpawn {
  spawn(cmd: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; stdin: "pipe"; stdout: "pipe"; stderr: "pipe" }): {
    stdin: { write(data: string): unknown; end(): unknown };
    stdout: ReadableStream<Uint8Array>;
    stderr: ReadableStream<Uint8Array>;
    exited: Promise<number>;
  };
  spawnSync(cmd: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; stdin?: Uint8Array; stdout: "pipe"; stderr: "pipe" }): {
    exitCode: number | null;
    stdout?: Buffer;
    stderr?: Buffer;
  };
}

let bun = (globalThis as { Bun?: BunSpawn }).Bun;

/** Tests: run through node:child_process even under Bun (false), or back to the default (true). */
export function useBunSpawn(on: boolean): void {
  bun = on ? (globalThis as { Bun?: BunSpawn }).Bun : undefined;
}

/** Bun throws at spawn when the program (or the cwd) is missing, with `code` ENOENT as Node reports it. */
function notStarted(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

export function start(cmd: string, args: string[], opts: RunOptions): Started {
  return bun ? startBun(bun, cmd, args, opts) : startNode(cmd, args, opts);
}

function startBun(b: BunSpawn, cmd: string, args: string[], opts: RunOptions): Started {
  let child: ReturnType<BunSpawn["spawn"]>;
  try {
    child = b.spawn([cmd, ...args], { cwd: opts.cwd, env: opts.env, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  } catch (e) {
    const code = notStarted(e);
    return { finish: async () => ({ code, stdout: Buffer.alloc(0), stderr: Buffer.alloc(0) }) };
  }
  // Read both pipes from the start, so a process writing a lot never blocks on a full pipe.
  const stdout = new Response(child.stdout).arrayBuffer();
  const stderr = new Response(child.stderr).arrayBuffer();
  return {
    finish: async (input) => {
      try {
        if (input) child.stdin.write(input);
        child.stdin.end();
      } catch {
        // the process is gone already: its exit code says why
      }
      const [out, err, code] = await Promise.all([stdout, stderr, child.exited]);
      return { code, stdout: Buffer.from(out), stderr: Buffer.from(err) };
    },
  };
}

function startNode(cmd: string, args: string[], opts: RunOptions): Started {
  const child = childProcess().spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ["pipe", "pipe", "pipe"] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (c: Buffer) => out.push(c));
  child.stderr.on("data", (c: Buffer) => err.push(c));
  child.stdin.on("error", () => {}); // reported through `close`
  const exited = new Promise<number | Error>((resolve) => {
    child.on("error", (e) => resolve(e));
    child.on("close", (code) => resolve(code ?? 1));
  });
  return {
    finish: async (input) => {
      child.stdin.end(input);
      const code = await exited;
      return { code, stdout: Buffer.concat(out), stderr: Buffer.concat(err) };
    },
  };
}

/** Run to completion, synchronously (the cache and the hook walk files synchronously). */
export function runSync(cmd: string, args: string[], opts: RunOptions & { input?: Uint8Array }): Exit {
  if (bun) {
    try {
      const r = bun.spawnSync([cmd, ...args], { cwd: opts.cwd, env: opts.env, stdin: opts.input, stdout: "pipe", stderr: "pipe" });
      return { code: r.exitCode ?? 1, stdout: r.stdout ?? Buffer.alloc(0), stderr: r.stderr ?? Buffer.alloc(0) };
    } catch (e) {
      return { code: notStarted(e), stdout: Buffer.alloc(0), stderr: Buffer.alloc(0) };
    }
  }
  const r = childProcess().spawnSync(cmd, args, { cwd: opts.cwd, env: opts.env, input: opts.input, maxBuffer: 1 << 30 });
  return { code: r.error ?? r.status ?? 1, stdout: r.stdout ?? Buffer.alloc(0), stderr: r.stderr ?? Buffer.alloc(0) };
}
