// `ast-outline hook install | uninstall | run`.
import { installHook, runHook, startHookInBackground, uninstallHook } from "../../app/hook/index.ts";
import { OutlineError, errorLine, usageError } from "../../core/errors.ts";
import { quotePath, toJson } from "../../core/text/quote.ts";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseFormat } from "../options.ts";

export interface HookOptions {
  strict?: boolean;
  force?: boolean;
  background?: boolean;
  format?: string;
}

export async function hookCommand(action: string, options: HookOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json"]);
  // Text: what was done goes to stderr (a git hook's stdout is the user's terminal too); JSON: to stdout, as data.
  const report = (lines: string[], extra: Record<string, unknown> = {}) => {
    if (format === "json") io.out(toJson({ action, ...extra, messages: lines }, 2) + "\n");
    else for (const l of lines) io.note(l);
  };
  if (action === "install") {
    report(installHook(env, undefined, { force: options.force }));
    return EXIT_OK;
  }
  if (action === "uninstall") {
    report(uninstallHook(env));
    return EXIT_OK;
  }
  if (action !== "run") throw usageError(`unknown hook action: ${action}`, "use install, uninstall or run");
  // --strict must see what the refresh finds: it runs in the foreground.
  if (options.background && !options.strict) {
    try {
      if (startHookInBackground(env)) {
        // What it will find is not known here: the run goes on after this one.
        if (format === "json") report([], { background: true });
        return EXIT_OK;
      }
    } catch (e) {
      if (!(e instanceof OutlineError)) throw e;
      // not a repository, or git failed: the foreground run below says so
    }
  }
  // What the hook calls: it never stops a commit on its own account unless --strict.
  const problems: string[] = [];
  try {
    const r = await runHook(env);
    // Not a reason to stop a commit, even with --strict: the file is named, the rest refreshed.
    for (const s of r.skipped) if (s.problem) io.note(`pre-commit: skipped ${quotePath(s.path)}: ${s.reason}`);
    for (const f of r.failed) problems.push(`could not outline ${quotePath(f.path)}: ${f.error}`);
    for (const w of r.warnings) problems.push(w);
  } catch (e) {
    problems.push(e instanceof OutlineError ? errorLine(e) : `internal error: ${e instanceof Error ? e.message : String(e)}`);
  }
  const blocked = problems.length > 0 && options.strict === true;
  if (format === "json") report(problems, { blocked });
  else for (const p of problems) io.note(`pre-commit: warning: ${p}${options.strict ? "" : " (commit not blocked)"}`);
  return blocked ? 1 : EXIT_OK;
}
