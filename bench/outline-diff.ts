// Before/after check for a change that must not change any outline: snapshot what one build
// prints for some trees, snapshot again with another build, compare.
//   bun bench/outline-diff.ts snapshot <out-dir> [--binary dist/ast-outline] <tree...>
//   bun bench/outline-diff.ts compare <before-dir> <after-dir>
// Each tree is outlined whole, as JSON lines (every field of every file, all members) and as
// text with every doc sentence (the text renderer's own choices: signatures cut, docs shown),
// stderr kept beside them. compare names each file whose outline differs, and exits 1 if any.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";

const [command, ...rest] = process.argv.slice(2);

function snapshot(args: string[]) {
  const out = args.shift();
  if (!out) usage();
  let binary = resolve("dist/ast-outline");
  const at = args.indexOf("--binary");
  if (at >= 0) [binary] = args.splice(at, 2).slice(1).map((b) => resolve(b));
  mkdirSync(out, { recursive: true });
  for (const tree of args) {
    const label = resolve(tree).replace(/^\/+/, "").replace(/[/]/g, "+");
    const run = (what: string, argv: string[]) => {
      const r = spawnSync(binary, argv, { cwd: tree, encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: "1" } });
      writeFileSync(join(out, `${label}.${what}`), r.stdout);
      writeFileSync(join(out, `${label}.${what}.stderr`), `exit ${r.status}\n${r.stderr}`);
    };
    run("jsonl", ["outline", ".", "--format", "jsonl", "--max-size", "64M"]);
    run("txt", ["outline", ".", "--docs", "--max-children", "0", "--max-size", "64M"]);
    console.log(`${tree}: ${readFileSync(join(out, `${label}.jsonl`), "utf8").split("\n").filter(Boolean).length} files`);
  }
}

function compare(args: string[]) {
  const [a, b] = args;
  if (!a || !b) usage();
  let differing = 0;
  for (const name of readdirSync(a).sort()) {
    const other = join(b, name);
    if (!existsSync(other)) {
      console.log(`${name}: only in ${a}`);
      differing++;
      continue;
    }
    const x = readFileSync(join(a, name), "utf8");
    const y = readFileSync(other, "utf8");
    if (x === y) continue;
    differing++;
    if (name.endsWith(".jsonl")) {
      const byPath = (text: string) => new Map(text.split("\n").filter(Boolean).map((l) => [JSON.parse(l).path as string, l]));
      const before = byPath(x);
      const after = byPath(y);
      const paths = [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p));
      console.log(`${name}: ${paths.length} files differ`);
      for (const p of paths.slice(0, 20)) console.log(`  ${p}`);
    } else {
      const xl = x.split("\n");
      const yl = y.split("\n");
      const first = xl.findIndex((l, i) => l !== yl[i]);
      console.log(`${name}: differs from line ${first + 1}\n  - ${xl[first]}\n  + ${yl[first]}`);
    }
  }
  console.log(differing ? `${differing} of ${readdirSync(a).length} outputs differ` : `all ${readdirSync(a).length} outputs identical`);
  process.exit(differing ? 1 : 0);
}

function usage(): never {
  console.error(`usage: bun bench/${basename(import.meta.path)} snapshot <out> [--binary B] <tree...> | compare <before> <after>`);
  process.exit(2);
}

if (command === "snapshot") snapshot(rest);
else if (command === "compare") compare(rest);
else usage();
