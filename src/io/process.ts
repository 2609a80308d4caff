// Child processes run to completion (git is the only one). Two runners give the same Exit:
// Bun's own spawn (under Bun, where loading node:child_process and the Node streams under it
// would cost a cold process more main-thread time than the git call itself) and
// node:child_process (Node, Deno). Which one a run uses is part of its Env (env.ts).
import { childProcess } from "./builtins.ts";

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

/** How child processes start: asynchronously (`start`), or run to completion synchronously. */
export interface ProcessRunner {
  start(cmd: string, args: string[], opts: RunOptions): Started;
  runSync(cmd: string, args: string[], opts: RunOptions & { input?: Uint8Array }): Exit;
  /**
   * Start a process that goes on without this one: in a session of its own, no stdin, its
   * output dropped, not waited for. Returns the error that kept it from starting, if any.
   */
  detach(cmd: string, args: string[], opts: RunOptions): Error | undefined;
}

/** Both runners detach through node:child_process (its `detached` puts the child in a session of its own). */
function detach(cmd: string, args: string[], opts: RunOptions): Error | undefined {
  try {
    const child = childProcess().spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: "ignore", detached: true });
    let failed: Error | undefined;
    child.on("error", (e) => (failed = e));
    child.unref();
    return child.pid === undefined ? (failed ?? new Error(`could not start ${cmd}`)) : undefined;
  } catch (e) {
    return notStarted(e);
  }
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

/** Bun's spawn where there is one, else node:child_process. */
export function defaultRunner(): ProcessRunner {
  const bun = (globalThis as { Bun?: BunSpawn }).Bun;
  return bun ? bunRunner(bun) : nodeRunner;
}

const empty = () => Buffer.alloc(0);

/** Bun throws at spawn when the program (or the cwd) is missing, with `code` ENOENT as Node reports it. */
function notStarted(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

function bunRunner(b: BunSpawn): ProcessRunner {
  return {
    start(cmd, args, opts) {
      let child: ReturnType<BunSpawn["spawn"]>;
      try {
        child = b.spawn([cmd, ...args], { cwd: opts.cwd, env: opts.env, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
      } catch (e) {
        const code = notStarted(e);
        return { finish: async () => ({ code, stdout: empty(), stderr: empty() }) };
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
    },
    detach,
    runSync(cmd, args, opts) {
      try {
        const r = b.spawnSync([cmd, ...args], { cwd: opts.cwd, env: opts.env, stdin: opts.input, stdout: "pipe", stderr: "pipe" });
        return { code: r.exitCode ?? 1, stdout: r.stdout ?? empty(), stderr: r.stderr ?? empty() };
      } catch (e) {
        return { code: notStarted(e), stdout: empty(), stderr: empty() };
      }
    },
  };
}

export const nodeRunner: ProcessRunner = {
  detach,
  start(cmd, args, opts) {
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
  },
  runSync(cmd, args, opts) {
    const r = childProcess().spawnSync(cmd, args, { cwd: opts.cwd, env: opts.env, input: opts.input, maxBuffer: 1 << 30 });
    return { code: r.error ?? r.status ?? 1, stdout: r.stdout ?? empty(), stderr: r.stderr ?? empty() };
  },
};
