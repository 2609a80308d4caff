// Before/after pairs: fixtures/changed/<case>/{before,after}/ committed as two commits in a
// temp repo, `changed --format json` compared with the hand-checked <case>/expected.json
// (base/head shas left out). UPDATE_GOLDEN=1 rewrites expected.json: read it before committing.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli } from "./helpers/cli.ts";
import { replaceTree, tempRepo } from "./helpers/git.ts";

const DIR = join(ROOT, "fixtures", "changed");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

describe("changed fixtures", () => {
  for (const name of readdirSync(DIR).sort()) {
    test(name, async () => {
      const repo = tempRepo();
      try {
        replaceTree(repo, join(DIR, name, "before"));
        repo.commit("before");
        replaceTree(repo, join(DIR, name, "after"));
        repo.commit("after");
        const r = await runCli(["changed", "--base", "HEAD~1", "--head", "HEAD", "--format", "json"], repo.path);
        expect(r.stderr).toBe("");
        expect(r.code).toBe(0);
        const { base, head, ...rest } = JSON.parse(r.stdout);
        expect(base).toBe(repo.git("rev-parse", "HEAD~1").trim());
        expect(head).toBe(repo.git("rev-parse", "HEAD").trim());
        const actual = JSON.stringify(rest, null, 2) + "\n";
        const golden = join(DIR, name, "expected.json");
        if (UPDATE || !existsSync(golden)) {
          if (!UPDATE) throw new Error(`missing ${golden} (run UPDATE_GOLDEN=1)`);
          writeFileSync(golden, actual);
        }
        expect(actual).toBe(readFileSync(golden, "utf8"));
      } finally {
        repo.cleanup();
      }
    });
  }
});
