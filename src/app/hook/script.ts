// The pre-commit hook script (hooks/pre-commit). The compiled binary embeds it
// (scripts/build.ts writes it into build/embedded.gen.ts); from source it is read from disk.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { nodeUrl } from "../../io/builtins.ts";

let embedded: string | undefined;

export function setHookScript(text: string): void {
  embedded = text;
}

export function hookScriptTemplate(): string {
  if (embedded !== undefined) return embedded;
  for (let dir = dirname(nodeUrl().fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, "hooks", "pre-commit");
    if (existsSync(file)) return readFileSync(file, "utf8");
    if (dirname(dir) === dir) throw new Error("hooks/pre-commit not found beside the ast-outline sources");
  }
}

export const HOOK_MARKER = "# ast-outline-hook:";

/** Quote for POSIX sh: single quotes, with embedded ones closed and escaped. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The script with the command that ran `install` recorded, so the hook finds it without PATH. */
export function renderHookScript(bin: string, script: string | undefined): string {
  return hookScriptTemplate()
    .replace("__AST_OUTLINE_BIN__", () => shQuote(bin))
    .replace("__AST_OUTLINE_SCRIPT__", () => shQuote(script ?? ""));
}
