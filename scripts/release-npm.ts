// The npm packages of a release, one folder each (npm/README.md):
//   <out>/ast-outline/           the launcher package (bin: npm/ast-outline.js), optional deps on
//   <out>/cli-<target>/          ast-outline-<target>: bin/ast-outline[.exe], os/cpu/libc
//
//   bun scripts/release-npm.ts --out npm-dist --repo OWNER/NAME [--from dist] [--targets all|host|NAME,NAME]
// Names are unscoped: no scope this project has shown it owns. Every package.json gets
// `repository` (npm publish --provenance refuses a package without one, or whose repository is
// not the one the workflow runs in): from --repo (the release workflow passes
// $GITHUB_REPOSITORY), else the root package.json's; none is an error.
// --targets all takes dist/ast-outline-<target>[.exe] (npm run build:all); host takes
// dist/ast-outline as this machine's target. The launcher package always lists every target.
// Publishing (release.yml, on a v* tag): each cli-* folder, then ast-outline.
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { TARGETS, binaryName, hostTarget, type Target } from "./release-targets.ts";

const ROOT = join(import.meta.dir, "..");
export const platformPackage = (t: Target) => `ast-outline-${t.name}`;

export interface NpmOptions {
  out: string;
  /** OWNER/NAME on GitHub: every package's `repository` (default: the root package.json's). */
  repo?: string;
  from?: string;
  targets?: "all" | "host" | string[];
}

/** The folders written: the launcher package first, then each platform package. */
export function buildNpmPackages(opts: NpmOptions): string[] {
  const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const version: string = root.version;
  const from = resolve(opts.from ?? join(ROOT, "dist"));
  const out = resolve(opts.out);
  const chosen: { target: Target; source: string }[] =
    opts.targets === "host"
      ? [{ target: hostTarget(), source: join(from, "ast-outline") }]
      : (opts.targets === undefined || opts.targets === "all" ? TARGETS : opts.targets.map(byName)).map((t) => ({ target: t, source: join(from, binaryName(t)) }));
  for (const c of chosen) if (!existsSync(c.source)) throw new Error(`no binary for ${c.target.name} at ${c.source}`);
  rmSync(out, { recursive: true, force: true });
  const repository = opts.repo !== undefined ? githubRepository(opts.repo) : root.repository;
  if (!repository) throw new Error("no repository for the packages (pass --repo OWNER/NAME): npm publish --provenance needs one in every package.json");
  const common = {
    version,
    license: root.license,
    repository,
    ...(root.homepage ? { homepage: root.homepage } : {}),
  };

  const main = join(out, "ast-outline");
  mkdirSync(join(main, "bin"), { recursive: true });
  copyFileSync(join(ROOT, "npm", "ast-outline.js"), join(main, "bin", "ast-outline.js"));
  chmodSync(join(main, "bin", "ast-outline.js"), 0o755);
  copyFileSync(join(ROOT, "README.md"), join(main, "README.md"));
  writeJson(join(main, "package.json"), {
    name: "ast-outline",
    ...common,
    description: root.description,
    keywords: ["tree-sitter", "outline", "ai", "agents", "mcp", "code-review", "sarif"],
    bin: { "ast-outline": "bin/ast-outline.js" },
    files: ["bin/ast-outline.js", "README.md"],
    engines: { node: ">=18" },
    optionalDependencies: Object.fromEntries(TARGETS.map((t) => [platformPackage(t), version])),
  });

  const written = [main];
  for (const { target, source } of chosen) {
    const dir = join(out, `cli-${target.name}`);
    const file = `ast-outline${target.os === "windows" ? ".exe" : ""}`;
    mkdirSync(join(dir, "bin"), { recursive: true });
    copyFileSync(source, join(dir, "bin", file));
    chmodSync(join(dir, "bin", file), 0o755);
    writeFileSync(join(dir, "README.md"), `# ${platformPackage(target)}\n\nThe ${target.name} binary of [ast-outline](https://www.npmjs.com/package/ast-outline). Install \`ast-outline\`, not this package: npm picks the package for your platform.\n`);
    writeJson(join(dir, "package.json"), {
      name: platformPackage(target),
      ...common,
      description: `The ${target.name} binary of ast-outline`,
      os: [target.os === "windows" ? "win32" : target.os],
      cpu: [target.arch],
      ...(target.libc ? { libc: [target.libc] } : {}),
      files: [`bin/${file}`, "README.md"],
      preferUnplugged: true,
    });
    written.push(dir);
  }
  return written;
}

/** The `repository` field of a GitHub repository, as npm's provenance check compares it. */
export function githubRepository(repo: string): { type: "git"; url: string } {
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repo)) throw new Error(`--repo takes OWNER/NAME, not ${JSON.stringify(repo)}`);
  return { type: "git", url: `git+https://github.com/${repo}.git` };
}

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value, null, 2) + "\n");
}

function byName(name: string): Target {
  const t = TARGETS.find((x) => x.name === name);
  if (!t) throw new Error(`unknown target ${name} (one of: ${TARGETS.map((x) => x.name).join(", ")})`);
  return t;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const out = flag("--out");
  if (!out) {
    console.error("usage: bun scripts/release-npm.ts --out DIR --repo OWNER/NAME [--from dist] [--targets all|host|NAME,NAME]");
    process.exit(2);
  }
  const targets = flag("--targets");
  try {
    for (const dir of buildNpmPackages({ out, repo: flag("--repo"), from: flag("--from"), targets: targets === undefined || targets === "all" || targets === "host" ? (targets as "all" | "host" | undefined) : targets.split(",") })) console.log(dir);
  } catch (e) {
    console.error(`release-npm: ${(e as Error).message}`);
    process.exit(1);
  }
}
