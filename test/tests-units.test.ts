// What a test is, per runner (core/languages/test-conventions.ts), on real grammars: the table
// walked, and each ecosystem's tests found in a sample file.
import { describe, expect, test } from "bun:test";
import { TEST_CONVENTIONS } from "../src/core/languages/test-conventions.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { testBlocks } from "../src/core/tests/blocks.ts";
import { selectionCommand } from "../src/core/tests/command.ts";
import { codeOnly } from "../src/core/tests/prose.ts";
import { isTestFile, testUnits } from "../src/core/tests/units.ts";

const row = (id: string) => TEST_CONVENTIONS.find((r) => r.id === id)!;

async function unitsOf(runner: string, path: string, text: string) {
  const conv = row(runner);
  const language = REGISTRY.byId.get(conv.languages.find((l) => REGISTRY.byId.get(l)!.extensions.some((e) => path.endsWith(e)))!)!;
  const outline = await outlineSource({ path, bytes: new TextEncoder().encode(text), language });
  const blocks = conv.blockTests?.length ? (await testBlocks(text, language)) ?? [] : [];
  expect(isTestFile(conv, path, language.id)).toBe(true);
  return testUnits(conv, path, outline.symbols, text.split("\n"), blocks);
}

describe("the runner table", () => {
  test("every row names languages of the registry, one id each, and a command form", () => {
    const ids = TEST_CONVENTIONS.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of TEST_CONVENTIONS) {
      for (const l of r.languages) expect(REGISTRY.byId.has(l)).toBe(true);
      expect(selectionCommand(r, [])).toBeUndefined();
      expect(selectionCommand(r, [{ path: "t/a_test.x", name: "t1", qualifiedName: "t1", startLine: 1, endLine: 2 }])).toStartWith(r.command.form === "maven" ? "mvn " : r.command.select);
    }
  });

  test("every tests.scm and prose.scm compiles against its grammar", async () => {
    const samples: Record<string, string> = { python: "x = 'a'  # b\n", javascript: "it('a', () => {}) // b\n", typescript: "it('a', () => {}) // b\n", go: "package a // b\n", ruby: "it 'a' do\nend\n" };
    for (const [id, text] of Object.entries(samples)) {
      const spec = REGISTRY.byId.get(id)!;
      const prose = await codeOnly(text, spec);
      if (prose !== undefined) expect(prose.length).toBe(text.length);
      const blocks = await testBlocks(text, spec);
      if (id === "javascript" || id === "typescript" || id === "ruby") expect(blocks?.map((b) => b.callee)).toEqual(["it"]);
    }
  });
});

describe("tests per ecosystem", () => {
  test("pytest and unittest: test functions at the top level and test methods of classes, not helpers or fixtures", async () => {
    const units = await unitsOf("pytest", "tests/test_a.py", [
      "import pytest, unittest",
      "@pytest.fixture",
      "def test_data():",
      "    return 1",
      "def helper():",
      "    def test_inner(): pass",
      "def test_one(): pass",
      "class TestA:",
      "    def test_two(self): pass",
      "    def setup_method(self): pass",
      "class Cases(unittest.TestCase):",
      "    def test_three(self): pass",
      "",
    ].join("\n"));
    // A fixture named test_* is a test to pytest's collector only when not a fixture; it is listed (safety first).
    expect(units.map((u) => u.qualifiedName)).toEqual(["test_data", "test_one", "TestA.test_two", "Cases.test_three"]);
  });

  test("Go: Test, Example and Fuzz functions of _test.go files, not benchmarks", async () => {
    const units = await unitsOf("go", "pkg/a_test.go", "package pkg\n\nfunc TestA(t *testing.T) {}\nfunc ExampleA() {}\nfunc FuzzA(f *testing.F) {}\nfunc BenchmarkA(b *testing.B) {}\nfunc helper() {}\n");
    expect(units.map((u) => u.name)).toEqual(["TestA", "ExampleA", "FuzzA"]);
  });

  test("Rust: functions under #[test] or #[tokio::test], in any file", async () => {
    const units = await unitsOf("cargo", "src/lib.rs", "fn add() {}\n#[cfg(test)]\nmod tests {\n    #[test]\n    fn adds() {}\n    #[tokio::test]\n    async fn later() {}\n    fn helper() {}\n}\n");
    expect(units.map((u) => u.name)).toEqual(["adds", "later"]);
  });

  test("JUnit 4/5: methods annotated @Test or @ParameterizedTest", async () => {
    const units = await unitsOf("maven", "src/test/java/AppTest.java", "class AppTest {\n  @Test\n  void works() {}\n  @ParameterizedTest\n  @ValueSource(ints = {1})\n  void each(int x) {}\n  void helper() {}\n}\n");
    expect(units.map((u) => u.qualifiedName)).toEqual(["AppTest.works", "AppTest.each"]);
    expect(selectionCommand(row("maven"), units)).toBe("mvn '-Dtest=AppTest#each+works' test");
  });

  test("RSpec: it blocks with their describe and context titles; the command names them by line", async () => {
    const units = await unitsOf("rspec", "spec/calc_spec.rb", "describe Calc do\n  context 'adding' do\n    it 'adds' do\n      expect(1).to eq 1\n    end\n  end\nend\n");
    expect(units.map((u) => u.titles)).toEqual([["Calc", "adding", "adds"]]);
    expect(selectionCommand(row("rspec"), units)).toBe("bundle exec rspec spec/calc_spec.rb:3");
  });

  test("minitest: test_ methods; PHPUnit: test methods and #[Test] ones", async () => {
    const mini = await unitsOf("minitest", "test/calc_test.rb", "class CalcTest < Minitest::Test\n  def test_adds\n  end\n  def helper\n  end\nend\n");
    expect(mini.map((u) => u.qualifiedName)).toEqual(["CalcTest.test_adds"]);
    const php = await unitsOf("phpunit", "tests/CalcTest.php", "<?php\nclass CalcTest extends TestCase {\n  public function testAdds() {}\n  #[Test]\n  public function subtracts() {}\n  private function helper() {}\n}\n");
    expect(php.map((u) => u.name)).toEqual(["testAdds", "subtracts"]);
    expect(selectionCommand(row("phpunit"), php)).toBe("vendor/bin/phpunit --filter '/::(subtracts|testAdds)( |$)/'");
  });

  test("node:test, Jest, Vitest, Mocha: test and it blocks by title, nested in describe", async () => {
    const units = await unitsOf("node-test", "src/a.test.ts", "import { test, describe } from 'node:test';\ndescribe('outer', () => {\n  describe('inner', () => {\n    test('one', () => {});\n  });\n  it.skip('two', () => {});\n});\ntest('top', () => {});\n");
    expect(units.map((u) => u.qualifiedName)).toEqual(["outer > inner > one", "outer > two", "top"]);
    expect(selectionCommand(row("node-test"), units)).toBe("node --test src/a.test.ts");
    // Titles as the runner reports them: escapes read.
    const escaped = await unitsOf("mocha", "test/b.js", "it('\"a\\\\[\" isn\\'t \\u0041', () => {});\n");
    expect(escaped.map((u) => u.name)).toEqual(['"a\\[" isn\'t A']);
  });
});
