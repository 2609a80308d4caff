// install.sh against a folder laid out like a release (scripts/release-assets.ts) holding the
// real built binary: over file:// and over HTTP from a server on loopback, with curl and with
// wget; a pinned and the latest version, --dir and ~/.local/bin; and the failures, each one
// line on stderr and nothing installed: a wrong checksum, a damaged download, an unknown
// version, a bad option. The release layout itself: names, SHA256SUMS, the stamped installer.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { binaryName, hostTarget, TARGETS } from "../scripts/release-targets.ts";
import { VERSION } from "../src/version.ts";
import { BINARY, binaryAvailable, ROOT, tempDir } from "./helpers/cli.ts";
import { copyRelease, fakeRelease, type FakeRelease } from "./helpers/release.ts";

// Each install reads, checks and unpacks a ~140 MB binary: seconds, more on a busy machine.
setDefaultTimeout(60_000);

const INSTALL = join(ROOT, "install.sh");
const available = binaryAvailable();
if (!available) console.warn(`install.sh tests skipped: ${BINARY} is absent (run \`npm run build\`)`);
const ASSET = binaryName(hostTarget());

let release: FakeRelease;
const cleanups: (() => void)[] = [];
const temp = (prefix: string) => {
  const d = tempDir(prefix);
  cleanups.push(d.cleanup);
  return d.path;
};

/** install.sh in a clean environment: only PATH, HOME and what the case sets. */
async function install(args: string[], env: Record<string, string>, path = process.env.PATH ?? "") {
  const proc = Bun.spawn(["sh", INSTALL, ...args], { env: { PATH: path, HOME: env.HOME ?? temp("ast-outline-home-"), ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

function expectOneLineError(stderr: string, pattern: RegExp) {
  expect(stderr.split("\n").filter(Boolean)).toHaveLength(1);
  expect(stderr).toMatch(pattern);
}

const versionOf = (bin: string) => spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout;

beforeAll(() => {
  if (!available) return;
  release = fakeRelease({ repo: "example/ast-outline" });
  cleanups.push(release.cleanup);
}, 60_000);
afterAll(() => {
  while (cleanups.length) cleanups.pop()!();
});

describe.skipIf(!available)("the release layout", () => {
  test("every binary under a stable name, its .gz, install.sh, and SHA256SUMS that sha256sum accepts", () => {
    expect(readdirSync(release.assets).sort()).toEqual(["SHA256SUMS", ASSET, `${ASSET}.gz`, "install.sh"].sort());
    expect(readFileSync(join(release.assets, ASSET))).toEqual(readFileSync(BINARY));
    const check = spawnSync("sha256sum", ["-c", "SHA256SUMS"], { cwd: release.assets, encoding: "utf8" });
    expect(check.status).toBe(0);
    expect(check.stdout.trim().split("\n")).toHaveLength(3);
    // The installer attached to a release knows its repository; the one in the repository does not.
    expect(readFileSync(join(release.assets, "install.sh"), "utf8")).toContain('\nDEFAULT_REPO="example/ast-outline"\n');
    expect(readFileSync(INSTALL, "utf8")).toContain('\nDEFAULT_REPO=""\n');
  });

  test("target names are <os>-<arch>[-musl], one per bun target", () => {
    expect(TARGETS.map(binaryName)).toEqual([
      "ast-outline-linux-x64", "ast-outline-linux-arm64", "ast-outline-linux-x64-musl", "ast-outline-linux-arm64-musl",
      "ast-outline-darwin-x64", "ast-outline-darwin-arm64", "ast-outline-windows-x64.exe",
    ]);
    expect(new Set(TARGETS.map((t) => t.bun)).size).toBe(TARGETS.length);
  });
});

describe.skipIf(!available)("install.sh", () => {
  test("a pinned version over file:// into --dir: verified, runs, one line saying where", async () => {
    const dir = join(temp("ast-outline-dest-"), "bin");
    const r = await install(["--version", VERSION, "--dir", dir], { AST_OUTLINE_DOWNLOAD_URL: `file://${release.root}` });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe(`ast-outline ${VERSION} installed to ${dir}/ast-outline`);
    expect(r.stdout).toContain(`note: ${dir} is not on PATH`);
    expect(versionOf(join(dir, "ast-outline"))).toStartWith(`ast-outline/${VERSION} `);
    expect(readdirSync(dir)).toEqual(["ast-outline"]);
  });

  test("the latest version into ~/.local/bin by default, v-prefixed versions and AST_OUTLINE_VERSION too", async () => {
    const home = temp("ast-outline-home-");
    const r = await install([], { HOME: home, AST_OUTLINE_DOWNLOAD_URL: `file://${release.root}/` });
    expect(r.code).toBe(0);
    expect(versionOf(join(home, ".local", "bin", "ast-outline"))).toStartWith(`ast-outline/${VERSION} `);
    const dir = temp("ast-outline-dest-");
    const pinned = await install(["--dir", dir], { AST_OUTLINE_VERSION: `v${VERSION}`, AST_OUTLINE_DOWNLOAD_URL: `file://${release.root}` }, `${dir}:${process.env.PATH}`);
    expect(pinned.code).toBe(0);
    expect(pinned.stdout).not.toContain("not on PATH");
  });

  test("over HTTP from a loopback server, with curl and (when installed) with wget", async () => {
    const served: string[] = [];
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch(req) {
        const path = decodeURIComponent(new URL(req.url).pathname);
        served.push(path);
        const file = join(release.root, path);
        if (path.includes("..") || !existsSync(file)) return new Response("not found", { status: 404 });
        return new Response(Bun.file(file));
      },
    });
    try {
      const url = `http://127.0.0.1:${server.port}/releases`;
      const rootLink = join(release.root, "releases");
      if (!existsSync(rootLink)) symlinkSync(release.root, rootLink);
      const dir = temp("ast-outline-dest-");
      const r = await install(["--version", VERSION, "--dir", dir], { AST_OUTLINE_DOWNLOAD_URL: url });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(served).toEqual([`/releases/download/v${VERSION}/SHA256SUMS`, `/releases/download/v${VERSION}/${ASSET}.gz`]);
      expect(versionOf(join(dir, "ast-outline"))).toStartWith(`ast-outline/${VERSION} `);

      const wget = spawnSync("sh", ["-c", "command -v wget"], { encoding: "utf8" }).stdout.trim();
      if (!wget) return console.warn("install.sh wget case skipped: wget is not installed");
      // A PATH with everything but curl, so install.sh falls back to wget.
      // Each name once, first folder wins (as PATH would): where /bin links to /usr/bin (merged
      // /usr) every name comes twice, and existsSync says no for a link that dangles (X11).
      const bin = temp("ast-outline-nocurl-");
      const linked = new Set(["curl"]);
      for (const d of ["/usr/local/bin", "/usr/bin", "/bin"]) {
        if (!existsSync(d)) continue;
        for (const name of readdirSync(d)) {
          if (linked.has(name)) continue;
          linked.add(name);
          symlinkSync(join(d, name), join(bin, name));
        }
      }
      served.length = 0;
      const viaWget = await install(["--dir", dir], { AST_OUTLINE_DOWNLOAD_URL: url }, bin);
      expect(viaWget.stderr).toBe("");
      expect(viaWget.code).toBe(0);
      expect(served).toEqual(["/releases/latest/download/SHA256SUMS", `/releases/latest/download/${ASSET}.gz`]);
    } finally {
      server.stop(true);
    }
  });

  test("links in the target folder are replaced or refused, never written through (issue 24, item 9)", async () => {
    const dir = temp("ast-outline-dest-");
    const outside = temp("ast-outline-victim-");
    const victim = join(outside, "victim");
    writeFileSync(victim, "not to be overwritten\n");
    // The staging name of earlier releases (`.ast-outline.<pid of the shell>.tmp`), planted by a
    // shell that then becomes install.sh (exec keeps the pid), and links under every name a
    // staging file could take: the install must not write through any of them.
    symlinkSync(victim, join(dir, "ast-outline"));
    const planted = spawnSync("sh", ["-c", 'ln -s "$1" "$2/.ast-outline.$$.tmp" && exec sh "$3" --version "$4" --dir "$2"', "sh", victim, dir, INSTALL, VERSION], {
      env: { PATH: process.env.PATH ?? "", HOME: temp("ast-outline-home-"), AST_OUTLINE_DOWNLOAD_URL: `file://${release.root}` }, encoding: "utf8",
    });
    expect(planted.stderr).toBe("");
    expect(planted.status).toBe(0);
    expect(readFileSync(victim, "utf8")).toBe("not to be overwritten\n");
    const installed = join(dir, "ast-outline");
    expect(lstatSync(installed).isSymbolicLink()).toBe(false);
    expect(versionOf(installed)).toStartWith(`ast-outline/${VERSION} `);
    // Only the planted link is left beside it: no staging file, and it still points where it did.
    expect(readdirSync(dir).sort()).toEqual([expect.stringMatching(/^\.ast-outline\.\d+\.tmp$/), "ast-outline"].sort());
    expect(readlinkSync(join(dir, readdirSync(dir).find((n) => n.endsWith(".tmp"))!))).toBe(victim);

    // A link to a folder at the final name would take the binary inside it: refused, nothing written.
    const other = temp("ast-outline-dest-");
    const folder = temp("ast-outline-victim-dir-");
    symlinkSync(folder, join(other, "ast-outline"));
    const r = await install(["--version", VERSION, "--dir", other], { AST_OUTLINE_DOWNLOAD_URL: `file://${release.root}` });
    expect(r.code).toBe(1);
    expectOneLineError(r.stderr, /^ast-outline install: .*\/ast-outline is a folder or a link to one \(remove it, or choose another --dir\)/);
    expect(readdirSync(folder)).toEqual([]);
    expect(readdirSync(other)).toEqual(["ast-outline"]);
  });

  test("a wrong checksum fails with one line and leaves the folder as it was", async () => {
    const bad = copyRelease(release);
    cleanups.push(bad.cleanup);
    const sums = readFileSync(join(bad.assets, "SHA256SUMS"), "utf8");
    const flipped = sums.replace(new RegExp(`^([0-9a-f])([0-9a-f]{63})  ${ASSET}\\.gz$`, "m"), (_, c, rest) => `${c === "0" ? "1" : "0"}${rest}  ${ASSET}.gz`);
    expect(flipped).not.toBe(sums);
    writeFileSync(join(bad.assets, "SHA256SUMS"), flipped);
    const dir = temp("ast-outline-dest-");
    writeFileSync(join(dir, "ast-outline"), "the version installed before\n");
    const r = await install(["--dir", dir], { AST_OUTLINE_DOWNLOAD_URL: `file://${bad.root}` });
    expect(r.code).toBe(1);
    expectOneLineError(r.stderr, new RegExp(`^ast-outline install: checksum mismatch for ${ASSET}\\.gz: expected [0-9a-f]{64}, got [0-9a-f]{64} \\(`));
    expect(readdirSync(dir)).toEqual(["ast-outline"]);
    expect(readFileSync(join(dir, "ast-outline"), "utf8")).toBe("the version installed before\n");
    expect(r.stdout).toBe("");

    // A damaged download with the right list: the same refusal, nothing created.
    writeFileSync(join(bad.assets, "SHA256SUMS"), sums);
    const gz = readFileSync(join(bad.assets, `${ASSET}.gz`));
    gz[gz.length >> 1] ^= 0xff;
    writeFileSync(join(bad.assets, `${ASSET}.gz`), gz);
    const fresh = join(temp("ast-outline-dest-"), "new");
    const damaged = await install(["--dir", fresh], { AST_OUTLINE_DOWNLOAD_URL: `file://${bad.root}` });
    expect(damaged.code).toBe(1);
    expectOneLineError(damaged.stderr, /^ast-outline install: checksum mismatch for /);
    expect(existsSync(fresh)).toBe(false);
  });

  test("refusals: unknown version, a version that is not one, no repository, an unknown option", async () => {
    const dir = join(temp("ast-outline-dest-"), "bin");
    const missing = await install(["--version", "9.9.9", "--dir", dir], { AST_OUTLINE_DOWNLOAD_URL: `file://${release.root}` });
    expect(missing.code).toBe(1);
    expectOneLineError(missing.stderr, /^ast-outline install: cannot download file:\/\/.*\/download\/v9\.9\.9\/SHA256SUMS \(is there a release 9\.9\.9\?/);
    const hostile = await install(["--version", "1.0.0; rm -rf ~", "--dir", dir], { AST_OUTLINE_DOWNLOAD_URL: `file://${release.root}` });
    expect(hostile.code).toBe(2);
    expectOneLineError(hostile.stderr, /^ast-outline install: --version takes a release such as 0\.2\.0/);
    const norepo = await install(["--dir", dir], {});
    expect(norepo.code).toBe(2);
    expectOneLineError(norepo.stderr, /^ast-outline install: no release repository set \(pass --repo OWNER\/NAME/);
    const unknown = await install(["--prefix", dir], {});
    expect(unknown.code).toBe(2);
    expectOneLineError(unknown.stderr, /^ast-outline install: unknown option/);
    expect(existsSync(dir)).toBe(false);
  });
});

const shellcheck = spawnSync("sh", ["-c", "command -v shellcheck"], { encoding: "utf8" }).stdout.trim();
if (!shellcheck) console.warn("shellcheck cases skipped: shellcheck is not installed (apt-get install shellcheck)");

test.skipIf(!shellcheck)("install.sh and action/run.sh are POSIX sh and shellcheck-clean", () => {
  for (const file of [INSTALL, join(ROOT, "action", "run.sh")]) {
    const r = spawnSync(shellcheck, ["-s", "sh", file], { encoding: "utf8" });
    expect(`${file}: ${r.stdout}`).toBe(`${file}: `);
    expect(r.status).toBe(0);
  }
});

test("the docs download only what a release carries", () => {
  const names = new Set([...TARGETS.map(binaryName).flatMap((n) => [n, `${n}.gz`]), "install.sh", "SHA256SUMS"]);
  for (const doc of ["docs/changed-github-action.md", "README.md"]) {
    const text = readFileSync(join(ROOT, doc), "utf8");
    for (const m of text.matchAll(/releases\/(?:latest\/download|download\/[^/\s]+)\/([^\s)"'`]+)/g)) expect(`${doc}: ${m[1]}`).toBe(`${doc}: ${names.has(m[1]) ? m[1] : "(not a release asset)"}`);
  }
});
