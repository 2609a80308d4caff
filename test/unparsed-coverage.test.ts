// Loss is named: in a file with syntax errors, every definition a plain reference finds (a line
// pattern per language, nothing shared with the outline's code) is outlined, or lies inside a
// range the outline reports as unparsed. On fixtures made from real failures (a zsh plugin
// whose quotes the Bash grammar reads out of step, C test macros) and on clean fixtures of
// several languages with a broken line put in before each of their lines in turn.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { outlineSource } from "../src/core/outline/outline.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { flatten } from "../src/core/symbols/find.ts";
import type { FileOutline } from "../src/core/types.ts";
import { ROOT } from "./helpers/cli.ts";

/** Definitions a line pattern finds: its first group that matched is the name. */
const SHELL = /^\s*(?:function\s+([\w:.-]+)|([\w:.-]+)\s*\(\)\s*\{)/;
const REFERENCE: Record<string, RegExp> = {
  python: /^\s*(?:async\s+)?(?:def|class)\s+(\w+)/,
  typescript: /^\s*(?:export\s+)?(?:abstract\s+)?(?:async\s+)?(?:function|class|interface)\s+(\w+)/,
  // A function head ending its line with `{`: `int f(void) {`, `TEST(suite, name) {`.
  c: /^(?:[A-Za-z_][\w \t*]*[\s*])?([A-Za-z_]\w*)\s*\([^;]*\)\s*\{\s*$/,
  go: /^func\s+(?:\([^)]*\)\s*)?(\w+)/,
  java: /^\s*(?:(?:public|private|protected|static|final|abstract)\s+)*(?:class|interface|enum)\s+(\w+)/,
  kotlin: /^\s*(?:\w+\s+)*(?:fun|class|object|interface)\s+(?:<[^>]*>\s*)?(?:[\w<>, ?]+\.)?(\w+)/,
  rust: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:fn|struct|enum|trait)\s+(\w+)/,
  bash: SHELL,
  zsh: SHELL,
};

interface Lost {
  name: string;
  line: number;
}

async function outline(language: string, text: string, path: string): Promise<FileOutline> {
  return outlineSource({ path, bytes: new TextEncoder().encode(text), language: REGISTRY.byId.get(language)! });
}

/** The reference's definitions the outline neither lists (same name, holding the line) nor names as unparsed. */
function unannounced(language: string, text: string, file: FileOutline): Lost[] {
  const ours = flatten(file.symbols);
  const ranges = file.unparsedRanges ?? [];
  const lost: Lost[] = [];
  text.split("\n").forEach((line, i) => {
    const m = REFERENCE[language].exec(line);
    if (!m) return;
    const name = m[1] ?? m[2];
    const at = i + 1;
    if (ours.some((s) => s.name === name && s.startLine <= at && at <= s.endLine)) return;
    if (ranges.some((r) => r.startLine <= at && at <= r.endLine)) return;
    lost.push({ name, line: at });
  });
  return lost;
}

function hasSyntaxError(file: FileOutline): boolean {
  return file.diagnostics.some((d) => d.message.startsWith("syntax error"));
}

describe("unparsed names every definition a syntax error cost", () => {
  test("a zsh plugin whose first lines put the Bash grammar's quotes out of step", async () => {
    const text = readFileSync(join(ROOT, "fixtures/zsh/desync.zsh"), "utf8");
    const file = await outline("zsh", text, "desync.zsh");
    expect(hasSyntaxError(file)).toBe(true);
    expect(unannounced("zsh", text, file)).toEqual([]);
  });

  test("C test macros that open a body at file scope, and macro statements without `;`", async () => {
    const text = readFileSync(join(ROOT, "fixtures/c/test_macros.c"), "utf8");
    const file = await outline("c", text, "test_macros.c");
    expect(hasSyntaxError(file)).toBe(true);
    expect(unannounced("c", text, file)).toEqual([]);
  });

  // Each clean fixture with a line of one stray token put in before each of its lines: a quote
  // that never closes, an opening or closing bracket.
  const CLEAN: [string, string][] = [
    ["python", "fixtures/python/notifier.py"],
    ["typescript", "fixtures/typescript/classes.ts"],
    ["c", "fixtures/c/buffer.c"],
    ["go", "fixtures/go/server.go"],
    ["java", "fixtures/java/OrderService.java"],
    ["kotlin", "fixtures/kotlin/inventory.kt"],
    ["rust", "fixtures/rust/traits.rs"],
    ["bash", "fixtures/bash/deploy.sh"],
    ["zsh", "fixtures/zsh/plugin.zsh"],
  ];
  for (const [language, path] of CLEAN) {
    test(`${path}, a stray quote or bracket before any line`, async () => {
      const lines = readFileSync(join(ROOT, path), "utf8").split("\n");
      const misses: string[] = [];
      let broken = 0;
      for (let at = 0; at < lines.length; at++) {
        for (const junk of ['"', "(", "{", "}"]) {
          const text = [...lines.slice(0, at), junk, ...lines.slice(at)].join("\n");
          const file = await outline(language, text, path);
          if (hasSyntaxError(file)) broken++;
          for (const l of unannounced(language, text, file)) misses.push(`${JSON.stringify(junk)} before line ${at + 1}: ${l.name} (line ${l.line})`);
        }
      }
      // The stray tokens do break the file (else the check would prove nothing).
      expect(broken).toBeGreaterThan(lines.length);
      expect(misses).toEqual([]);
    }, 120_000);
  }
});

describe("C: a block a macro heads at file scope", () => {
  test("is a function named by the macro, the call its signature, after a macro statement without `;` too", async () => {
    const text = readFileSync(join(ROOT, "fixtures/c/test_macros.c"), "utf8");
    const file = await outline("c", text, "test_macros.c");
    const tests = flatten(file.symbols).filter((s) => s.name.startsWith("TEST"));
    expect(tests.map((s) => [s.kind, s.name, s.signature, s.startLine, s.endLine])).toEqual([
      ["function", "TEST_BEGIN", "TEST_BEGIN(test_queue_basic)", 13, 21],
      ["function", "TEST_BEGIN", "TEST_BEGIN(test_log_enabled)", 33, 37],
      ["function", "TEST", "TEST(queue, drains_in_order)", 40, 44],
    ]);
    // Without arguments the macro gives the parser no name to read: the block is named as unparsed.
    expect(file.unparsedRanges).toEqual([{ startLine: 46, endLine: 48 }]);
  });
});
