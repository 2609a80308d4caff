// Which files a reviewer reads last: tests, benchmarks, CI, generated and vendored code, told by the
// path alone (the renderers have no file contents, and a path is what a reviewer sees too).
// A language-independent table of folder names and file-name patterns; the first match wins.

export type PathRole = "test" | "benchmark" | "ci" | "generated" | "vendored";

/** Folder names (any segment of the path but the last) and what they hold. */
const FOLDERS: Record<string, PathRole> = {
  test: "test",
  tests: "test",
  __tests__: "test",
  spec: "test",
  testdata: "test",
  bench: "benchmark",
  benches: "benchmark",
  benchmark: "benchmark",
  benchmarks: "benchmark",
  vendor: "vendored",
  third_party: "vendored",
  node_modules: "vendored",
  generated: "generated",
  __generated__: "generated",
  // CI and repository tooling: workflows, their steps (named by the action they use, so a
  // version bump reads as a rename), dependabot, issue templates.
  ".github": "ci",
  ".circleci": "ci",
  ".gitlab": "ci",
  ".buildkite": "ci",
};

/** File names (the last segment). */
const FILES: [RegExp, PathRole][] = [
  [/_bench_test\.go$|_bench\.\w+$|\.bench\.\w+$/, "benchmark"],
  [/_test\.go$|\.(test|spec)\.[cm]?[jt]sx?$|_spec\.rb$|_test\.rb$|^test_.*\.py$|_test\.py$|Tests?\.(java|kt|cs|swift|scala)$/, "test"],
  [/\.min\.(js|css)$/, "vendored"],
  [/^(\.gitlab-ci\.ya?ml|\.travis\.ya?ml|azure-pipelines\.ya?ml|appveyor\.ya?ml|bitbucket-pipelines\.ya?ml|\.drone\.ya?ml|\.pre-commit-config\.ya?ml|Jenkinsfile)$/, "ci"],
  [/\.pb\.go$|\.pb\.(cc|h)$|_pb2(_grpc)?\.pyi?$|\.pb\.[jt]s$|_grpc\.pb\.go$|[._]generated\.\w+$|\.g\.dart$|\.designer\.cs$|\.gen\.go$/, "generated"],
];

export function pathRole(path: string): PathRole | undefined {
  const parts = path.split("/");
  const name = parts[parts.length - 1];
  for (const [re, role] of FILES) if (re.test(name)) return role;
  for (const dir of parts.slice(0, -1)) {
    const role = FOLDERS[dir];
    if (role) return role;
  }
  return undefined;
}
