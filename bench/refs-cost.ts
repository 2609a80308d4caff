// Bench: what the references (core/outline/references.ts, kept in the cache for the ranked
// `digest`) add to outlining a file, in-process (CPU of this one thread).
//   bun bench/refs-cost.ts DIR... [--limit N] [--rounds R]
// Every file is outlined with and without references, the two alternating file by file for R
// rounds (so load on a shared machine falls on both alike); the sums of each are compared.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { walkFiles } from "./lib.ts";
import { detectLanguage } from "../src/core/languages/detect.ts";
import { outlineSource } from "../src/core/outline/outline.ts";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const limit = Number(opt("--limit") ?? Infinity);
const rounds = Number(opt("--rounds") ?? 3);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const files: { path: string; bytes: Uint8Array; language: NonNullable<ReturnType<typeof detectLanguage>> }[] = [];
for (const dir of args) {
  for (const rel of walkFiles(dir, () => true, (r) => r.startsWith(".") || r.includes("/."))) {
    const path = rel;
    if (files.length >= limit) break;
    const bytes = readFileSync(path);
    const language = detectLanguage(path, bytes);
    if (language) files.push({ path, bytes, language });
  }
}
// Once each first: grammars and queries loaded, the JIT warm.
for (const f of files) {
  await outlineSource({ ...f, references: false }).catch(() => undefined);
  await outlineSource({ ...f, references: true }).catch(() => undefined);
}
const spent = { without: 0, with: 0 };
for (let r = 0; r < rounds; r++) {
  for (const [i, f] of files.entries()) {
    for (const references of (i + r) % 2 ? [false, true] : [true, false]) {
      const t = cpu();
      await outlineSource({ ...f, references }).catch(() => undefined);
      spent[references ? "with" : "without"] += cpu() - t;
    }
  }
}
console.log(`${files.length} files x ${rounds} rounds: without references ${spent.without.toFixed(0)} ms, with ${spent.with.toFixed(0)} ms CPU: +${((100 * (spent.with - spent.without)) / spent.without).toFixed(1)}%`);
