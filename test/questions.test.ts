// The table of questions (src/app/questions.ts): the CLI's flags and the MCP tools' arguments
// are made from it, and the lists it shares with the renderers are the renderers' lists.
import { describe, expect, test } from "bun:test";
import { CHANGED_FORMATS, QUESTIONS, boundsFor } from "../src/app/questions.ts";
import { COMMANDS } from "../src/cli/commands.ts";
import { readOptions } from "../src/cli/values.ts";
import { inputSchema, inputShape, readArgs } from "../src/mcp/schema.ts";
import { CHANGED_RENDERERS, FAIL_ON, LEVELS } from "../src/render/changed/index.ts";

const option = (q: keyof typeof QUESTIONS, key: string) => QUESTIONS[q].options.find((o) => o.key === key)!;

describe("the table of questions", () => {
  test("each question's command has exactly the flags of its row, with the defaults it shows", () => {
    for (const q of Object.values(QUESTIONS)) {
      const command = COMMANDS.find((c) => c.name === q.name)!;
      expect(command.options.map((o) => o.flags)).toEqual(q.options.flatMap((o) => (o.cli ? [o.cli.flags] : [])));
      for (const o of q.options) {
        if (!o.cli) continue;
        const shown = command.options.find((c) => c.flags === o.cli!.flags)!.default;
        expect(shown).toBe(o.cli.showDefault ? (boundsFor(o, "cli").default as string | number) : undefined);
      }
    }
  });

  test("each tool's arguments are the row's MCP options, snake_case", () => {
    expect(Object.keys(inputShape(QUESTIONS.outline))).toEqual(["path", "max_children", "docs"]);
    expect(Object.keys(inputShape(QUESTIONS.changed))).toEqual(["base", "head", "staged", "impact", "tests"]);
    expect(Object.keys(inputShape(QUESTIONS.calls))).toEqual(["path", "name", "depth", "max_tokens"]);
    expect(Object.keys(inputShape(QUESTIONS.context))).toEqual(["path", "name", "max_tokens"]);
    expect(Object.keys(inputShape(QUESTIONS.search))).toEqual(["query", "kind", "path", "limit", "text", "fixed_strings"]);
  });

  test("the schema leaves out what says nothing (draft name, 2^53 bounds) but still checks it", () => {
    const schema = inputSchema(QUESTIONS.context);
    expect(schema.safeParse({ path: "a", name: "b", max_tokens: 2 ** 60 }).success).toBe(false);
    expect(schema.safeParse({ path: "a", name: "b", max_tokens: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ path: "a", name: "b", max_tokens: 199 }).success).toBe(false);
    expect(schema.safeParse({ path: "a", name: "b", max_tokens: 800 }).success).toBe(true);
  });

  test("a value left out gets the row's default on each side; the sides differ only where a row says so", () => {
    expect(readOptions(QUESTIONS.calls, {})).toEqual({ depth: 2, maxTokens: 2000, format: "text" });
    expect(readArgs(QUESTIONS.calls, { path: "a", name: "b" })).toEqual({ path: "a", name: "b", depth: 2, maxTokens: 2000 });
    expect(readArgs(QUESTIONS.digest, {}).maxTokens).toBe(readOptions(QUESTIONS.digest, {}).maxTokens);
    expect(readOptions(QUESTIONS.history, {}).limit).toBe(0);
    expect(readArgs(QUESTIONS.history, { path: "a", name: "b" }).limit).toBe(20);
    // A person at a terminal writes a pattern (git grep, rg); an agent pastes the text it saw.
    expect(readOptions(QUESTIONS.search, {}).fixedStrings).toBe(false);
    expect(readArgs(QUESTIONS.search, { query: "q", text: true }).fixedStrings).toBe(true);
    expect(readOptions(QUESTIONS.context, {}).maxTokens).toBe(readArgs(QUESTIONS.context, { path: "a", name: "b" }).maxTokens);
    expect(readOptions(QUESTIONS.changed, {})).toMatchObject({ format: "text", level: "note", failOn: "none", staged: false });
  });

  test("a bad value names the flag, as every command did before the table", () => {
    expect(() => readOptions(QUESTIONS.calls, { depth: "9" })).toThrow("--depth: out of range: 9");
    expect(() => readOptions(QUESTIONS.changed, { level: "loud" })).toThrow("--level takes one of: note, warning, error");
    expect(() => readOptions(QUESTIONS.search, { format: "xml" })).toThrow("unknown format: xml");
    expect(readOptions(QUESTIONS.digest, { focus: ["a,b", "c"] }).focus).toEqual(["a", "b", "c"]);
  });

  test("the lists the renderers keep are the table's", () => {
    expect(Object.keys(CHANGED_RENDERERS)).toEqual([...CHANGED_FORMATS]);
    expect(option("changed", "failOn").choices).toEqual(FAIL_ON);
    expect(option("changed", "level").choices).toEqual(LEVELS);
  });
});
