// The compact text outline still gives every definition its line range and signature
// (issue 2): checked line by line against the JSON outline of every fixture and of a few
// real standard-library modules.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { outlineFile } from "../src/app/outline-file.ts";
import { groupImports, renderOutlineText, valueSignature } from "../src/render/outline/text.ts";
import { fitSignature, SIGNATURE_LINE_MAX } from "../src/render/outline/signature-fit.ts";
import type { FileOutline, OutlineSymbol } from "../src/core/types.ts";
import { pythonStdlib } from "./conformance/python-ast.ts";
import { ROOT, runCli, testEnv } from "./helpers/cli.ts";

const VALUE_KINDS = ["variable", "constant", "field", "property"];

function fixtureFiles(): string[] {
  const dir = join(ROOT, "fixtures");
  const out: string[] = [];
  for (const lang of readdirSync(dir)) {
    if (["changed", "misc", "skeleton"].includes(lang)) continue;
    for (const name of readdirSync(join(dir, lang)).sort()) {
      if (/\.outline\.(txt|json)$|\.md$/.test(name)) continue;
      out.push(join(dir, lang, name));
    }
  }
  return out;
}

function stdlibFiles(): string[] {
  let dir: string;
  try {
    dir = pythonStdlib();
  } catch {
    return [];
  }
  return ["ftplib.py", "email/header.py", "dataclasses.py", "asyncio/base_events.py"].map((f) => join(dir, f)).filter(existsSync);
}

/** Definitions in the order the text shows them, with their depth. */
function preorder(symbols: OutlineSymbol[], depth = 0): { s: OutlineSymbol; depth: number }[] {
  return symbols.flatMap((s) => [{ s, depth }, ...preorder(s.children ?? [], depth + 1)]);
}

/** The symbol lines: what follows the header, imports, diagnostics and unparsed lines. */
function symbolLines(text: string, outline: FileOutline): string[] {
  const lines = text.trimEnd().split("\n");
  const skip = 1 + (outline.imports.length ? 1 : 0) + (outline.diagnostics.length ? 1 : 0) + (outline.unparsedRanges?.length ? 1 : 0);
  return lines.slice(skip);
}

/** The names of one declaration (`const { a, b } = o`): one range and signature, no members. */
function sameDeclaration(a: { s: OutlineSymbol; depth: number } | undefined, b: { s: OutlineSymbol; depth: number }): boolean {
  return !!a && a.depth === b.depth && a.s.startLine === b.s.startLine && a.s.endLine === b.s.endLine &&
    a.s.signature === b.s.signature && !a.s.children && !b.s.children;
}

function checkEveryDefinition(outline: FileOutline) {
  const text = renderOutlineText(outline, { maxChildren: 0 });
  const lines = symbolLines(text, outline);
  const defs = preorder(outline.symbols);
  // Names of one declaration share its line.
  const lineOf: number[] = [];
  defs.forEach((d, i) => lineOf.push(i > 0 && sameDeclaration(defs[i - 1], d) ? lineOf[i - 1] : (lineOf[i - 1] ?? -1) + 1));
  expect(lines.length).toBe((lineOf[lineOf.length - 1] ?? -1) + 1);
  defs.forEach(({ s, depth }, i) => {
    const range = s.startLine === s.endLine ? `${s.startLine}` : `${s.startLine}-${s.endLine}`;
    const line = lines[lineOf[i]];
    expect(line.startsWith(`${" ".repeat(depth)}${range} `)).toBe(true);
    expect(line).toContain(s.name);
    // Classes, functions and methods keep their whole signature, or, when it is too long for a
    // line, its shortened form with every parameter name (test/signatures.test.ts); values their head.
    if (VALUE_KINDS.includes(s.kind)) expect(line).toContain(valueSignature(s.signature));
    else if (line.includes(" [shortened]")) {
      expect(s.signature.length).toBeGreaterThan(SIGNATURE_LINE_MAX);
      expect(line).toContain(fitSignature(s.signature, s.name).text);
    } else expect(line).toContain(s.signature);
  });
}

describe("every definition keeps its line range and signature in the text outline", () => {
  for (const path of [...fixtureFiles(), ...stdlibFiles()]) {
    test(path.slice(path.indexOf("/", ROOT.length - 1) + 1), async () => {
      checkEveryDefinition((await outlineFile(testEnv(ROOT), path)).outline);
    });
  }
});

test("values: short ones shown, long or multi-line ones elided, the part before `=` kept", () => {
  expect(valueSignature("FTP_PORT = 21")).toBe("FTP_PORT = 21");
  expect(valueSignature("_MODE_CLOSED   = 0")).toBe("_MODE_CLOSED   = 0");
  expect(valueSignature("DEPLOY_DIR=${DEPLOY_DIR:-/srv/app/releases/current}")).toBe("DEPLOY_DIR=…");
  expect(valueSignature('__all__ = ["Number", "Complex", "Real", "Rational"]')).toBe("__all__ = …");
  expect(valueSignature("_styles = \"\"\" …")).toBe("_styles = …");
  expect(valueSignature("retries: int = 3")).toBe("retries: int = 3");
  expect(valueSignature("percall_tottime: float")).toBe("percall_tottime: float");
  expect(valueSignature("private static final Map<String, Integer> CACHE = new HashMap<String, Integer>(64);")).toBe("private static final Map<String, Integer> CACHE = …");
  expect(valueSignature('const GREETING: &\'static str = "hello there, general kenobi";')).toBe("const GREETING: &'static str = …");
  expect(valueSignature("x == compute(a=1, b=2)")).toBe("x == compute(a=1, b=2)");
  expect(valueSignature("count += 1")).toBe("count += 1");
});

test("imports under one dotted or :: path share it", () => {
  expect(groupImports(["smtplib", "typing.List", "typing.Dict", "os.path"])).toEqual(["smtplib", "typing.{List,Dict}", "os.path"]);
  expect(groupImports(["std::fmt::Display", "serde::Deserialize", "std::fmt::Debug"])).toEqual(["std::fmt::{Display,Debug}", "serde::Deserialize"]);
  expect(groupImports(["./a.js", "./b.js", "node:fs"])).toEqual(["./a.js", "./b.js", "node:fs"]);
});

test("docs: public top-level classes and functions by default, every doc with docs: all", async () => {
  const { outline } = await outlineFile(testEnv(), join(ROOT, "fixtures/python/notifier.py"));
  const compact = renderOutlineText(outline, { maxChildren: 40 });
  const all = renderOutlineText(outline, { maxChildren: 40, docs: "all" });
  expect(compact).toContain("class Notifier — Sends mail.");
  expect(compact).not.toContain("Connects to the server.");
  expect(all).toContain("def connect(self) -> bool — Connects to the server.");
});

test("outline --docs shows members' docs too", async () => {
  const plain = await runCli(["outline", "fixtures/python/notifier.py"], ROOT);
  const docs = await runCli(["outline", "--docs", "fixtures/python/notifier.py"], ROOT);
  expect(plain.stdout).not.toContain("Connects to the server.");
  expect(docs.code).toBe(0);
  expect(docs.stdout).toContain(" 17-19 def connect(self) -> bool — Connects to the server.");
});
