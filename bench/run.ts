// `npm run bench [name...] [-- options]`: runs every benchmark, or the named ones.
// Numbers and how to read them: bench/README.md.
import { run as conformancePython } from "./conformance-python.ts";
import { run as conformanceTypescript } from "./conformance-typescript.ts";
import { run as speed } from "./speed.ts";
import { run as tokens } from "./tokens.ts";
import { run as signatures } from "./signatures.ts";
import { run as parseFloor } from "./parse-floor.ts";
import { run as conformance } from "./conformance.ts";
import { spawnSync } from "node:child_process";
import { join } from "node:path";

/** Benchmarks that are scripts of their own run as a child process with the same options. */
const script = (file: string) => async (args: string[]) => {
  const r = spawnSync(process.execPath, [join(import.meta.dir, file), ...args], { stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${file} exited ${r.status}`);
};

const BENCHMARKS: Record<string, (args: string[]) => Promise<void>> = {
  conformance,
  "conformance-python": conformancePython,
  "conformance-typescript": conformanceTypescript,
  speed,
  tokens,
  signatures,
  index: script("index.ts"),
  changed: script("changed.ts"),
  impact: script("impact.ts"),
  "impact-fresh": script("impact-fresh.ts"),
  history: script("history.ts"),
  "history-origins": script("history-origins.ts"),
  "changed-formats": script("changed-formats.ts"),
  refactorings: script("refactorings.ts"),
  classification: script("classification.ts"),
  "comment-render": script("comment-render.ts"),
  agents: script("mcp.ts"),
  "mcp-search": script("mcp-search.ts"),
  "mcp-first": script("mcp-first.ts"),
  context: script("context.ts"),
  map: script("map.ts"),
  "mcp-digest": script("mcp-digest.ts"),
  "mcp-tools": script("mcp-tools.ts"),
  "digest-calls": script("digest-calls.ts"),
  "parse-floor": parseFloor,
  floor: script("floor.ts"),
  scale: script("scale.ts"),
  startup: script("startup.ts"),
  commands: script("commands.ts"),
  "affected-tests": script("affected-tests.ts"),
};

const args = process.argv.slice(2);
// Names first, then options (an option may take several values: `--lang c cpp`).
const firstOption = args.findIndex((a) => a.startsWith("-"));
const names = firstOption < 0 ? args : args.slice(0, firstOption);
const unknown = names.filter((n) => !BENCHMARKS[n]);
if (unknown.length) {
  console.error(`bench: unknown benchmark ${unknown.join(", ")} (one of: ${Object.keys(BENCHMARKS).join(", ")})`);
  process.exit(2);
}
const options = args.slice(names.length);
for (const name of names.length ? names : Object.keys(BENCHMARKS)) {
  console.log(`\n== ${name}`);
  await BENCHMARKS[name](options);
}
