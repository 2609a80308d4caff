// Builds a grammar's .wasm from the source its language's row records (`grammar.source`:
// an npm package's published C sources, or a GitHub repository's committed `src/parser.c` at a
// commit), with the recorded patch and compiler flags (`grammar.build`):
//   bun scripts/build-grammar.ts <id>            build, then compare with the recorded sha256
//   bun scripts/build-grammar.ts <id> --record   build and write the new sha256 into the row
//   --host                                        the language's host grammar (Svelte's)
//   --git <dir|url>                               where a github: source's commit is read from
//                                                 (a local clone or git dir; default: GitHub)
//   --out <file>                                  write the .wasm there instead (a trial build)
// The built .wasm is committed under grammars/, so neither CI nor a user ever needs this
// toolchain. It installs nothing: it needs `npm` (npm sources), `git` (GitHub sources), `tar`,
// `patch` and Emscripten's `emcc` on the PATH. The recorded builds use Debian bookworm's
// `apt-get install emscripten` (emcc 3.1.6, LLVM 14): its SIDE_MODULE output carries the
// `dylink.0` section that web-tree-sitter loads. An npm tarball is checked against the recorded
// integrity first; a GitHub source is named by its commit, which fixes its content.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { REGISTRY, type GrammarSource } from "../src/core/languages/registry.ts";
import { parseSource } from "../src/core/parse/grammar-provenance.ts";

const root = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const id = args[0];
if (!id || id.startsWith("-")) fail("usage: bun scripts/build-grammar.ts <id> [--record] [--host] [--git <dir|url>] [--out <file>]");
const spec = REGISTRY.byId.get(id) ?? fail(`no language ${id}`);
const g: GrammarSource = args.includes("--host") ? (spec.embedded?.hostGrammar ?? fail(`${id} has no host grammar`)) : spec.grammar;
const build = g.build ?? fail(`${id}'s grammar is not built here (no grammar.build in grammars/${id}/language.json): it is ${g.source}'s own .wasm`);
const source = parseSource(g.source);

function fail(message: string): never {
  console.error(`build-grammar: ${message}`);
  process.exit(2);
}

function run(cmd: string, argv: string[], cwd: string): string {
  console.error(`$ ${cmd} ${argv.join(" ")}`);
  const r = spawnSync(cmd, argv, { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (r.error) fail(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) fail(`${cmd} exited ${r.status}\n${r.stderr}`);
  return r.stdout;
}

// The toolchain: a different emcc builds a different (maybe unloadable) module.
const emcc = run("emcc", ["--version"], root).split("\n")[0];
if (!emcc.includes(` ${build.emcc} `)) console.error(`warning: emcc is "${emcc}", the record says ${build.emcc}: the sha256 will differ`);

/** The source tree, unpacked in `work`: its folder holding `src/`. */
function unpack(work: string): string {
  const tree = join(work, "source");
  mkdirSync(tree);
  if (source.kind === "npm") {
    run("npm", ["pack", `${source.package}@${source.version}`, "--pack-destination", work, "--silent"], work);
    const tarball = readdirSync(work).find((f) => f.endsWith(".tgz")) ?? fail("npm pack wrote no tarball");
    const integrity = `sha512-${createHash("sha512").update(readFileSync(join(work, tarball))).digest("base64")}`;
    if (integrity !== g.integrity) fail(`${tarball}: integrity ${integrity}, the record says ${g.integrity}`);
    run("tar", ["-xzf", join(work, tarball), "-C", tree, "--strip-components=1"], work);
  } else {
    const from = option("--git") ?? `https://github.com/${source.owner}/${source.repo}.git`;
    const local = existsSync(from);
    const gitDir = local ? resolve(from) : join(work, "git");
    if (!local) {
      run("git", ["init", "--quiet", "--bare", gitDir], work);
      run("git", ["--git-dir", gitDir, "fetch", "--quiet", "--depth", "1", from, source.commit], work);
    }
    const tar = join(work, "source.tar");
    run("git", ["--git-dir", gitDir, "archive", "--format=tar", "-o", tar, source.commit], work);
    run("tar", ["-xf", tar, "-C", tree], work);
  }
  return build.dir ? join(tree, build.dir) : tree;
}

const work = mkdtempSync(join(tmpdir(), `build-grammar-${id}-`));
try {
  const pkg = unpack(work);
  const here = join(root, "grammars", id);
  if (build.patch) run("patch", ["-p1", "--forward", "-i", join(here, build.patch)], pkg);
  // Compile, then link as an Emscripten side module exporting only the language function
  // (the link flags of `tree-sitter build --wasm`).
  const common = [...build.flags, "-I", "src"];
  run("emcc", ["-c", ...common, "-fPIC", "-s", "SIDE_MODULE=2", "src/parser.c", "-o", "parser.o"], pkg);
  const out = join(pkg, "grammar.wasm");
  const scanner = existsSync(join(pkg, "src", "scanner.c")) ? ["src/scanner.c"] : [];
  run("emcc", ["-o", out, ...common, "-s", "WASM=1", "-s", "SIDE_MODULE=2", "-s", `EXPORTED_FUNCTIONS=_${build.function}`, "parser.o", ...scanner], pkg);
  const sha256 = createHash("sha256").update(readFileSync(out)).digest("hex");
  const trial = option("--out");
  const target = trial ? resolve(trial) : join(root, "grammars", g.file);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(out, target);
  if (trial) {
    console.error(`${target}: sha256 ${sha256} (a trial build: nothing recorded)`);
  } else if (args.includes("--record")) {
    const rowPath = join(here, "language.json");
    const row = readFileSync(rowPath, "utf8");
    if (row.split(g.sha256).length !== 2) fail(`grammars/${id}/language.json: the recorded sha256 ${g.sha256} is not there once`);
    writeFileSync(rowPath, row.replace(g.sha256, sha256));
    console.error(`grammars/${g.file}: sha256 ${sha256} recorded`);
  } else if (sha256 !== g.sha256) {
    fail(`grammars/${g.file}: sha256 ${sha256}, the record says ${g.sha256} (--record to accept)`);
  } else {
    console.error(`grammars/${g.file}: sha256 ${sha256} matches the record`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
