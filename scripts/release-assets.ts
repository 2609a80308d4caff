// The files a GitHub release carries, in one folder, laid out the same for the release workflow
// and the tests (which run install.sh against such a folder):
//   ast-outline-<target>[.exe]       every target's binary under a stable name
//   ast-outline-<target>[.exe].gz    the same, gzip-compressed (what install.sh downloads)
//   install.sh                       the installer, its release repository filled in (--repo)
//   SHA256SUMS                       `sha256sum` lines for all of the above
//
//   bun scripts/release-assets.ts --out release/ [--from dist] [--targets all|host|NAME,NAME]
//                                 [--repo OWNER/NAME] [--level 9] [--max-gz-mb 60]
// --targets all (the default) takes dist/ast-outline-<target>[.exe] from `npm run build:all`;
// host takes dist/ast-outline (from `npm run build`) as this machine's target. A compressed
// binary over --max-gz-mb fails the run: the download must stay small.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { TARGETS, binaryName, hostTarget, type Target } from "./release-targets.ts";

const ROOT = join(import.meta.dir, "..");

export interface AssetOptions {
  out: string;
  from?: string;
  targets?: "all" | "host" | string[];
  repo?: string;
  level?: number;
  maxGzMb?: number;
}

export interface Asset {
  file: string;
  bytes: number;
  sha256: string;
}

export function buildAssets(opts: AssetOptions): Asset[] {
  const from = resolve(opts.from ?? join(ROOT, "dist"));
  const out = resolve(opts.out);
  const level = opts.level ?? 9;
  const maxGz = (opts.maxGzMb ?? 60) * 1_000_000;
  if (opts.repo !== undefined && !/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(opts.repo)) throw new Error(`--repo takes OWNER/NAME, not ${opts.repo}`);
  const chosen: { target: Target; source: string }[] =
    opts.targets === "host"
      ? [{ target: hostTarget(), source: join(from, "ast-outline") }]
      : (opts.targets === undefined || opts.targets === "all" ? TARGETS : opts.targets.map(byName)).map((t) => ({ target: t, source: join(from, binaryName(t)) }));
  for (const c of chosen) if (!existsSync(c.source)) throw new Error(`no binary for ${c.target.name} at ${c.source} (npm run ${opts.targets === "host" ? "build" : "build:all"})`);

  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const assets: Asset[] = [];
  const add = (file: string, bytes: Uint8Array) => {
    writeFileSync(join(out, file), bytes);
    assets.push({ file, bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
  };
  for (const { target, source } of chosen) {
    const name = binaryName(target);
    const bytes = readFileSync(source);
    add(name, bytes);
    chmodSync(join(out, name), 0o755);
    const gz = gzipSync(bytes, { level });
    if (gz.length > maxGz) throw new Error(`${name}.gz is ${(gz.length / 1e6).toFixed(1)} MB, over the ${opts.maxGzMb ?? 60} MB budget`);
    add(`${name}.gz`, gz);
  }
  let installer = readFileSync(join(ROOT, "install.sh"), "utf8");
  if (opts.repo) {
    const stamped = installer.replace(/^DEFAULT_REPO=""$/m, `DEFAULT_REPO="${opts.repo}"`);
    if (stamped === installer) throw new Error('install.sh has no DEFAULT_REPO="" line to fill in');
    installer = stamped;
  }
  add("install.sh", new TextEncoder().encode(installer));
  chmodSync(join(out, "install.sh"), 0o755);
  const sums = [...assets].sort((a, b) => (a.file < b.file ? -1 : 1)).map((a) => `${a.sha256}  ${a.file}\n`).join("");
  writeFileSync(join(out, "SHA256SUMS"), sums);
  return assets;
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
    console.error("usage: bun scripts/release-assets.ts --out DIR [--from dist] [--targets all|host|NAME,NAME] [--repo OWNER/NAME] [--level 9] [--max-gz-mb 60]");
    process.exit(2);
  }
  const targets = flag("--targets");
  try {
    const assets = buildAssets({
      out,
      from: flag("--from"),
      targets: targets === undefined || targets === "all" || targets === "host" ? (targets as "all" | "host" | undefined) : targets.split(","),
      repo: flag("--repo"),
      level: flag("--level") === undefined ? undefined : Number(flag("--level")),
      maxGzMb: flag("--max-gz-mb") === undefined ? undefined : Number(flag("--max-gz-mb")),
    });
    for (const a of assets) console.log(`${(a.bytes / 1e6).toFixed(1).padStart(7)} MB  ${a.file}`);
    console.log(`${assets.length} files and SHA256SUMS in ${resolve(out)}`);
  } catch (e) {
    console.error(`release-assets: ${(e as Error).message}`);
    process.exit(1);
  }
}
