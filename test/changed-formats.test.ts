// `changed --format sarif | rdjson | patch` and `--fail-on`, on a real git repository whose one
// commit holds every kind of change: SARIF validated against the official 2.1.0 schema, rdjson
// against reviewdog's, and the patch applied with `git apply` to a checkout of the base, which
// must then equal the head (but for what the patch names as left out).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ChangeSet } from "../src/core/diff/types.ts";
import { quotePath } from "../src/core/text/quote.ts";
import { ruleOf } from "../src/render/changed/findings.ts";
import { runCli, tempDir } from "./helpers/cli.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";
import { validateRdjson, validateRdjsonStrict, validateSarif } from "./helpers/schemas.ts";

let repo: TempRepo;
let base: string;
let head: string;
const cleanups: (() => void)[] = [];

const ODD = ['with space.py', 'quote"and\\back.py', "new\nline.py", "uni-é漢.py", "::error::x.py"];

beforeAll(() => {
  repo = tempRepo();
  cleanups.push(repo.cleanup);
  const w = repo.write;
  w("api.py", "import os\n\nLIMIT = 1\n\n\ndef keep(a):\n    return a\n\n\ndef sig(a):\n    return a\n\n\ndef body(a):\n    x = a\n    return x\n\n\ndef old_name(a):\n    y = a * 2\n    return y\n\n\ndef gone():\n    pass\n\n\nclass Box:\n    def m(self):\n        return 1\n\n    def n(self):\n        return 2\n");
  w("src/util.py", "def mover(a, b):\n    total = a + b\n    return total\n\n\ndef stays():\n    return 0\n");
  w("crlf.py", "def f():\r\n    return 1\r\n\r\n\r\ndef g():\r\n    return 2\r\n");
  w("noeol.py", "def h():\n    return 1");
  w("ci.txt", "name: ci\non: push\n");
  w("img.bin", new Uint8Array([0, 1, 2, 3, 0, 255]));
  w("tool.sh", "#!/bin/sh\necho hi\n");
  w("renamed_before.py", "def r():\n    return 'same'\n\n\ndef s():\n    return 1\n");
  w("deleted.py", "def d():\n    return 1\n");
  w("big.txt", "line\n".repeat(1000));
  for (const [i, name] of ODD.entries()) w(name, `def odd${i}():\n    return ${i}\n`);
  base = repo.commit("base");

  w("api.py", "import os\nimport sys\n\nLIMIT = 2\n\n\ndef keep(a):\n    return a\n\n\ndef sig(a, b=None):\n    return a\n\n\ndef body(a):\n    x = a + 1\n    return x\n\n\ndef new_name(a):\n    y = a * 2\n    return y\n\n\ndef added():\n    return 'new'\n\n\nclass Box:\n    def m(self):\n        # a comment\n        return 1\n\n    def n(self):\n        return 20\n");
  w("src/util.py", "def stays():\n    return 0\n");
  w("src/moved.py", "def mover(a, b):\n    total = a + b\n    return total\n");
  w("crlf.py", "def f():\r\n    return 10\r\n\r\n\r\ndef g():\r\n    return 2\r\n");
  w("noeol.py", "def h():\n    return 2\n");
  w("ci.txt", "name: ci\non: [push, pull_request]\n");
  w("img.bin", new Uint8Array([0, 1, 2, 3, 0, 254]));
  chmodSync(join(repo.path, "tool.sh"), 0o755);
  repo.git("mv", "renamed_before.py", "renamed_after.py");
  w("renamed_after.py", "def r():\n    return 'same'\n\n\ndef s():\n    return 2\n");
  repo.git("rm", "-q", "deleted.py");
  w("big.txt", "line\n".repeat(999) + "last\n");
  for (const [i, name] of ODD.entries()) w(name, `def odd${i}(x):\n    return ${i}\n`);
  head = repo.commit("head");
});

afterAll(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function changed(...args: string[]) {
  return runCli(["changed", "--base", base, "--head", head, ...args], repo.path);
}

async function changeSet(): Promise<ChangeSet> {
  const r = await changed("--format", "json");
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

const symbols = (set: ChangeSet) => set.files.flatMap((f) => f.symbols.map((s) => ({ file: f, s })));

describe("--format sarif", () => {
  test("is valid SARIF 2.1.0: a result per removal, rename, move and signature change, the rest counted; every rule described", async () => {
    const set = await changeSet();
    const r = await changed("--format", "sarif");
    expect(r.code).toBe(0);
    const log = JSON.parse(r.stdout);
    expect(validateSarif(log)).toEqual([]);
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((x: any) => x.id)).toEqual(["symbol-removed", "symbol-renamed", "symbol-moved", "signature-changed", "caller-not-updated"]);
    for (const rule of run.tool.driver.rules) {
      expect(rule.fullDescription.text.length).toBeGreaterThan(rule.shortDescription.text.length / 2);
      expect(rule.help.text.length).toBeGreaterThan(0);
      expect(rule.help.markdown.length).toBeGreaterThan(0);
    }
    const reported = new Set(["symbol-removed", "symbol-renamed", "symbol-moved", "signature-changed"]);
    const all = symbols(set);
    const wanted = all.filter(({ s }) => reported.has(ruleOf(s)));
    expect(run.results.length).toBe(wanted.length);
    for (const [i, { file, s }] of wanted.entries()) {
      const res = run.results[i];
      expect(res.ruleId).toBe(ruleOf(s));
      expect(run.tool.driver.rules[res.ruleIndex].id).toBe(res.ruleId);
      expect(res.level).toBe("note");
      const loc = res.locations[0].physicalLocation;
      expect(res.locations[0].logicalLocations[0].fullyQualifiedName).toBe(s.qualifiedName);
      if (s.change !== "removed") {
        expect(decodeURIComponent(loc.artifactLocation.uri)).toBe(file.path);
        expect(loc.region).toEqual({ startLine: s.startLine, endLine: s.endLine });
      } else if (file.status === "deleted") {
        // No head file: located in the base, and the message says so.
        expect(decodeURIComponent(loc.artifactLocation.uri)).toBe(file.oldPath ?? file.path);
        expect(loc.region).toEqual({ startLine: s.oldStartLine, endLine: s.oldEndLine });
        expect(res.message.text).toContain("the head has no such file, so it is located in the base");
      } else expect(decodeURIComponent(loc.artifactLocation.uri)).toBe(file.path);
    }
    const ids = new Set(run.results.map((x: any) => x.ruleId));
    for (const id of reported) expect(ids.has(id)).toBe(true);
    // `gone` was lines 24-25 of api.py; the head has one more import line above, and the hunk that
    // deleted `gone` starts at line 25, where `def added():` took its place.
    const gone = run.results.find((x: any) => x.ruleId === "symbol-removed" && x.locations[0].logicalLocations[0].name === "gone");
    expect(gone.message.text).toContain("removed (was lines 24-25 of api.py in the base)");
    expect(gone.locations[0].physicalLocation).toEqual({ artifactLocation: { uri: "api.py", uriBaseId: "%SRCROOT%" }, region: { startLine: 25, endLine: 25 } });
    expect(gone.properties.side).toBe("head");
    // The others are counted, not reported: one notification, and run.properties by kind.
    const others = all.filter(({ s }) => !reported.has(ruleOf(s)));
    const counted = Object.values(run.properties.notReported as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(counted).toBe(others.length);
    expect(run.properties.notReported.added).toBe(others.filter(({ s }) => s.change === "added").length);
    const notes = run.invocations[0].toolExecutionNotifications.map((n: any) => n.message.text);
    expect(notes.filter((t: string) => t.includes("not reported as results")).length).toBe(1);
    // The binary file is named, not dropped.
    expect(notes.some((t: string) => t.includes("img.bin") && t.includes("unsupported language"))).toBe(true);
  });

  test("--level sets every result's and rule's level; a bad level is a usage error", async () => {
    const log = JSON.parse((await changed("--format", "sarif", "--level", "warning")).stdout);
    expect(validateSarif(log)).toEqual([]);
    expect(new Set(log.runs[0].results.map((x: any) => x.level))).toEqual(new Set(["warning"]));
    expect(log.runs[0].tool.driver.rules.every((x: any) => x.defaultConfiguration.level === "warning")).toBe(true);
    const bad = await changed("--format", "sarif", "--level", "loud");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^ast-outline: --level takes one of: note, warning, error/);
  });

  test("odd file names become percent-encoded relative URIs; names are printable in messages, exact in logical locations", async () => {
    const log = JSON.parse((await changed("--format", "sarif")).stdout);
    const uris: string[] = log.runs[0].results.map((x: any) => x.locations[0].physicalLocation.artifactLocation.uri);
    for (const name of ODD) expect(uris).toContain(name.split("/").map(encodeURIComponent).join("/"));
    for (const u of uris) expect(u).not.toMatch(/[\s"\\]/);
  });
});

describe("--format rdjson", () => {
  test("valid against reviewdog's schema (and with no field it does not define), one diagnostic per symbol", async () => {
    const set = await changeSet();
    const r = await changed("--format", "rdjson");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(validateRdjson(out)).toEqual([]);
    expect(validateRdjsonStrict(out)).toEqual([]);
    const all = symbols(set);
    expect(out.diagnostics.length).toBe(all.length);
    for (const [i, { file, s }] of all.entries()) {
      const d = out.diagnostics[i];
      expect(d.code.value).toBe(ruleOf(s));
      expect(d.severity).toBe("INFO");
      if (s.change === "removed" && file.status === "deleted") {
        expect(d.location).toEqual({ path: file.oldPath ?? file.path });
        expect(d.message).toContain("in the base");
      } else if (s.change === "removed") {
        // At the head line where its lines were deleted.
        expect(d.location.path).toBe(file.path);
        expect(d.location.range.start.line).toBeGreaterThan(0);
      } else if (s.startLine !== undefined) {
        expect(d.location).toEqual({ path: file.path, range: { start: { line: s.startLine }, end: { line: s.endLine } } });
      }
    }
    expect(r.stderr).toBe("ast-outline: symbols not compared in 3 files: big.txt (unsupported language), ci.txt (unsupported language), img.bin (unsupported language)\n");
    expect(JSON.parse((await changed("--format", "rdjson", "--level", "error")).stdout).severity).toBe("ERROR");
  });
});

describe("--format patch", () => {
  /** A checkout of `rev` in a new folder (a worktree of the test repo). */
  function checkout(rev: string): string {
    const dir = tempDir("ast-outline-apply-");
    cleanups.push(dir.cleanup);
    const path = join(dir.path, "wt");
    repo.git("worktree", "add", "-q", "--detach", path, rev);
    return path;
  }
  const gitIn = (cwd: string, ...args: string[]) => spawnSync("git", args, { cwd, encoding: "utf8" });

  test("git apply takes it against the base, and the result is the head but for what it names as left out", async () => {
    const r = await changed("--format", "patch");
    expect(r.code).toBe(0);
    const patchFile = join(tempDir().path, "change.patch");
    writeFileSync(patchFile, r.stdout);
    const wt = checkout(base);
    const check = gitIn(wt, "apply", "--check", patchFile);
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
    expect(gitIn(wt, "apply", patchFile).status).toBe(0);
    gitIn(wt, "add", "-A");
    const left = gitIn(wt, "diff", "--cached", "--name-only", head).stdout.trim().split("\n").filter(Boolean);
    expect(left).toEqual(["img.bin"]);
    expect(r.stdout.split("\n")[1]).toBe("# not in this patch: img.bin (binary)");
  });

  test("a file over --max-size is left out and named, not read; the rest still applies", async () => {
    const r = await changed("--format", "patch", "--max-size", "2K");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n").slice(1, 3)).toEqual(["# not in this patch: big.txt (too large)", "# not in this patch: img.bin (binary)"]);
    const patchFile = join(tempDir().path, "change.patch");
    writeFileSync(patchFile, r.stdout);
    const wt = checkout(base);
    expect(gitIn(wt, "apply", patchFile).status).toBe(0);
    gitIn(wt, "add", "-A");
    expect(gitIn(wt, "diff", "--cached", "--name-only", head).stdout.trim().split("\n")).toEqual(["big.txt", "img.bin"]);
  });

  test("one hunk per changed symbol, spanning it, named in the header after @@ … @@", async () => {
    const set = await changeSet();
    const patch = (await changed("--format", "patch")).stdout;
    const hunks = parseHunks(patch);
    for (const { file, s } of symbols(set)) {
      if (s.qualifiedName === "<module>" || quotePath(file.path) !== file.path || s.change === "moved") continue;
      const mine = hunks.filter((h) => h.path === file.path && h.names.includes(s.qualifiedName));
      expect(mine.length).toBe(1);
      const h = mine[0];
      if (s.startLine !== undefined) {
        expect(h.newStart).toBeLessThanOrEqual(s.startLine);
        expect(h.newStart + h.newCount - 1).toBeGreaterThanOrEqual(s.endLine!);
      }
      if (s.oldStartLine !== undefined) {
        expect(h.oldStart).toBeLessThanOrEqual(s.oldStartLine);
        expect(h.oldStart + h.oldCount - 1).toBeGreaterThanOrEqual(s.oldEndLine!);
      }
    }
    // Edits in sibling symbols stay in their own hunks, the import line (outside every symbol) is
    // a plain hunk, and a function replaced by another with no unchanged line between shares its hunk.
    const api = hunks.filter((h) => h.path === "api.py");
    expect(api.map((h) => h.names.join(", "))).toEqual(["", "LIMIT", "sig", "body", "new_name", "gone, added", "Box.m", "Box.n"]);
    expect(api.find((h) => h.names.includes("Box.m"))!.lines).toContain("+        # a comment");
    // The moved function: removed lines in its old file, added in its new one, both named.
    expect(hunks.some((h) => h.path === "src/util.py" && h.names.includes("mover"))).toBe(true);
    expect(hunks.some((h) => h.path === "src/moved.py" && h.names.includes("mover"))).toBe(true);
  });

  test("keeps CRLF and a missing final newline exactly; quotes odd paths as git does", async () => {
    const raw = execFileSync(process.execPath, [join(import.meta.dir, "..", "src", "cli", "index.ts"), "changed", "--base", base, "--head", head, "--format", "patch"], { cwd: repo.path });
    const text = raw.toString("latin1");
    expect(text).toContain("-    return 1\r\n+    return 10\r\n");
    expect(text).toContain("-    return 1\n\\ No newline at end of file\n+    return 2\n");
    expect(text).toContain('diff --git "a/new\\nline.py" "b/new\\nline.py"');
    expect(text).toContain('diff --git "a/quote\\"and\\\\back.py" "b/quote\\"and\\\\back.py"');
    expect(text).toContain("--- a/with space.py\t\n");
    expect(text).toContain("old mode 100644\nnew mode 100755\n");
    expect(text).toContain("rename from renamed_before.py\nrename to renamed_after.py\n");
  });
});

describe("--fail-on", () => {
  test("exit 1 only when the change holds what it names", async () => {
    for (const [what, code] of [["none", 0], ["removed", 1], ["signature-change", 1], ["any", 1]] as const) expect((await changed("--fail-on", what)).code).toBe(code);
    const r = tempRepo();
    cleanups.push(r.cleanup);
    r.write("m.py", "def f(a):\n    return 1\n\n\ndef g():\n    return 2\n");
    const b = r.commit("b");
    r.write("m.py", "def f(a):\n    return 10\n\n\ndef g():\n    return 2\n");
    const bodyOnly = r.commit("body only");
    r.write("m.py", "def f(a, b):\n    return 10\n\n\ndef g():\n    return 2\n");
    const sigChange = r.commit("signature");
    const run = async (from: string, to: string, what: string) => (await runCli(["changed", "--base", from, "--head", to, "--fail-on", what], r.path)).code;
    expect([await run(b, bodyOnly, "removed"), await run(b, bodyOnly, "signature-change"), await run(b, bodyOnly, "any")]).toEqual([0, 0, 1]);
    expect([await run(bodyOnly, sigChange, "removed"), await run(bodyOnly, sigChange, "signature-change")]).toEqual([0, 1]);
    // value-change and doc-change: each includes the values before it, and a body change is neither.
    expect([await run(b, bodyOnly, "value-change"), await run(b, bodyOnly, "doc-change")]).toEqual([0, 0]);
    expect(await run(bodyOnly, sigChange, "value-change")).toBe(1);
    r.write("m.py", "LIMIT = 1\n\n\ndef f(a, b):\n    return 10\n");
    const withConst = r.commit("constant");
    r.write("m.py", "LIMIT = 2\n\n\ndef f(a, b):\n    return 10\n");
    const valueOnly = r.commit("value");
    r.write("m.py", 'LIMIT = 2\n\n\ndef f(a, b):\n    """Returns ten."""\n    return 10\n');
    const docOnly = r.commit("doc");
    const levels = ["removed", "signature-change", "value-change", "doc-change", "any"];
    expect(await Promise.all(levels.map((w) => run(withConst, valueOnly, w)))).toEqual([0, 0, 1, 1, 1]);
    expect(await Promise.all(levels.map((w) => run(valueOnly, docOnly, w)))).toEqual([0, 0, 0, 1, 1]);
    const bad = await runCli(["changed", "--fail-on", "sometimes"], r.path);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^ast-outline: --fail-on takes one of: none, removed, signature-change, value-change, doc-change, any/);
  });
});

interface ParsedHunk {
  path: string;
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  names: string[];
  lines: string[];
}

/** Hunks of a patch with plain (unquoted) paths: enough for the named-symbol checks above. */
function parseHunks(patch: string): ParsedHunk[] {
  const out: ParsedHunk[] = [];
  let path = "";
  for (const line of patch.split("\n")) {
    const file = /^diff --git a\/.* b\/(.*)$/.exec(line);
    if (file) path = file[1];
    const h = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/.exec(line);
    if (h) {
      out.push({ path, oldStart: +h[1], oldCount: h[2] === undefined ? 1 : +h[2], newStart: +h[3], newCount: h[4] === undefined ? 1 : +h[4], names: h[5] ? h[5].split(", ") : [], lines: [] });
      continue;
    }
    if (out.length && /^[ +-]/.test(line) && !line.startsWith("+++") && !line.startsWith("---")) out[out.length - 1].lines.push(line);
  }
  return out;
}
