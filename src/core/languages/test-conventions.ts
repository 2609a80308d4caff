// What a test is, per test runner: data beside the language table (registry.ts), read by the
// `tests` use case (core/tests/). A row says which files hold tests, which of their definitions
// (or call blocks, grammars/<lang>/tests.scm) are tests, which files the selection cannot see
// through (a change to one runs the whole suite), how the project is recognised as using the
// runner, and how a selection is written as a command. Nothing else switches on a runner id.

/** Which definitions of a test file are tests (all given conditions hold). */
export interface TestRule {
  /** Symbol kinds (the outline's vocabulary). */
  kinds: string[];
  /** Regex source the symbol's own name matches. */
  name?: string;
  /** Regex source the text from the symbol's first line to its name matches: a decorator, annotation or attribute. */
  marker?: string;
  /** Regex source the enclosing container's name matches; "" for a top-level definition only. */
  within?: string;
}

/** Files a project is recognised by: the path, and optionally a regex its text matches. */
export interface RunnerMarker {
  file: string;
  contains?: string;
}

/** How a selection is written for the runner (core/tests/command.ts). */
export type CommandForm = "pytest" | "unittest" | "files" | "go" | "cargo" | "maven" | "gradle" | "rspec" | "minitest" | "phpunit";

export interface TestConvention {
  id: string;
  name: string;
  /** Registry ids whose files this runner's tests are written in. */
  languages: string[];
  /** Globs (core/text/glob.ts) of test files, relative to the repository root. */
  files: string[];
  /** Definitions that are tests. */
  tests: TestRule[];
  /**
   * Definitions that tests use without calling them, by name (pytest fixtures named as
   * parameters): a change to one cannot be followed, so it runs the whole suite.
   */
  fixtures?: TestRule[];
  /** Call blocks that are tests (`it("title", ...)`), from grammars/<lang>/tests.scm: callee names. */
  blockTests?: string[];
  /** Call blocks that group tests (`describe("title", ...)`): their titles prefix the tests'. */
  blockGroups?: string[];
  /** Globs of files the selection cannot see through: a change to one selects the whole suite. */
  wholeSuite: string[];
  /**
   * A definition's doc comment runs nothing in these languages: a change to it alone selects no
   * test (not so for Python's docstrings, Rust's doctests, PHP's annotations in docblocks).
   */
  docsRunNothing?: boolean;
  /** The project uses this runner when one of these holds (rows are tried in table order). */
  markers: RunnerMarker[];
  command: { form: CommandForm; whole: string; select: string };
}

const PYTHON_TESTS: TestRule[] = [
  { kinds: ["function"], name: "^test", within: "" },
  { kinds: ["method"], name: "^test" },
];
const PYTHON_FILES = ["**/test_*.py", "**/*_test.py", "**/tests.py", "**/tests/**/*.py", "**/test/**/*.py"];
const PYTHON_WHOLE = ["**/conftest.py", "pytest.ini", "tox.ini", "setup.cfg", "setup.py", "pyproject.toml", "requirements*.txt", "noxfile.py"];

const JS_LANGUAGES = ["javascript", "typescript", "tsx"];
const JS_FILES = ["**/*.test.*", "**/*.spec.*", "**/__tests__/**", "test/**", "tests/**", "**/test/**/*.{js,mjs,cjs,ts,mts,cts,jsx,tsx}"];
const JS_BLOCKS = {
  blockTests: ["it", "test", "specify", "bench"],
  blockGroups: ["describe", "suite", "context"],
};
const JS_WHOLE = ["package.json", "**/package.json", "package-lock.json", "pnpm-lock.yaml", "yarn.lock", "tsconfig*.json", "**/*.config.{js,mjs,cjs,ts,mts,cts}", ".mocharc*", "babel.config.*", ".babelrc*", "**/setupTests.*", "**/test-setup.*", "**/jest.setup.*", "**/vitest.setup.*"];

const JVM_TESTS: TestRule[] = [{ kinds: ["method", "function"], marker: "@(org\\.junit(\\.jupiter\\.api)?\\.)?(Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate|Property)\\b" }];
const JVM_FILES = ["**/src/test/**", "**/*Test.{java,kt}", "**/*Tests.{java,kt}", "**/*IT.{java,kt}", "**/test/**/*.{java,kt}"];

export const TEST_CONVENTIONS: TestConvention[] = [
  {
    id: "pytest", name: "pytest", languages: ["python"], files: PYTHON_FILES, tests: PYTHON_TESTS,
    fixtures: [{ kinds: ["function", "method"], marker: "@(pytest\\.)?fixture\\b" }],
    wholeSuite: PYTHON_WHOLE,
    markers: [{ file: "pytest.ini" }, { file: "conftest.py" }, { file: "pyproject.toml", contains: "\\[tool\\.pytest" }, { file: "setup.cfg", contains: "\\[tool:pytest\\]" }, { file: "tox.ini", contains: "pytest" }],
    command: { form: "pytest", whole: "python -m pytest", select: "python -m pytest" },
  },
  {
    id: "unittest", name: "unittest", languages: ["python"], files: PYTHON_FILES, tests: PYTHON_TESTS,
    wholeSuite: PYTHON_WHOLE,
    markers: [],
    command: { form: "unittest", whole: "python -m unittest", select: "python -m unittest" },
  },
  {
    id: "vitest", name: "Vitest", languages: JS_LANGUAGES, files: JS_FILES, tests: [], ...JS_BLOCKS, wholeSuite: JS_WHOLE, docsRunNothing: true,
    markers: [{ file: "package.json", contains: "\"vitest\"" }],
    command: { form: "files", whole: "npx vitest run", select: "npx vitest run" },
  },
  {
    id: "jest", name: "Jest", languages: JS_LANGUAGES, files: JS_FILES, tests: [], ...JS_BLOCKS, wholeSuite: JS_WHOLE, docsRunNothing: true,
    markers: [{ file: "package.json", contains: "\"jest\"" }],
    command: { form: "files", whole: "npx jest", select: "npx jest" },
  },
  {
    id: "mocha", name: "Mocha", languages: JS_LANGUAGES, files: JS_FILES, tests: [], ...JS_BLOCKS, wholeSuite: JS_WHOLE, docsRunNothing: true,
    markers: [{ file: "package.json", contains: "\"mocha\"" }],
    command: { form: "files", whole: "npx mocha", select: "npx mocha" },
  },
  {
    id: "node-test", name: "node:test", languages: JS_LANGUAGES, files: JS_FILES, tests: [], ...JS_BLOCKS, wholeSuite: JS_WHOLE, docsRunNothing: true,
    markers: [{ file: "package.json", contains: "node --test" }],
    command: { form: "files", whole: "node --test", select: "node --test" },
  },
  {
    id: "go", name: "go test", languages: ["go"], files: ["**/*_test.go"],
    docsRunNothing: true,
    tests: [{ kinds: ["function"], name: "^(Test|Example|Fuzz)", within: "" }],
    wholeSuite: ["go.mod", "**/go.mod", "go.sum", "**/go.sum", "**/testdata/**", "**/main_test.go"],
    markers: [{ file: "go.mod" }],
    command: { form: "go", whole: "go test ./...", select: "go test" },
  },
  {
    id: "cargo", name: "cargo test", languages: ["rust"], files: ["**/*.rs"],
    tests: [{ kinds: ["function"], marker: "#\\[(\\w+::)*(test|rstest|test_case)\\b" }],
    wholeSuite: ["Cargo.toml", "**/Cargo.toml", "Cargo.lock", "build.rs", "**/build.rs"],
    markers: [{ file: "Cargo.toml" }],
    command: { form: "cargo", whole: "cargo test", select: "cargo test" },
  },
  {
    id: "maven", name: "JUnit (Maven)", languages: ["java", "kotlin"], files: JVM_FILES, tests: JVM_TESTS,
    docsRunNothing: true,
    wholeSuite: ["pom.xml", "**/pom.xml", "**/src/test/resources/**"],
    markers: [{ file: "pom.xml" }],
    command: { form: "maven", whole: "mvn test", select: "mvn test" },
  },
  {
    id: "gradle", name: "JUnit (Gradle)", languages: ["java", "kotlin"], files: JVM_FILES, tests: JVM_TESTS,
    docsRunNothing: true,
    wholeSuite: ["build.gradle", "build.gradle.kts", "**/build.gradle", "**/build.gradle.kts", "settings.gradle*", "gradle.properties", "**/src/test/resources/**"],
    markers: [{ file: "build.gradle" }, { file: "build.gradle.kts" }],
    command: { form: "gradle", whole: "./gradlew test", select: "./gradlew test" },
  },
  {
    id: "rspec", name: "RSpec", languages: ["ruby"], files: ["**/*_spec.rb"], tests: [],
    docsRunNothing: true,
    blockTests: ["it", "specify", "example", "scenario", "its"], blockGroups: ["describe", "context", "feature", "shared_examples"],
    wholeSuite: ["Gemfile", "Gemfile.lock", ".rspec", "**/spec_helper.rb", "**/rails_helper.rb", "**/spec/support/**"],
    markers: [{ file: ".rspec" }, { file: "Gemfile", contains: "rspec" }],
    command: { form: "rspec", whole: "bundle exec rspec", select: "bundle exec rspec" },
  },
  {
    id: "minitest", name: "minitest", languages: ["ruby"], files: ["test/**/*_test.rb", "test/**/test_*.rb", "**/test/**/*_test.rb"],
    docsRunNothing: true,
    tests: [{ kinds: ["method"], name: "^test_" }], blockTests: ["test"], blockGroups: [],
    wholeSuite: ["Gemfile", "Gemfile.lock", "Rakefile", "**/test_helper.rb"],
    markers: [{ file: "Gemfile", contains: "minitest" }, { file: "Rakefile", contains: "TestTask" }],
    command: { form: "minitest", whole: "bundle exec rake test", select: "bundle exec ruby -Itest" },
  },
  {
    id: "phpunit", name: "PHPUnit", languages: ["php"], files: ["**/*Test.php", "tests/**/*.php"],
    tests: [{ kinds: ["method"], name: "^test" }, { kinds: ["method"], marker: "(@test\\b|#\\[Test\\])" }],
    wholeSuite: ["composer.json", "composer.lock", "phpunit.xml", "phpunit.xml.dist", "**/bootstrap.php"],
    markers: [{ file: "phpunit.xml" }, { file: "phpunit.xml.dist" }, { file: "composer.json", contains: "phpunit" }],
    command: { form: "phpunit", whole: "vendor/bin/phpunit", select: "vendor/bin/phpunit" },
  },
];
