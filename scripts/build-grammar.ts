// Builds a grammar's .wasm from a published npm package's C sources (src/parser.c and
// src/scanner.c where the grammar has one), with the patch kept beside it, as grammars/<id>/GRAMMAR.md records:
//   bun scripts/build-grammar.ts <id>            build, then compare with the recorded sha256
//   bun scripts/build-grammar.ts <id> --record   build and write the new sha256 into GRAMMAR.md
// The built .wasm is committed, so neither CI nor a user ever needs this toolchain. It installs
// nothing: it needs `npm`, `tar`, `patch` and Emscripten's `emcc` on the PATH. The recorded
// builds used Debian bookworm's `apt-get install emscripten` (emcc 3.1.6, LLVM 14): its
// SIDE_MODULE output carries the `dylink.0` section that web-tree-sitter loads. The package
// tarball is fetched with `npm pack` and checked against the recorded integrity first.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseProvenance } from "../src/core/parse/grammar-provenance.ts";

const root = join(import.meta.dir, "..");
const [id, flag] = process.argv.slice(2);
if (!id) fail("usage: bun scripts/build-grammar.ts <id> [--record]");
const dir = join(root, "grammars", id);
const recordPath = join(dir, "GRAMMAR.md");
if (!existsSync(recordPath)) fail(`no grammars/${id}/GRAMMAR.md`);
const record = readFileSync(recordPath, "utf8");
const p = parseProvenance(record);

function fail(message: string): never {
  console.error(`build-grammar: ${message}`);
  process.exit(2);
}

function run(cmd: string, args: string[], cwd: string): string {
  console.error(`$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (r.error) fail(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) fail(`${cmd} exited ${r.status}\n${r.stderr}`);
  return r.stdout;
}

// The toolchain: a different emcc builds a different (maybe unloadable) module.
const emcc = run("emcc", ["--version"], root).split("\n")[0];
if (!emcc.includes(p.toolchain)) console.error(`warning: emcc is "${emcc}", the record says ${p.toolchain}: the sha256 will differ`);

const work = mkdtempSync(join(tmpdir(), `build-grammar-${id}-`));
try {
  run("npm", ["pack", `${p.package}@${p.version}`, "--pack-destination", work, "--silent"], work);
  const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
  if (!tarball) fail("npm pack wrote no tarball");
  const integrity = `sha512-${createHash("sha512").update(readFileSync(join(work, tarball))).digest("base64")}`;
  if (integrity !== p.integrity) fail(`${tarball}: integrity ${integrity}, the record says ${p.integrity}`);
  run("tar", ["-xzf", tarball], work);
  const pkg = join(work, "package");
  if (p.patch) run("patch", ["-p1", "--forward", "-i", join(dir, p.patch)], pkg);
  // Compile, then link as an Emscripten side module exporting only the language function
  // (the flags of `tree-sitter build --wasm`).
  const common = ["-Os", "-fno-exceptions", "-fvisibility=hidden", "-I", "src"];
  run("emcc", ["-c", ...common, "-fPIC", "-s", "SIDE_MODULE=2", "src/parser.c", "-o", "parser.o"], pkg);
  const out = join(pkg, p.output);
  const scanner = existsSync(join(pkg, "src", "scanner.c")) ? ["src/scanner.c"] : [];
  run("emcc", ["-o", out, ...common, "-s", "WASM=1", "-s", "SIDE_MODULE=2", "-s", `EXPORTED_FUNCTIONS=_${p.function}`, "parser.o", ...scanner], pkg);
  const sha256 = createHash("sha256").update(readFileSync(out)).digest("hex");
  mkdirSync(dir, { recursive: true });
  copyFileSync(out, join(dir, p.output));
  if (flag === "--record") {
    writeFileSync(recordPath, record.replace(/^- sha256: .*$/m, `- sha256: ${sha256}`));
    console.error(`grammars/${id}/${p.output}: sha256 ${sha256} recorded`);
  } else if (sha256 !== p.sha256) {
    fail(`grammars/${id}/${p.output}: sha256 ${sha256}, the record says ${p.sha256} (--record to accept)`);
  } else {
    console.error(`grammars/${id}/${p.output}: sha256 ${sha256} matches the record`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
