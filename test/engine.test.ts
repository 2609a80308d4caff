// The engine id covers the code that builds outlines: a build whose extraction changed never
// serves an object an older build cached for the same content.
import { afterAll, describe, expect, test } from "bun:test";
import { appendFileSync, cpSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { engineSourceDigest, engineSourceFiles } from "../src/app/engine/sources.ts";
import { ROOT, tempDir } from "./helpers/cli.ts";
import { BUN, sh, tempRepo } from "./helpers/git-repo.ts";

/** A copy of the project's source beside the real grammars and packages: an engine we may edit. */
function projectCopy() {
  const dir = tempDir("ast-outline-engine-");
  cpSync(join(ROOT, "src"), join(dir.path, "src"), { recursive: true });
  for (const name of ["grammars", "node_modules", "package.json"]) symlinkSync(join(ROOT, name), join(dir.path, name));
  return dir;
}

describe("engine id", () => {
  const copy = projectCopy();
  afterAll(() => copy.cleanup());
  const src = join(copy.path, "src");

  test("covers the outline-building modules and nothing else", () => {
    const files = engineSourceFiles(src);
    for (const f of ["core/outline/build.ts", "core/outline/signature.ts", "core/outline/recovery.ts", "core/outline/extract.ts", "core/outline/references.ts", "core/languages/registry.ts", "core/parse/parser.ts", "core/cache/pack.ts"]) expect(files).toContain(f);
    expect(files).not.toContain("cli/commands/prompt.ts");
    const before = engineSourceDigest(src);
    expect(engineSourceDigest(join(ROOT, "src"))).toBe(before);
    appendFileSync(join(src, "cli/commands/prompt.ts"), "\n// a change outside the engine\n");
    expect(engineSourceDigest(src)).toBe(before);
    appendFileSync(join(src, "core/languages/registry.ts"), "\n// a registry change\n");
    expect(engineSourceDigest(src)).not.toBe(before);
  });

  test("an outline cached by the old engine is not served by a changed one", () => {
    const repo = tempRepo({ "a.py": "def greet(name):\n    return name\n" });
    try {
      const cli = (args: string[]) => sh(repo.path, BUN, [join(src, "cli/index.ts"), ...args], { AST_OUTLINE_NO_REEXEC: "1" });
      expect(cli(["index"]).code).toBe(0);
      const objects = join(repo.path, ".ast_outline_cache", "objects");
      const [oldEngine] = readdirSync(objects);
      expect(cli(["outline", "a.py"]).stdout).toContain("1-2 def greet(name)");

      // Change what extraction produces (every signature gets a marker), as a new build would.
      const build = join(src, "core/outline/nesting.ts");
      const code = readFileSync(build, "utf8");
      const changed = code.replace("signature: signatureOf(", 'signature: "CHANGED " + signatureOf(');
      expect(changed).not.toBe(code);
      writeFileSync(build, changed);
      try {
        const r = cli(["outline", "a.py"]);
        expect(r.code).toBe(0);
        expect(r.stdout).toContain("1-2 CHANGED def greet(name)");
        expect(readdirSync(objects)).toContain(oldEngine);
        expect(cli(["index"]).code).toBe(0);
        expect(readdirSync(objects).filter((e) => e !== oldEngine)).toHaveLength(1);
      } finally {
        writeFileSync(build, code);
      }
    } finally {
      repo.cleanup();
    }
  }, 60_000);
});
