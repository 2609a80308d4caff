// Every platform a release ships a binary for: its bun --target, and the names the assets,
// install.sh and the npm packages use (`ast-outline-<name>[.exe]`, `ast-outline-<name>`).
// One list, read by scripts/build.ts (--all), release-assets.ts and release-npm.ts.

export interface Target {
  /** bun build --compile --target=<bun> */
  bun: string;
  /** linux-x64, linux-x64-musl, darwin-arm64, windows-x64, … */
  name: string;
  os: "linux" | "darwin" | "windows";
  arch: "x64" | "arm64";
  libc?: "glibc" | "musl";
  /**
   * Compile with `--bytecode` (JSC skips parsing the bundle at each start). Off for Windows,
   * whose runtime is the largest: with the bytecode its download does not fit the 60 MB budget
   * that release-assets.ts checks (figures: bench/README.md).
   */
  bytecode: boolean;
}

export const TARGETS: readonly Target[] = [
  { bun: "bun-linux-x64", name: "linux-x64", os: "linux", arch: "x64", libc: "glibc", bytecode: true },
  { bun: "bun-linux-arm64", name: "linux-arm64", os: "linux", arch: "arm64", libc: "glibc", bytecode: true },
  { bun: "bun-linux-x64-musl", name: "linux-x64-musl", os: "linux", arch: "x64", libc: "musl", bytecode: true },
  { bun: "bun-linux-arm64-musl", name: "linux-arm64-musl", os: "linux", arch: "arm64", libc: "musl", bytecode: true },
  { bun: "bun-darwin-x64", name: "darwin-x64", os: "darwin", arch: "x64", bytecode: true },
  { bun: "bun-darwin-arm64", name: "darwin-arm64", os: "darwin", arch: "arm64", bytecode: true },
  { bun: "bun-windows-x64", name: "windows-x64", os: "windows", arch: "x64", bytecode: false },
];

/** The binary's file name for a target: `ast-outline-linux-x64`, `ast-outline-windows-x64.exe`. */
export function binaryName(t: Target): string {
  return `ast-outline-${t.name}${t.os === "windows" ? ".exe" : ""}`;
}

/** The target this process runs on (what `npm run build` compiled dist/ast-outline for). */
export function hostTarget(): Target {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const musl = process.platform === "linux" && !(process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header?.glibcVersionRuntime;
  const t = TARGETS.find((x) => x.os === os && x.arch === process.arch && (x.os !== "linux" || (x.libc === "musl") === musl));
  if (!t) throw new Error(`no release target for ${process.platform}-${process.arch}`);
  return t;
}
