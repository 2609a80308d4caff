// A language's callShape (core/languages/registry.ts) lets `changed --impact` leave unparsed
// every file whose text has no call of that shape, so it must match wherever the language's
// skeleton query finds a call: checked on every call of the language's fixtures and of samples
// written to hold the odd spellings (generic calls, comments and line breaks before the
// argument list, constructors with type arguments), at the call's own name.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REGISTRY, type LanguageSpec } from "../src/core/languages/registry.ts";
import { scanSource } from "../src/core/skeleton/scan.ts";
import { asText } from "../src/app/repo-symbols.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures");

const SAMPLES: Record<string, string> = {
  java: [
    "class A<T> extends B {",
    "  void f(java.util.List<String> xs) {",
    "    run();",
    "    this.<String>convert(x);",
    "    record /* why */ (1);",
    "    record // why\n      (2);",
    "    other\n    (3);",
    "    new Box<String>(x);",
    "    new Box<>();",
    "    new java.util.ArrayList<>(xs);",
    "    new Outer.Inner(1) { };",
    "    super.f(xs);",
    "    xs.stream().map(y -> y.trim()).forEach(System.out::println);",
    "    $odd$(1);",
    "  }",
    "}",
  ].join("\n"),
  go: [
    "package p",
    "",
    "func f(xs []int) {",
    "\trun()",
    "\tMap[int](xs)",
    "\tfmt.Println(1)",
    "\tg /* why */ (1)",
    "\tfunc() {}()",
    "\tdefer close(ch)",
    "\tgo worker(1)",
    "\tx := T{}.Method(2)",
    "\tpkg.Generic[int, string](xs)",
    "}",
  ].join("\n"),
};

function shapeFor(spec: LanguageSpec, name: string, flags = ""): RegExp {
  return new RegExp(spec.callShape!.replaceAll("{name}", asText(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")), flags);
}

/** Each call whose name is not followed by a text of the language's call shape. */
async function misses(spec: LanguageSpec, text: string): Promise<string[]> {
  const scan = await scanSource(text, spec);
  expect(scan).toBeDefined();
  const latin1 = asText(text);
  const out: string[] = [];
  for (const call of scan!.calls) {
    // The first text of the shape at or after the call's start must lie within the call: its
    // callee as written, give or take type arguments (`this.<T>f` is shown `this.f`). Offsets
    // of the latin1 text (one character a byte), as `changed --impact` reads files.
    const from = Buffer.byteLength(text.slice(0, call.from), "utf8");
    const shape = shapeFor(spec, call.name, "g");
    shape.lastIndex = from;
    const found = shape.exec(latin1);
    if (!found || found.index >= from + Buffer.byteLength(call.callee, "utf8") + 32) out.push(`${call.callee} (line ${call.line})`);
  }
  return out;
}

const shaped = REGISTRY.all.filter((l) => l.callShape);

test("some languages have a call shape, each with a skeleton query and samples", () => {
  expect(shaped.map((l) => l.id).sort()).toEqual(Object.keys(SAMPLES).sort());
});

describe.each(shaped.map((l) => [l.id, l] as const))("%s", (id, spec) => {
  test("every call of the samples has the shape at its name", async () => {
    const scan = await scanSource(SAMPLES[id], spec);
    expect(scan!.calls.length).toBeGreaterThan(5);
    expect(await misses(spec, SAMPLES[id])).toEqual([]);
  });

  test("every call of the fixtures has the shape at its name", async () => {
    const dir = join(FIXTURES, id);
    const files = readdirSync(dir).filter((f) => spec.extensions.some((e) => f.endsWith(e)));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect({ file: f, misses: await misses(spec, readFileSync(join(dir, f), "utf8")) }).toEqual({ file: f, misses: [] });
  });

  test("a text that only mentions the name is not of the shape", () => {
    expect(shapeFor(spec, "record").test(asText("// the record is kept\nint record = 1;\n"))).toBe(false);
  });
});
