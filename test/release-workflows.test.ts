// The release and CI workflows cannot run here; what can be checked is checked: both parse as
// YAML, each release binary gets a smoke job on its own runner (macOS x64 and arm64, Windows,
// Linux arm64) running .ci/smoke, the release publishes nothing before the smoke jobs pass, the
// GitHub release stays a draft until npm has published, and the size budget is enforced.
// .ci/smoke itself is run on this machine's binary.
import { expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binaryName, TARGETS } from "../scripts/release-targets.ts";
import { BINARY, binaryAvailable, ROOT, tempDir } from "./helpers/cli.ts";

type Step = { name?: string; run?: string; uses?: string; shell?: string };
type Job = { needs?: string | string[]; "runs-on": string; steps: Step[]; strategy?: { matrix: { include: { runner: string; asset: string }[] } }; permissions?: Record<string, string> };
const workflow = (name: string) => Bun.YAML.parse(readFileSync(join(ROOT, ".github", "workflows", name), "utf8")) as { jobs: Record<string, Job>; permissions?: Record<string, string> };
const needs = (j: Job) => ([] as string[]).concat(j.needs ?? []);
const SMOKED = { "macos-13": "darwin-x64", "macos-14": "darwin-arm64", "windows-latest": "windows-x64", "ubuntu-24.04-arm": "linux-arm64" };

for (const file of ["ci.yml", "release.yml"]) {
  test(`${file}: a smoke job per platform binary, each on its own runner, running .ci/smoke on that asset`, () => {
    const w = workflow(file);
    const smoke = w.jobs.smoke;
    expect(smoke).toBeDefined();
    expect(smoke["runs-on"]).toBe("${{ matrix.runner }}");
    const include = smoke.strategy!.matrix.include;
    const byRunner = Object.fromEntries(include.map((m) => [m.runner, m.asset]));
    const expected = Object.fromEntries(Object.entries(SMOKED).map(([runner, target]) => [runner, binaryName(TARGETS.find((t) => t.name === target)!)]));
    expect(byRunner).toEqual(expected);
    expect(smoke.steps.map((s) => s.run ?? "").join("\n")).toContain('bash .ci/smoke "release/${{ matrix.asset }}"');
    // The binaries come from the job that builds them all.
    const builder = w.jobs[needs(smoke)[0]];
    expect(builder.steps.map((s) => s.run ?? "").join("\n")).toContain("npm run build:all");
    expect(builder.steps.map((s) => s.run ?? "").join("\n")).toMatch(/release-assets\.ts .*--max-gz-mb 60/);
  });
}

test("release.yml: nothing is published before the smoke jobs pass; the GitHub release is a draft until npm has published", () => {
  const w = workflow("release.yml");
  const publish = w.jobs.publish;
  expect(needs(publish).sort()).toEqual(["build", "smoke"]);
  expect(w.permissions).toEqual({ contents: "read" }); // only the publish job may write
  expect(publish.permissions).toEqual({ contents: "write", "id-token": "write" });
  const runs = publish.steps.map((s) => s.run ?? "");
  const draft = runs.findIndex((r) => /gh release create .*--draft/.test(r));
  const npm = runs.findIndex((r) => r.includes("npm publish --provenance"));
  const open = runs.findIndex((r) => r.includes("gh release edit") && r.includes("--draft=false"));
  expect(draft).toBeGreaterThanOrEqual(0);
  expect(npm).toBeGreaterThan(draft);
  expect(open).toBeGreaterThan(npm);
  // Platform packages before the launcher that depends on them.
  expect(runs[npm].indexOf("npm-dist/cli-*")).toBeLessThan(runs[npm].indexOf("publish npm-dist/ast-outline"));
  // Every other job writes nothing: no release and no publish outside `publish`.
  for (const [name, job] of Object.entries(w.jobs)) {
    if (name === "publish") continue;
    const text = job.steps.map((s) => s.run ?? "").join("\n");
    expect({ name, creates: /gh release (create|edit)|npm publish (?!--dry-run)/.test(text) }).toEqual({ name, creates: false });
  }
  // The packages get their repository from the repository the workflow runs in, and are dry-run first.
  const build = w.jobs.build.steps.map((s) => s.run ?? "").join("\n");
  expect(build).toContain('release-npm.ts --out npm-dist --repo "$GITHUB_REPOSITORY"');
  expect(build).toContain("npm publish --dry-run");
});

test.skipIf(!binaryAvailable())(".ci/smoke passes on this machine's binary, and fails on one that does not start", () => {
  const ok = spawnSync("bash", [join(ROOT, ".ci", "smoke"), BINARY], { cwd: ROOT, encoding: "utf8" });
  expect(ok.stderr).toBe("");
  expect(ok.status).toBe(0);
  expect(ok.stdout).toContain("smoke ok");
  const dir = tempDir("ast-outline-smoke-");
  try {
    // Bytes no loader takes and no shell would run as a script (a text file would be run line by line).
    writeFileSync(join(dir.path, "ast-outline-broken"), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0, 0xff, 0xfe, 0, 1]));
    const bad = spawnSync("bash", [join(ROOT, ".ci", "smoke"), join(dir.path, "ast-outline-broken")], { cwd: ROOT, encoding: "utf8" });
    expect(bad.status).not.toBe(0);
  } finally {
    dir.cleanup();
  }
}, 60_000);
