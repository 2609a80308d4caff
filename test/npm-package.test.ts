// The npm packages (scripts/release-npm.ts) as a user gets them: packed with `npm pack`,
// installed from the tarballs into a temporary project with no registry (--offline), then run
// through the launcher with npx: the version, an outline, exit codes passed through, and one
// clear line when this platform's package is missing.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildNpmPackages, platformPackage } from "../scripts/release-npm.ts";
import { hostTarget, TARGETS } from "../scripts/release-targets.ts";
import { VERSION } from "../src/version.ts";
import { BINARY, binaryAvailable, ROOT, tempDir } from "./helpers/cli.ts";

// npm pack compresses a ~140 MB binary; a busy machine makes that slow.
setDefaultTimeout(180_000);

const available = binaryAvailable();
if (!available) console.warn(`npm package tests skipped: ${BINARY} is absent (run \`npm run build\`)`);

let work: { path: string; cleanup: () => void };
let mainTgz = "";
let platformTgz = "";
const HOST = platformPackage(hostTarget());

function npm(cwd: string, ...args: string[]) {
  const r = spawnSync("npm", args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" } });
  if (r.status !== 0) throw new Error(`npm ${args.join(" ")} failed: ${r.stderr}`);
  return r.stdout;
}

function project(name: string): string {
  const dir = join(work.path, name);
  spawnSync("mkdir", ["-p", dir]);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version: "1.0.0", private: true }));
  return dir;
}

beforeAll(() => {
  if (!available) return;
  work = tempDir("ast-outline-npm-");
  const [main, platform] = buildNpmPackages({ out: join(work.path, "pkgs"), targets: "host", repo: "example/ast-outline" });
  const packed = JSON.parse(npm(work.path, "pack", "--json", "--pack-destination", work.path, main, platform)) as { filename: string; files: { path: string; mode: number }[] }[];
  mainTgz = join(work.path, packed[0].filename);
  platformTgz = join(work.path, packed[1].filename);
  // The binary keeps its executable bit in the tarball: no install script has to set it.
  expect(packed[1].files.find((f) => f.path.startsWith("bin/"))!.mode & 0o111).not.toBe(0);
}, 180_000);
afterAll(() => work?.cleanup());

describe.skipIf(!available)("npm packages", () => {
  test("the launcher package: a bin, an optional dependency per platform at its version, no install scripts", () => {
    const pkg = JSON.parse(readFileSync(join(work.path, "pkgs", "ast-outline", "package.json"), "utf8"));
    expect(pkg.name).toBe("ast-outline");
    expect(pkg.version).toBe(VERSION);
    expect(pkg.private).toBeUndefined();
    expect(pkg.bin).toEqual({ "ast-outline": "bin/ast-outline.js" });
    expect(pkg.optionalDependencies).toEqual(Object.fromEntries(TARGETS.map((t) => [platformPackage(t), VERSION])));
    expect(pkg.scripts).toBeUndefined();
    const platform = JSON.parse(readFileSync(join(work.path, "pkgs", `cli-${hostTarget().name}`, "package.json"), "utf8"));
    expect(platform).toMatchObject({ name: HOST, version: VERSION, os: [process.platform], cpu: [process.arch] });
    expect(platform.scripts).toBeUndefined();
  });

  test("release readiness: unscoped names, and `repository` in every package.json (npm publish --provenance needs it)", () => {
    const repository = { type: "git", url: "git+https://github.com/example/ast-outline.git" };
    for (const dir of ["ast-outline", `cli-${hostTarget().name}`]) {
      const pkg = JSON.parse(readFileSync(join(work.path, "pkgs", dir, "package.json"), "utf8"));
      expect({ dir, repository: pkg.repository }).toEqual({ dir, repository });
      expect(pkg.name).not.toContain("@");
    }
    expect(TARGETS.map(platformPackage)).toEqual(TARGETS.map((t) => `ast-outline-${t.name}`));
    // The launcher asks for the same names the packages get.
    const launcher = readFileSync(join(ROOT, "npm", "ast-outline.js"), "utf8");
    expect(launcher).toContain("return `ast-outline-${os}-${process.arch}${musl ? \"-musl\" : \"\"}`;");
    expect(launcher).not.toContain("@ast-outline");
    // No repository anywhere: refused before anything is written, not at publish time.
    const bare = tempDir("ast-outline-npm-bare-");
    try {
      expect(() => buildNpmPackages({ out: join(bare.path, "pkgs"), targets: "host" })).toThrow(/no repository for the packages \(pass --repo OWNER\/NAME\)/);
      expect(() => buildNpmPackages({ out: join(bare.path, "pkgs"), targets: "host", repo: "not a repo" })).toThrow(/--repo takes OWNER\/NAME/);
    } finally {
      bare.cleanup();
    }
  });

  test("npm install of the tarballs (offline), then npx runs the binary: version, outline, exit codes", () => {
    const dir = project("consumer");
    npm(dir, "install", "--offline", mainTgz, platformTgz);
    const npx = (...args: string[]) => spawnSync("npx", ["--offline", "--no-install", "ast-outline", ...args], { cwd: dir, encoding: "utf8" });
    const version = npx("--version");
    expect(version.stderr).toBe("");
    expect(version.status).toBe(0);
    expect(version.stdout).toStartWith(`ast-outline/${VERSION} `);

    writeFileSync(join(dir, "m.py"), "class Greeter:\n    def hello(self, name):\n        return name\n");
    const outline = npx("outline", "m.py");
    expect(outline.status).toBe(0);
    expect(outline.stdout).toContain("1-3 class Greeter");
    expect(outline.stdout).toContain(" 2-3 def hello(self, name)");
    // Exit codes and stderr come through as the binary gave them.
    const missing = npx("symbol", "m.py", "nope");
    expect(missing.status).toBe(1);
    const bad = npx("outline", "no-such-file.py");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^ast-outline: /);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    // The installed launcher is the one in the repository; the binary, the one built.
    expect(readFileSync(join(dir, "node_modules", "ast-outline", "bin", "ast-outline.js"), "utf8")).toBe(readFileSync(join(ROOT, "npm", "ast-outline.js"), "utf8"));
    expect(readFileSync(join(dir, "node_modules", ...HOST.split("/"), "bin", "ast-outline")).equals(readFileSync(BINARY))).toBe(true);
  });

  test("without this platform's package: one line saying what is missing, exit 2", () => {
    const dir = project("no-platform");
    npm(dir, "install", "--offline", "--omit=optional", mainTgz);
    const r = spawnSync("npx", ["--offline", "--no-install", "ast-outline", "--version"], { cwd: dir, encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`ast-outline: no prebuilt binary for this platform: ${HOST} is not installed (reinstall without --omit=optional or --no-optional; other platforms: build from source and set AST_OUTLINE_BINARY)\n`);
    const viaEnv = spawnSync("npx", ["--offline", "--no-install", "ast-outline", "--version"], { cwd: dir, encoding: "utf8", env: { ...process.env, AST_OUTLINE_BINARY: BINARY } });
    expect(viaEnv.status).toBe(0);
    expect(viaEnv.stdout).toStartWith(`ast-outline/${VERSION} `);
  });
});
