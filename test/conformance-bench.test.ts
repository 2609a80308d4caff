// The conformance bench's own logic (bench/conformance.ts): matching an oracle's definitions
// with the outline's, the ctags rules that drop ctags' misreadings, the line oracles and the Vue
// script extraction. Fixtures live in test/conformance/fixtures (CI has no fetched code and
// maybe no ctags: the ctags output is saved next to each source file, made with the bench's own
// arguments, `ctagsArgs` in test/conformance/ctags.ts). Annotated.java.ctags.json has one tag
// added by hand, `ghost` on line 12, standing for a definition the outline does not have.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { outlineFile } from "../src/app/outline-file.ts";
import { testEnv } from "./helpers/cli.ts";
import { parseCtagsJson } from "./conformance/ctags.ts";
import { scalaDefs, swiftDefs, zshDefs } from "./conformance/line-oracles.ts";
import { matchFile, ourDefsOf, simpleName, type OracleDef, type OurDef } from "./conformance/match.ts";
import { ctagsDefs, ORACLES, vueScriptText } from "./conformance/oracles.ts";

const FIXTURES = join(import.meta.dir, "conformance/fixtures");

async function scoreFixture(name: string, language: string) {
  const path = join(FIXTURES, name);
  const text = readFileSync(path, "utf8");
  const rule = ORACLES[language].ctags!;
  const oracle = ctagsDefs(rule, parseCtagsJson(readFileSync(`${path}.ctags.json`, "utf8")), text);
  const { outline } = await outlineFile(testEnv(), path, { cache: false });
  const errors = outline.diagnostics.filter((d) => d.message.startsWith("syntax error")).map((d) => d.line);
  return { oracle, score: matchFile(oracle, ourDefsOf(outline.symbols, text.split("\n")), errors.length ? Math.min(...errors) : undefined) };
}

const our = (name: string, start: number, end: number, nameLine = start, kind = "function"): OurDef => ({ name, kind, start, end, nameLine });
const ref = (name: string, line: number, end?: number, start?: number): OracleDef => ({ name, kind: "function", line, end, start });

describe("matching an oracle with the outline", () => {
  test("a name line inside our [startLine, name line] span matches; the end decides exactness", () => {
    const s = matchFile([ref("run", 12, 14), ref("stop", 20, 22)], [our("run", 10, 14, 12), our("stop", 18, 23, 20)]);
    expect(s.found).toBe(2);
    expect(s.loose).toBe(0);
    expect(s.ranged).toBe(2);
    expect(s.exact).toBe(1);
    expect(s.rangeDiffs.map((d) => d.def.name)).toEqual(["stop"]);
  });

  test("a line before our start, or past our name line, is not in the window", () => {
    const s = matchFile([ref("run", 9), ref("go", 15)], [our("run", 10, 14, 12), our("go", 14, 30, 14)]);
    // `go` at 15 lies inside its body: found only by the last pass, and counted as loose.
    expect(s.found).toBe(1);
    expect(s.loose).toBe(1);
    expect(s.misses.map((m) => m.def.name)).toEqual(["run"]);
  });

  test("overloads pair one to one, each with its own range", () => {
    const s = matchFile([ref("f", 5, 7), ref("f", 1, 3)], [our("f", 1, 3), our("f", 5, 7)]);
    expect(s.exact).toBe(2);
    const one = matchFile([ref("f", 1, 3), ref("f", 1, 3)], [our("f", 1, 3)]);
    expect(one.found).toBe(1);
    expect(one.misses).toHaveLength(1);
  });

  test("an oracle start (ast, the TS compiler) must equal ours for an exact range", () => {
    const s = matchFile([ref("C", 3, 9, 2)], [our("C", 3, 9)]);
    expect(s.found).toBe(1);
    expect(s.exact).toBe(0);
  });

  test("a miss says whether the file's first parse error comes before it", () => {
    const s = matchFile([ref("a", 5), ref("b", 50)], [], 20);
    expect(s.misses.map((m) => [m.def.name, m.afterError, m.fileHasError])).toEqual([
      ["a", false, true],
      ["b", true, true],
    ]);
    expect(matchFile([ref("a", 5)], []).misses[0].fileHasError).toBe(false);
  });

  test("names compare by their last segment", () => {
    expect(simpleName("Foo::bar")).toBe("bar");
    expect(simpleName("Hono.#clone")).toBe("#clone");
    expect(simpleName('create."Program:exit"')).toBe("Program:exit");
    expect(simpleName("../...ContextVariableMap")).toBe("ContextVariableMap");
    expect(simpleName("Foo::operator ==")).toBe("operator==");
    expect(simpleName("..<")).toBe("..<");
    expect(simpleName("_omz::plugin::list")).toBe("list");
  });
});

describe("the bench against saved ctags output", () => {
  test("Java: annotations, overloads, a comment in the header; the hand-added ghost is the one miss", async () => {
    const { oracle, score } = await scoreFixture("Annotated.java", "java");
    expect(oracle.map((d) => d.name)).not.toContain("demo"); // packages are not scored
    expect(score.total).toBe(15);
    expect(score.misses.map((m) => `${m.def.name}:${m.def.line}`)).toEqual(["ghost:12"]);
    expect(score.found).toBe(14);
    expect(score.exact).toBe(14);
    // Annotated lines come before the name: the window holds them. At most `run(int)`, whose
    // signature starts at a comment, is found by the last pass only.
    expect(score.loose).toBeLessThanOrEqual(1);
  });

  test("C++: locals and macro calls in a `TEST_CASE` body are not counted; the rest is found", async () => {
    const { oracle, score } = await scoreFixture("macro_test.cpp", "cpp");
    expect(oracle.map((d) => `${d.name}:${d.line}`)).toEqual(["demo:3", "Point:5", "x:6", "y:7", "area:10", "counter:14", "area:24"]);
    expect(score.found).toBe(7);
    expect(score.misses).toEqual([]);
  });
});

describe("line oracles", () => {
  test("Swift: declarations after attributes and modifiers, operators, extensions; not in comments or strings", () => {
    const src = [
      "@available(macOS 13, *)",
      "public final class A {",
      "  @MainActor private nonisolated(unsafe) func run() {}",
      "  static func == (l: A, r: A) -> Bool { true }",
      "  class var shared: A { A() }",
      "  init?(x: Int) {}",
      "  // func commented() {}",
      '  let s = """',
      "  func inString() {}",
      '  """',
      "}",
      "extension [Int] { func sum() -> Int { 0 } }",
      "struct `Default` {}",
    ].join("\n");
    expect(swiftDefs(src).map((d) => `${d.kind} ${d.name}:${d.line}`)).toEqual([
      "class A:2", "func run:3", "func ==:4", "init init:6", "extension [Int]:12", "func sum:12", "struct Default:13",
    ]);
  });

  test("Scala: defs, classes and objects with modifiers, Scala 3 enum and named given; not anonymous givens", () => {
    const src = [
      "package object util {",
      "  private[util] final case class Box(v: Int)",
      "  sealed trait T { self =>",
      "    def unary_! : T = this",
      "  }",
      "}",
      "enum Color { case Red }",
      "given intOrd: Ordering[Int] = Ordering.Int",
      "given Ordering[String] with {}",
      'val s = "def notADef = 1"',
      "object O { def a = 1; def b = 2 }",
    ].join("\n");
    expect(scalaDefs(src).map((d) => `${d.kind} ${d.name}:${d.line}`)).toEqual([
      "package object util:1", "class Box:2", "trait T:3", "def unary_!:4", "enum Color:7", "given intOrd:8", "object O:11", "def a:11", "def b:11",
    ]);
  });

  test("zsh: both function forms, several names at once, nothing in here-documents or comments", () => {
    const src = [
      "function a b {",
      "}",
      "_omz::log() {",
      "  cat <<EOF",
      "fake() {",
      "EOF",
      "}",
      "# notme() {",
      "() { anonymous }",
    ].join("\n");
    expect(zshDefs(src).map((d) => `${d.name}:${d.line}`)).toEqual(["a:1", "b:1", "_omz::log:3"]);
  });

  test("Vue: the script blocks keep their lines, the rest is blanked, lang picks the compiler's kind", () => {
    const sfc = '<template>\n  <div/>\n</template>\n<script setup lang="ts">\nconst go = () => 1\n</script>\n';
    const { text, ext } = vueScriptText(sfc);
    expect(ext).toBe(".ts");
    expect(text.split("\n")).toHaveLength(sfc.split("\n").length);
    expect(text.split("\n")[4]).toBe("const go = () => 1");
    expect(text.split("\n")[1].trim()).toBe("");
  });
});
