// `ast-outline tests [paths...]`: the tests a change can reach (app/tests/affected.ts).
import { affectedTests, DEFAULT_TEST_DEPTH } from "../../app/tests/index.ts";
import type { Env } from "../../io/env.ts";
import { parseSize, DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { renderTestsCommand, renderTestsJson, renderTestsText } from "../../render/tests-text.ts";
import type { CliIO } from "../io.ts";
import { changeRange, EXIT_NOT_FOUND, EXIT_OK, parseCount, parseFormat } from "../options.ts";

export interface TestsCommandOptions {
  base?: unknown;
  head?: unknown;
  staged?: boolean;
  mergeBase?: boolean;
  depth?: unknown;
  format?: string;
  maxSize?: unknown;
}

export async function testsCommand(paths: string[], options: TestsCommandOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json", "command"]);
  const found = await affectedTests({
    env,
    ...changeRange(options),
    maxBytes: options.maxSize === undefined ? DEFAULT_MAX_BYTES : parseSize(options.maxSize),
    maxDepth: parseCount(options.depth, "--depth", DEFAULT_TEST_DEPTH, 64),
    paths: (paths ?? []).map(String),
  });
  if (format === "json") io.out(renderTestsJson(found));
  else if (format === "text") io.out(renderTestsText(found));
  else {
    if (found.wholeSuite) io.note(`the whole suite: ${found.wholeSuite.reason}`);
    const command = renderTestsCommand(found);
    if (command) io.out(command);
    else io.note("no test can reach this change");
  }
  return found.tests.length || found.wholeSuite ? EXIT_OK : EXIT_NOT_FOUND;
}
