// What the MCP benchmarks share: their command line (a repository, --binary, other options),
// the warm index they start from, and the server's CPU time read from /proc.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface McpBench {
  repo: string;
  binary: string;
  /** The value after an option, if given. */
  opt(name: string): string | undefined;
}

/**
 * The repository (the first argument that is no option or option value; default the ~6,500-file
 * one the top of bench/mcp-search.ts says how to make) indexed with the binary, or an exit with
 * a one-line message when it is no git work tree.
 */
export function mcpBench(name: string, argv: string[]): McpBench {
  const opt = (o: string) => (argv.includes(o) ? argv[argv.indexOf(o) + 1] : undefined);
  const repo = argv.find((a, i) => !a.startsWith("--") && !(i > 0 && argv[i - 1].startsWith("--"))) ?? "/work/data/scala3-6500";
  const binary = opt("--binary") ?? join(import.meta.dirname, "..", "dist", "ast-outline");
  if (!existsSync(join(repo, ".git"))) {
    console.error(`${name}: ${repo} is not a git work tree (see the top of bench/mcp-search.ts)`);
    process.exit(2);
  }
  const index = spawnSync(binary, ["index"], { cwd: repo, encoding: "utf8" });
  if (index.status !== 0) throw new Error(`index failed: ${index.stderr}`);
  console.log(`${repo}: ${index.stdout.trim()}`);
  return { repo, binary, opt };
}

/** CPU time (user + system) of a process so far, ms; undefined where /proc is not there. */
export function cpuOf(pid: number | null | undefined): number | undefined {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks (USER_HZ 100)
}
