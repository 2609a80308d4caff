// A folder laid out like a GitHub release (scripts/release-assets.ts, for this machine's target,
// from the built dist/ast-outline), served as `<root>/download/v<version>/<file>` and
// `<root>/latest/download/<file>`, the two URL shapes install.sh asks for.
import { cpSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { buildAssets } from "../../scripts/release-assets.ts";
import { VERSION } from "../../src/version.ts";
import { tempDir } from "./cli.ts";

export interface FakeRelease {
  /** The releases root: AST_OUTLINE_DOWNLOAD_URL is file://<root> or http://host/<...>. */
  root: string;
  /** The assets folder (download/v<version>). */
  assets: string;
  cleanup: () => void;
}

/** Fast compression (level 1): the layout and the checksums are what these tests are about. */
export function fakeRelease(opts: { repo?: string } = {}): FakeRelease {
  const dir = tempDir("ast-outline-release-");
  const assets = join(dir.path, "download", `v${VERSION}`);
  buildAssets({ out: assets, targets: "host", level: 1, maxGzMb: 1_000, repo: opts.repo });
  mkdirSync(join(dir.path, "latest"), { recursive: true });
  symlinkSync(assets, join(dir.path, "latest", "download"));
  return { root: dir.path, assets, cleanup: dir.cleanup };
}

/** A second release root whose files are copies (to tamper with one without touching the first). */
export function copyRelease(from: FakeRelease): FakeRelease {
  const dir = tempDir("ast-outline-release-copy-");
  const assets = join(dir.path, "download", `v${VERSION}`);
  cpSync(from.assets, assets, { recursive: true });
  mkdirSync(join(dir.path, "latest"), { recursive: true });
  symlinkSync(assets, join(dir.path, "latest", "download"));
  return { root: dir.path, assets, cleanup: dir.cleanup };
}
