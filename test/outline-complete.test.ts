// Machine output is complete by default: JSON/JSONL and `search` list every definition; only
// the text outline caps members (--max-children, default 40) and says what it left out.
import { afterAll, describe, expect, test } from "bun:test";
import { runCli } from "./helpers/cli.ts";
import { tempRepo, write } from "./helpers/git-repo.ts";

const METHODS = 60;
const source = `class Big:\n${Array.from({ length: METHODS }, (_, i) => `    def m${i}(self):\n        return ${i}\n`).join("")}`;

describe("members of a large class", () => {
  const repo = tempRepo({});
  write(repo.path, "big.py", source);
  afterAll(() => repo.cleanup());

  test("json and jsonl list every member unless a cap is asked for", async () => {
    const json = await runCli(["outline", "big.py", "--format", "json"], repo.path);
    expect(json.code).toBe(0);
    const file = JSON.parse(json.stdout);
    expect(file.symbols[0].children.map((s: { name: string }) => s.name)).toEqual(Array.from({ length: METHODS }, (_, i) => `m${i}`));
    expect(file.symbols[0].elidedChildren).toBeUndefined();

    const jsonl = await runCli(["outline", "big.py", "--format", "jsonl"], repo.path);
    expect(JSON.parse(jsonl.stdout.trim())).toEqual(file);

    const capped = JSON.parse((await runCli(["outline", "big.py", "--format", "json", "--max-children", "5"], repo.path)).stdout);
    expect(capped.symbols[0].children).toHaveLength(5);
    expect(capped.symbols[0].elidedChildren).toBe(METHODS - 5);
  });

  test("the text outline caps members at 40 by default and names the elided lines", async () => {
    const text = (await runCli(["outline", "big.py"], repo.path)).stdout;
    expect(text).toContain(" m39(self)");
    expect(text).not.toContain(" m40(self)");
    expect(text).toContain(`… ${METHODS - 40} more (lines 82-${1 + 2 * METHODS}; --max-children 0 shows all)`);
    const all = (await runCli(["outline", "big.py", "--max-children", "0"], repo.path)).stdout;
    expect(all).toContain(` m${METHODS - 1}(self)`);
  });

  test("search finds a member the text outline elides", async () => {
    const r = await runCli(["search", `Big.m${METHODS - 1}`, "--format", "json", "--root", repo.path], repo.path);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`"qualifiedName": "Big.m${METHODS - 1}"`);
  });
});
