// The data and build formats (YAML, JSON, TOML, Markdown, HCL, CSS, Make): the profile a YAML
// file gets from its top-level lines, `changed` on a workflow, a manifest and a Terraform module
// in real git repositories (and through the compiled binary), the new kinds in `search --kind`
// and SARIF, and lockfiles left out of folder walks, `index` and `changed`.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { outlineSource } from "../src/core/outline/outline.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { profileFor } from "../src/core/languages/profiles.ts";
import { flatten } from "../src/core/symbols/find.ts";
import type { OutlineSymbol } from "../src/core/types.ts";
import { binaryAvailable, ROOT, runBinary, runCli, tempDir } from "./helpers/cli.ts";
import { tempRepo } from "./helpers/git.ts";

const yaml = REGISTRY.byId.get("yaml")!;
const enc = (s: string) => new TextEncoder().encode(s);

async function outline(path: string, text: string) {
  return outlineSource({ path, bytes: enc(text), language: REGISTRY.byExtension.get(path.slice(path.lastIndexOf(".")))! });
}

const kinds = (symbols: OutlineSymbol[]) => flatten(symbols).map((s) => `${s.kind} ${s.qualifiedName} ${s.startLine}-${s.endLine}`);

const WORKFLOW = readFileSync(join(ROOT, "fixtures/yaml/github_workflow.yml"), "utf8");

describe("YAML profiles: chosen by the file's top-level lines, never its path", () => {
  test("a workflow is one wherever it lives; the same keys without `on:` are plain YAML", async () => {
    expect(profileFor(yaml, WORKFLOW)?.id).toBe("github-workflow");
    const elsewhere = await outline("templates/ci.yml", WORKFLOW);
    expect(kinds(elsewhere.symbols)).toContain("job jobs.build 11-20");
    const plain = WORKFLOW.replace(/^"on":/m, "triggers:");
    expect(profileFor(yaml, plain)).toBeUndefined();
    const asPlain = await outline(".github/workflows/ci.yml", plain);
    expect(flatten(asPlain.symbols).every((s) => s.kind === "key")).toBe(true);
    expect(asPlain.symbols.map((s) => s.name)).toEqual(["name", "triggers", "env", "jobs"]);
  });

  test("a step is named by name, else id, else uses, else a one-line run; a multi-line run alone names none", async () => {
    const text = [
      "on: push",
      "jobs:",
      "  t:",
      "    steps:",
      "      - uses: actions/setup-node@v4",
      "        id: node",
      "        name: Set up Node",
      "      - uses: actions/checkout@v4",
      "        id: co",
      "      - run: make",
      "        uses: x/y@v1",
      "      - run: make test",
      "      - run: |",
      "          make all",
      "",
    ].join("\n");
    const o = await outline("w.yml", text);
    const steps = flatten(o.symbols).filter((s) => s.kind === "step");
    expect(steps.map((s) => [s.name, s.startLine, s.endLine])).toEqual([
      ["Set up Node", 5, 7],
      ["co", 8, 9],
      ["x/y@v1", 10, 11],
      ["make test", 12, 12],
    ]);
  });

  test("Kubernetes: one object per document, kind/name, in either key order; a Kustomization by its kind", async () => {
    const text = [
      "apiVersion: v1",
      "metadata:",
      "  name: cfg",
      "kind: ConfigMap",
      "---",
      "apiVersion: kustomize.config.k8s.io/v1beta1",
      "kind: Kustomization",
      "resources: [a.yaml]",
      "",
    ].join("\n");
    const o = await outline("k.yaml", text);
    expect(kinds(o.symbols)).toEqual(["resource ConfigMap/cfg 1-4", "resource Kustomization 6-8"]);
  });

  test("Compose: services by name under the top-level keys", async () => {
    const o = await outline("compose.yaml", readFileSync(join(ROOT, "fixtures/yaml/compose.yaml"), "utf8"));
    expect(kinds(o.symbols)).toEqual(["key services 1-7", "service services.web 2-5", "service services.db 6-7", "key volumes 8-9"]);
  });
});

describe("Make: a rule's range and the conditional after its recipe", () => {
  test("a conditional holding recipe lines is the rule's; one holding other rules or variables follows it", async () => {
    const text = [
      "install:", //                    1
      "ifeq ($(RUST),yes)", //          2
      "\tcargo install x", //           3
      "else", //                        4
      "\techo skipped", //              5
      "endif", //                       6
      "", //                            7
      ".stamp:", //                     8
      "\t@touch $@", //                 9
      "", //                            10
      "# Rebuild when the flags change", // 11
      "ifneq ($(FLAGS),)", //           12
      ".flags: clean", //               13
      "\techo flags > .flags", //       14
      "STAMPED = yes", //               15
      "endif", //                       16
      "", //                            17
      "all: install", //                18
      "",
    ].join("\n");
    const file = await outline("Makefile.mk", text);
    expect(kinds(file.symbols)).toEqual(["target install 1-6", "target .stamp 8-9", "target .flags 13-14", "variable STAMPED 15-15", "target all 18-18"]);
  });
});

describe("changed on data formats, in a real git repository", () => {
  const cases: { file: string; before: string; after: string; expect: string[] }[] = [
    {
      file: ".github/workflows/ci.yml",
      before: WORKFLOW,
      after: WORKFLOW.replace("runs-on: ubuntu-latest", "runs-on: ubuntu-24.04"),
      expect: ["modified job jobs.build"],
    },
    {
      file: "deploy/app.yaml",
      before: readFileSync(join(ROOT, "fixtures/yaml/kubernetes.yaml"), "utf8"),
      after: readFileSync(join(ROOT, "fixtures/yaml/kubernetes.yaml"), "utf8").replace("port: 80", "port: 8080"),
      expect: ["modified resource Service/web-svc"],
    },
    {
      file: "infra/main.tf",
      before: readFileSync(join(ROOT, "fixtures/hcl/main.tf"), "utf8"),
      after: readFileSync(join(ROOT, "fixtures/hcl/main.tf"), "utf8").replace('module "vpc" {', 'module "network" {'),
      expect: ["renamed  module network (was vpc)"],
    },
  ];
  for (const c of cases) {
    test(`${c.file}: ${c.expect.join("; ")}`, async () => {
      const repo = tempRepo();
      try {
        repo.write(c.file, c.before);
        repo.commit("before");
        repo.write(c.file, c.after);
        repo.commit("after");
        const r = await runCli(["changed", "--base", "HEAD~1", "--head", "HEAD"], repo.path);
        expect(r.stderr).toBe("");
        const lines = r.stdout.split("\n").map((l) => l.trim());
        for (const e of c.expect) expect(lines.some((l) => l.startsWith(e))).toBe(true);
      } finally {
        repo.cleanup();
      }
    });
  }

  test.skipIf(!binaryAvailable())("the compiled binary reports a workflow job edit as `modified job`, in text, markdown and SARIF", () => {
    const repo = tempRepo();
    try {
      repo.write(".github/workflows/ci.yml", WORKFLOW);
      repo.commit("before");
      repo.write(".github/workflows/ci.yml", WORKFLOW.replace("runs-on: ubuntu-latest", "runs-on: ubuntu-24.04").replace("run: npm ci", "run: npm ci --ignore-scripts"));
      repo.commit("after");
      const text = runBinary(["changed", "--base", "HEAD~1", "--head", "HEAD"], { cwd: repo.path });
      expect(text.code).toBe(0);
      expect(text.stdout).toContain("modified job jobs.build 11-20");
      expect(text.stdout).toContain("modified step jobs.build.Install 15-16");
      const md = runBinary(["changed", "--base", "HEAD~1", "--head", "HEAD", "--format", "markdown"], { cwd: repo.path });
      expect(md.stdout).toContain("job `jobs.build`");
      const sarif = JSON.parse(runBinary(["changed", "--base", "HEAD~1", "--head", "HEAD", "--format", "sarif"], { cwd: repo.path }).stdout);
      // Body edits are no result a reviewer must act on (issue 25): counted, not listed.
      expect(sarif.runs[0].results).toEqual([]);
      expect(Object.values(sarif.runs[0].properties.notReported as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(2);
    } finally {
      repo.cleanup();
    }
  });
});

describe("search takes the new kinds", () => {
  test("--kind job, --kind resource, --kind section find them; an unknown kind lists the vocabulary", async () => {
    const repo = tempRepo();
    try {
      repo.write(".github/workflows/ci.yml", WORKFLOW);
      repo.write("main.tf", readFileSync(join(ROOT, "fixtures/hcl/main.tf"), "utf8"));
      repo.write("docs/guide.md", readFileSync(join(ROOT, "fixtures/markdown/guide.md"), "utf8"));
      repo.commit("files");
      const job = await runCli(["search", "build", "--kind", "job"], repo.path);
      expect(job.code).toBe(0);
      expect(job.stdout).toContain("jobs.build");
      const res = await runCli(["search", "aws_vpc", "--kind", "resource", "--format", "json"], repo.path);
      expect(JSON.parse(res.stdout).results.map((h: { qualifiedName: string }) => h.qualifiedName)).toContain("aws_vpc.this");
      const sec = await runCli(["search", "Install", "--kind", "section"], repo.path);
      expect(sec.stdout).toContain("Title.Install");
      const bad = await runCli(["search", "x", "--kind", "stanza"], repo.path);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("job");
    } finally {
      repo.cleanup();
    }
  });
});

describe("lockfiles are generated: walks, index and changed leave them out", () => {
  const lock = JSON.stringify({ name: "x", lockfileVersion: 3, packages: { "": {}, "node_modules/a": { version: "1.0.0" } } }, null, 2) + "\n";

  test("outline of a folder notes them; named, one is outlined", async () => {
    const dir = tempDir();
    try {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(join(dir.path, "package-lock.json"), lock);
      writeFileSync(join(dir.path, "package.json"), '{ "name": "x" }\n');
      const folder = await runCli(["outline", dir.path]);
      expect(folder.stdout).toContain("package.json");
      expect(folder.stdout).not.toContain("package-lock.json (json");
      expect(folder.stderr).toContain("package-lock.json: lockfile");
      const named = await runCli(["outline", join(dir.path, "package-lock.json")]);
      expect(named.code).toBe(0);
      expect(named.stdout).toContain("lockfileVersion");
    } finally {
      dir.cleanup();
    }
  });

  test("changed lists a lockfile as skipped, never its entries", async () => {
    const repo = tempRepo();
    try {
      repo.write("package-lock.json", lock);
      repo.commit("before");
      repo.write("package-lock.json", lock.replace("1.0.0", "1.0.1"));
      repo.commit("after");
      const r = await runCli(["changed", "--base", "HEAD~1", "--head", "HEAD", "--format", "json"], repo.path);
      const files = JSON.parse(r.stdout).files;
      expect(files).toEqual([{ path: "package-lock.json", status: "modified", language: "json", skipped: "lockfile", symbols: [] }]);
    } finally {
      repo.cleanup();
    }
  });
});
