// The manifest is keyed by repository paths, which strangers name: no path may reach a prototype.
import { expect, test } from "bun:test";
import { emptyManifest, parseManifest } from "../src/core/cache/format.ts";

test("a path named like an Object property is a key like any other, read back or new", () => {
  const fresh = emptyManifest("e");
  expect(fresh.files["constructor"]).toBeUndefined();
  expect(fresh.files["__proto__"]).toBeUndefined();
  const text = JSON.stringify(fresh).replace('"files":{}', '"files":{"__proto__":"not a record"}');
  const read = parseManifest(text, "e");
  expect(Object.keys(read.files)).toEqual([]);
  expect(read.files["toString"]).toBeUndefined();
  read.files["__proto__"] = { hash: "h" } as never;
  expect(Object.keys(read.files)).toEqual(["__proto__"]);
  expect(read.files["other"]).toBeUndefined();
});
