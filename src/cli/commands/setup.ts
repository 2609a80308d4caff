// `ast-outline setup <client...> [--scope project|user] [--dry-run] [--uninstall] [--hooks]`:
// registers the MCP server and writes the instructions for agent clients. The planning is
// src/app/setup (pure); the reads, writes and the record are src/io/setup-files.ts.
import { relative } from "node:path";
import { CLIENTS, planSetup, type Scope } from "../../app/setup/index.ts";
import { selfCommand } from "../../app/hook/index.ts";
import { inputError, usageError } from "../../core/errors.ts";
import type { Env } from "../../io/env.ts";
import { readState, readText, realTarget, removeDirs, removeMade, scopeRoots, selfLaunch, setupPlaces, statePath, writeAtomic, writeState } from "../../io/setup-files.ts";
import { shown } from "../../io/workspace.ts";
import { unifiedDiff } from "../../render/setup-diff.ts";
import type { CliIO } from "../io.ts";
import { toJson } from "../../core/text/quote.ts";
import { EXIT_INPUT, EXIT_OK, parseFormat } from "../options.ts";

export interface SetupOptions {
  scope?: string;
  dryRun?: boolean;
  uninstall?: boolean;
  hooks?: boolean;
  command?: string;
  format?: string;
}

const IDS = CLIENTS.map((c) => c.id);

export async function setupCommand(clients: string[], options: SetupOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json"]);
  if (!clients.length) throw usageError("name the clients to set up", `one or more of: ${IDS.join(", ")}, or all`);
  const ids = clients.includes("all") ? IDS : [...new Set(clients)];
  for (const id of ids) if (!IDS.includes(id)) throw usageError(`unknown client: ${shown(id)}`, `one of: ${IDS.join(", ")}, or all`);
  const scope = (options.scope ?? "project") as Scope;
  if (scope !== "project" && scope !== "user") throw usageError(`--scope: ${shown(String(options.scope))}`, "project or user");
  const stateFile = statePath(env);
  const state = readState(stateFile);
  // Where a client picks the first file that exists (Zed's instructions), files setup made do not
  // count: the choice stays the one made on the tree as the user had it.
  const found = setupPlaces(env);
  const places = { ...found, exists: (f: string) => found.exists(f) && !state.files[f]?.created };
  const launch = options.command ? { command: String(options.command), args: [] } : selfLaunch(env, selfCommand());
  const uninstall = options.uninstall === true;
  if (!uninstall && scope === "user") {
    const inside = [launch.command, ...launch.args].find((p) => p.startsWith("/") && !relative(places.project, p).startsWith(".."));
    if (inside) throw inputError(`${shown(inside)} lies inside this repository: a user-scope setup would run it from every project`, "install ast-outline (npm install -g ast-outline, or install.sh), run setup from there, or pass --command PATH");
  }
  const roots = scopeRoots(places, scope);
  const reals = new Map<string, string>();
  const plan = planSetup({ clients: ids, scope, uninstall, hooks: options.hooks === true, launch, places }, state, (file) => {
    const real = realTarget(file, roots);
    reals.set(file, real);
    return readText(real);
  });
  const shownAs = (file: string) => (scope === "project" ? relative(env.cwd, file) || file : file);
  const line = (l: string, file: string) => (l.startsWith(`${file}:`) ? `${shownAs(file)}${l.slice(file.length)}` : l);

  const conflicts = plan.files.filter((f) => f.conflict);
  if (conflicts.length) {
    for (const f of conflicts) io.note(line(f.line, f.file));
    io.note("nothing was written");
    return EXIT_INPUT;
  }
  for (const n of plan.notes) io.note(n);
  // JSON: each file, what happens to it (the text's line), whether it changes, and for a dry run the diff.
  const json = () =>
    toJson({
      scope, uninstall, dryRun: options.dryRun === true,
      files: plan.files.map((f) => ({
        path: shownAs(f.file), changed: f.current !== f.next, summary: line(f.line, f.file), notes: f.notes,
        ...(options.dryRun && f.current !== f.next ? { diff: unifiedDiff(shownAs(f.file), f.current, f.next) } : {}),
      })),
    }, 2) + "\n";
  if (options.dryRun) {
    if (format === "json") io.out(json());
    else for (const f of plan.files) if (f.current !== f.next) io.out(unifiedDiff(shownAs(f.file), f.current, f.next));
    return EXIT_OK;
  }
  const emptied: string[] = [];
  for (const f of plan.files) {
    if (f.current === f.next) continue;
    const real = reals.get(f.file)!;
    if (f.next === null) {
      removeMade(real);
      emptied.push(...(state.files[f.file]?.dirs ?? []));
    } else {
      const made = writeAtomic(real, f.next);
      const rec = plan.state.files[f.file];
      if (rec && made.length) rec.dirs = made;
    }
  }
  removeDirs(emptied);
  writeState(stateFile, plan.state);
  if (format === "json") {
    io.out(json());
    return EXIT_OK;
  }
  for (const f of plan.files) {
    io.out(`${line(f.line, f.file)}\n`);
    for (const n of f.notes) io.note(`${shownAs(f.file)}: ${n}`);
  }
  return EXIT_OK;
}
