// Object packs (core/cache/object-pack.ts, io/object-packs.ts): records written by one writer
// and renamed into place whole are read back by key; a pack that is cut off, damaged, a link,
// or still under its temp name is not read from, and reading it never throws.
import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, PACK_HEADER } from "../src/core/cache/object-pack.ts";
import { shardOf } from "../src/core/cache/pack.ts";
import { PackReader, PackWriter, shardFolder } from "../src/io/object-packs.ts";
import { tempDir } from "./helpers/cli.ts";

const dirs: { cleanup(): void }[] = [];
afterEach(() => {
  while (dirs.length) dirs.pop()!.cleanup();
});

let n = 0;
function writer(dir: string): PackWriter {
  return new PackWriter(dir, () => `w${++n}`, (final) => `${final}.tmp-${n}`);
}

const KEY_A = `${"0a".repeat(32)}-python`; // shard 2
const KEY_B = `${"0b".repeat(32)}-python`; // shard 2
const KEY_C = `${"f0".repeat(32)}-go`; // shard 60
const json = (name: string) => JSON.stringify({ format: 2, symbols: [{ kind: "function", name, qualifiedName: name, signature: `def ${name}()`, startLine: 1, endLine: 2 }] });

function setUp() {
  const d = tempDir("ast-outline-packs-");
  dirs.push(d);
  const w = writer(d.path);
  const sizes = [w.add(KEY_A, json("alpha")), w.add(KEY_B, json("beta")), w.add(KEY_C, json("gamma"))];
  expect(w.finish()).toBe(2);
  return { dir: d.path, sizes };
}

describe("object packs", () => {
  test("records come back by key, with the size the writer gave; one pack per shard written", () => {
    const { dir, sizes } = setUp();
    expect(shardOf(KEY_A)).toBe(shardOf(KEY_B));
    expect(readdirSync(shardFolder(dir, shardOf(KEY_A)))).toHaveLength(1);
    const r = new PackReader(dir);
    expect([r.size(KEY_A), r.size(KEY_B), r.size(KEY_C)]).toEqual(sizes);
    expect(JSON.parse(r.read(KEY_B)!).symbols[0].name).toBe("beta");
    expect(JSON.parse(r.read(KEY_C)!).symbols[0].name).toBe("gamma");
    expect(r.read(`${"0c".repeat(32)}-python`)).toBeUndefined();
    // Compressed: smaller than the JSON.
    expect(sizes[0]).toBeLessThan(json("alpha").length);
  });

  test("a pack renamed in after the reader listed the folder is found", () => {
    const { dir } = setUp();
    const r = new PackReader(dir);
    const later = `${"0d".repeat(32)}-python`;
    expect(r.size(later)).toBe(-1);
    const w = writer(dir);
    w.add(later, json("delta"));
    w.finish();
    expect(JSON.parse(r.read(later)!).symbols[0].name).toBe("delta");
  });

  test("a pack still under its temp name is not read; abort removes it", () => {
    const d = tempDir("ast-outline-packs-");
    dirs.push(d);
    const w = writer(d.path);
    w.add(KEY_A, json("alpha"));
    expect(w.pending).toBe(true);
    expect(new PackReader(d.path).size(KEY_A)).toBe(-1);
    w.abort();
    expect(readdirSync(shardFolder(d.path, shardOf(KEY_A)))).toEqual([]);
  });

  test("a cut-off pack, a damaged record, a link or another file is not read from, and nothing throws", () => {
    const { dir } = setUp();
    const folder = shardFolder(dir, shardOf(KEY_A));
    const [pack] = readdirSync(folder);
    const file = join(folder, pack);
    const whole = readFileSync(file);

    // A flipped byte inside a record: that record fails its checksum, the other still reads.
    const damaged = Buffer.from(whole);
    damaged[PACK_HEADER.length + 2] ^= 0xff;
    writeFileSync(file, damaged);
    const r = new PackReader(dir);
    const results = [r.read(KEY_A), r.read(KEY_B)];
    expect(results.filter((x) => x === undefined)).toHaveLength(1);

    // Cut off: the trailer is gone, so is the pack.
    writeFileSync(file, whole);
    truncateSync(file, whole.length - 10);
    expect(new PackReader(dir).size(KEY_A)).toBe(-1);

    // The index's own checksum guards it.
    const badIndex = Buffer.from(whole);
    badIndex[whole.length - 90] ^= 0x01;
    writeFileSync(file, badIndex);
    expect(new PackReader(dir).size(KEY_B)).toBe(-1);

    // A symbolic link under a pack's name, and a file that is no pack.
    writeFileSync(file, whole);
    const elsewhere = tempDir("ast-outline-packs-other-");
    dirs.push(elsewhere);
    mkdirSync(join(elsewhere.path, "x"));
    writeFileSync(join(elsewhere.path, "x", "real.pack"), whole);
    writeFileSync(file, "not a pack at all");
    symlinkSync(join(elsewhere.path, "x", "real.pack"), join(folder, "link.pack"));
    expect(new PackReader(dir).size(KEY_A)).toBe(-1);
  });

  test("crc32 is zlib's", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });
});
