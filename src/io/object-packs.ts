// Object packs on disk (the format: core/cache/object-pack.ts). A cache's objects live in
// objects/<engine>/<nn>/*.pack, one folder per shard of the key space (core/cache/pack.ts
// shardOf), each pack written by one writer, front to back under a temp name, and renamed into
// place whole: a pack under its own name is never written again. Readers load a shard's pack
// indexes when first asked for one of its keys, and list the folder again when it changed
// (another process renamed a pack in). Packs are replaced, never changed: a shard with too many
// packs, or with objects no one needs, gets one pack of what is kept and the others go (a
// reader that had one open reads on from it).
//
// Every file is opened without following a symbolic link; a temp file is created exclusively.
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { crc32, DICTIONARY, PACK_HEADER, packIndex, parseIndex, parseTrailer, TRAILER_BYTES, type PackSlot } from "../core/cache/object-pack.ts";
import { shardOf } from "../core/cache/pack.ts";
import { stampPrint } from "../core/stamp.ts";
import { nodeZlib } from "./builtins.ts";
import { withFileNoFollow } from "./no-follow.ts";

const DIR_MODE = 0o755;
const FILE_MODE = 0o644;
const PACK_SUFFIX = ".pack";
/** Deflate's level: the objects are written once and read many times; 6 is zlib's own default. */
const LEVEL = 6;

let dictionary: Buffer | undefined;
const dict = () => (dictionary ??= Buffer.from(DICTIONARY));

/** The folder of a shard's packs. */
export function shardFolder(dir: string, shard: number): string {
  return join(dir, shard.toString(16).padStart(2, "0"));
}

/** One pack being written: its temp file, where the next record goes, and the records so far. */
interface OpenPack {
  fd: number;
  temp: string;
  final: string;
  offset: number;
  slots: Map<string, PackSlot>;
}

/**
 * Writes records into one new pack per shard touched, renamed into place by finish(). `name`
 * makes a pack name no other writer uses; `temp(final)` the temp name beside it; `fault` lets
 * tests fail a write (Env.writeFault).
 */
export class PackWriter {
  private readonly open = new Map<number, OpenPack>();

  constructor(
    private readonly dir: string,
    private readonly name: () => string,
    private readonly temp: (final: string) => string,
    private readonly fault?: (file: string) => void,
  ) {}

  /** Whether a record is waiting in a pack not yet renamed into place. */
  get pending(): boolean {
    return this.open.size > 0;
  }

  /** Add an object's JSON under its key; returns the record's byte length. Throws the file system's error. */
  add(key: string, json: string): number {
    const shard = shardOf(key);
    let pack = this.open.get(shard);
    if (!pack) {
      const folder = shardFolder(this.dir, shard);
      mkdirSync(folder, { recursive: true, mode: DIR_MODE });
      const final = join(folder, `${this.name()}${PACK_SUFFIX}`);
      const temp = this.temp(final);
      this.fault?.(final);
      const fd = openSync(temp, "wx", FILE_MODE);
      pack = { fd, temp, final, offset: 0, slots: new Map() };
      this.open.set(shard, pack);
      pack.offset += writeAll(fd, Buffer.from(PACK_HEADER), 0);
    }
    const known = pack.slots.get(key);
    if (known) return known.length;
    const payload = nodeZlib().deflateRawSync(Buffer.from(json), { dictionary: dict(), level: LEVEL });
    writeAll(pack.fd, payload, pack.offset);
    pack.slots.set(key, { offset: pack.offset, length: payload.length, crc: crc32(payload) });
    pack.offset += payload.length;
    return payload.length;
  }

  /** Put every pack written into place (index, trailer, rename); returns how many. On a failure the rest are dropped and the error thrown. */
  finish(): number {
    let done = 0;
    try {
      for (const [shard, pack] of this.open) {
        writeAll(pack.fd, Buffer.from(packIndex(pack.slots, pack.offset)), pack.offset);
        closeSync(pack.fd);
        pack.fd = -1;
        renameSync(pack.temp, pack.final);
        this.open.delete(shard);
        done++;
      }
    } catch (e) {
      this.abort();
      throw e;
    }
    return done;
  }

  /** Drop what is not in place yet (temp files removed). */
  abort(): void {
    for (const pack of this.open.values()) {
      try {
        if (pack.fd >= 0) closeSync(pack.fd);
      } catch {
        // closed already
      }
      try {
        unlinkSync(pack.temp);
      } catch {
        // never created, or gone
      }
    }
    this.open.clear();
  }
}

function writeAll(fd: number, bytes: Uint8Array, at: number): number {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, at + done);
  return bytes.length;
}

/** A pack as a reader knows it: its stat fingerprint when its index was read, and the index. */
interface KnownPack {
  print: string;
  slots: Map<string, PackSlot>;
  mtimeMs: number;
  size: number;
}

/** A shard folder as last listed: the folder's fingerprint then, and its packs by file name. */
interface ShardView {
  print: string;
  packs: Map<string, KnownPack>;
}

/** Where a key's record is. */
export interface Found {
  file: string;
  slot: PackSlot;
}

/** A pack file found in a shard folder, for sweeps. */
export interface PackFile {
  file: string;
  mtimeMs: number;
  size: number;
  keys: string[];
}

/** Reads records from the packs of one engine's object folder. */
export class PackReader {
  private readonly shards = new Map<number, ShardView>();

  constructor(private readonly dir: string) {}

  /** The record of `key`, or undefined; the shard's packs are listed again when its folder changed since. */
  find(key: string): Found | undefined {
    const shard = shardOf(key);
    let view = this.shards.get(shard);
    const print = folderPrint(shardFolder(this.dir, shard));
    if (!view || view.print !== print) view = this.list(shard, print);
    for (const [name, pack] of view.packs) {
      const slot = pack.slots.get(key);
      if (slot) return { file: join(shardFolder(this.dir, shard), name), slot };
    }
    return undefined;
  }

  /** The record's byte length, or -1 when there is none. */
  size(key: string): number {
    return this.find(key)?.slot.length ?? -1;
  }

  /** The object's JSON, or undefined when it is absent or its record does not check out (gone, cut off, damaged). */
  read(key: string): string | undefined {
    const found = this.find(key);
    if (!found) return undefined;
    const bytes = readAt(found.file, found.slot.offset, found.slot.length);
    if (!bytes || crc32(bytes) !== found.slot.crc) {
      this.shards.delete(shardOf(key)); // listed again on the next ask
      return undefined;
    }
    try {
      return nodeZlib().inflateRawSync(bytes, { dictionary: dict() }).toString("utf8");
    } catch {
      return undefined;
    }
  }

  /** The packs of a shard as they are now (for sweeps and merges). */
  packs(shard: number): PackFile[] {
    const folder = shardFolder(this.dir, shard);
    const view = this.list(shard, folderPrint(folder));
    return [...view.packs].map(([name, p]) => ({ file: join(folder, name), mtimeMs: p.mtimeMs, size: p.size, keys: [...p.slots.keys()] }));
  }

  /** The raw record (compressed bytes, checked) of a key in a given pack, for copying into another pack. */
  record(file: string, slot: PackSlot): Uint8Array | undefined {
    const bytes = readAt(file, slot.offset, slot.length);
    return bytes && crc32(bytes) === slot.crc ? bytes : undefined;
  }

  /** Forget what was read of a shard (after this process changed it). */
  forget(shard: number): void {
    this.shards.delete(shard);
  }

  private list(shard: number, print: string): ShardView {
    const folder = shardFolder(this.dir, shard);
    const old = this.shards.get(shard);
    const view: ShardView = { print, packs: new Map() };
    let names: string[] = [];
    try {
      names = readdirSync(folder);
    } catch {
      // no folder: no packs
    }
    for (const name of names.sort()) {
      if (!name.endsWith(PACK_SUFFIX)) continue; // temp files, and anything else
      const file = join(folder, name);
      const known = old?.packs.get(name);
      const loaded = loadIndex(file, known);
      if (loaded) view.packs.set(name, loaded);
    }
    this.shards.set(shard, view);
    return view;
  }
}

function folderPrint(folder: string): string {
  try {
    const s = lstatSync(folder);
    return `${s.ino} ${s.mtimeMs} ${s.ctimeMs}`;
  } catch {
    return "-";
  }
}

/** A pack's index, reused when the file is the one read before (same fingerprint); undefined when it is not a whole pack. */
function loadIndex(file: string, known: KnownPack | undefined): KnownPack | undefined {
  return withFileNoFollow(file, (fd) => {
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined;
    const print = stampPrint(st);
    if (known?.print === print) return known;
    if (st.size < PACK_HEADER.length + TRAILER_BYTES) return undefined;
    const head = Buffer.alloc(PACK_HEADER.length);
    if (readSync(fd, head, 0, head.length, 0) !== head.length || head.toString("latin1") !== PACK_HEADER) return undefined;
    const tail = Buffer.alloc(TRAILER_BYTES);
    if (readSync(fd, tail, 0, TRAILER_BYTES, st.size - TRAILER_BYTES) !== TRAILER_BYTES) return undefined;
    const where = parseTrailer(tail, st.size);
    if (!where) return undefined;
    const block = Buffer.alloc(where.length);
    if (readSync(fd, block, 0, where.length, where.offset) !== where.length) return undefined;
    const slots = parseIndex(block, where.crc, where.offset);
    return slots && { print, slots, mtimeMs: st.mtimeMs, size: st.size };
  });
}

function readAt(file: string, offset: number, length: number): Buffer | undefined {
  return withFileNoFollow(file, (fd) => {
    const out = Buffer.alloc(length);
    return readSync(fd, out, 0, length, offset) === length ? out : undefined;
  });
}
