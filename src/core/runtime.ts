// What the process runs with, given by its entry point (configureRuntime, once, before any
// work): where the tree-sitter runtime, the grammars, the queries and the hook script come from
// (the compiled binary's embedded copies, or the files on disk: src/io/disk-assets.ts), the
// SHA-256 to use, and what one parse may cost. The core reads it and never sets it.
//   the binary: src/bin/binary.ts, src/bin/parse-worker.ts; from source: src/cli/index.ts and the
//   parse worker (src/app/index/parse/worker.ts); tests: test/helpers/runtime.ts (bunfig preload).
import type { GrammarSource } from "./languages/registry.ts";

export interface AssetSource {
  runtimeWasm(): Uint8Array;
  grammarWasm(grammar: GrammarSource): Uint8Array;
  query(name: string): string;
  /** Another query file of a query folder (grammars/<folder>/<file>), or undefined if it has none. */
  queryFile(folder: string, file: string): string | undefined;
  grammarVersion(grammar: GrammarSource): string;
  /** The engine id (src/app/engine/id.ts) when known in advance: the binary's embedded assets never change. */
  engineId?: string;
}

/** What one parse may cost (core/parse/limits.ts says what each bound is for). */
export interface ParseLimits {
  /** The WebAssembly heap a parse may grow past. */
  heapBytes: number;
  /** The time a parse of a small file may take, in ms (0: no bound). */
  budgetMs: number;
}

export const DEFAULT_PARSE_LIMITS: Readonly<ParseLimits> = { heapBytes: 1024 * 1024 * 1024, budgetMs: 1000 };

export interface Runtime {
  assets: AssetSource;
  /** The pre-commit hook script (hooks/pre-commit), its command still to fill in (app/hook/script.ts). */
  hookScript: () => string;
  /** SHA-256 as hex digits (the binary's native hasher); undefined: node:crypto's. */
  sha256Hex?: (data: Uint8Array | string) => string;
  limits: ParseLimits;
}

let current: Partial<Runtime> = {};

/**
 * Sets what is given and keeps the rest: an entry point gives its assets and hasher; main gives
 * the limits it reads from the environment (AST_OUTLINE_PARSE_BUDGET_MS); a parse worker takes
 * the limits of the thread that started it.
 */
export function configureRuntime(parts: Partial<Runtime>): void {
  current = { ...current, ...parts };
}

/** Whether an entry point gave the assets (a parse worker from source gives the disk's when not). */
export function runtimeConfigured(): boolean {
  return current.assets !== undefined;
}

function given<K extends keyof Runtime>(key: K): NonNullable<Runtime[K]> {
  const value = current[key];
  if (value === undefined) throw new Error(`ast-outline: no ${key} in the runtime (the entry point calls configureRuntime first)`);
  return value as NonNullable<Runtime[K]>;
}

export const runtimeAssets = (): AssetSource => given("assets");
export const runtimeHookScript = (): string => given("hookScript")();
export const runtimeSha256Hex = (): Runtime["sha256Hex"] => current.sha256Hex;
export const parseLimits = (): ParseLimits => current.limits ?? DEFAULT_PARSE_LIMITS;
