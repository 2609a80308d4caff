// The pre-commit hook script (hooks/pre-commit), from the runtime (core/runtime.ts): the
// compiled binary embeds it (scripts/build.ts writes it into build/embedded.gen.ts); from source
// it is read from disk (io/disk-assets.ts).
import { runtimeHookScript } from "../../core/runtime.ts";

export const HOOK_MARKER = "# ast-outline-hook:";

/** Quote for POSIX sh: single quotes, with embedded ones closed and escaped. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The script with the command that ran `install` recorded, so the hook finds it without PATH. */
export function renderHookScript(bin: string, script: string | undefined): string {
  return runtimeHookScript()
    .replace("__AST_OUTLINE_BIN__", () => shQuote(bin))
    .replace("__AST_OUTLINE_SCRIPT__", () => shQuote(script ?? ""));
}
