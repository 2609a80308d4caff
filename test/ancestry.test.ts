// The one-walk ancestry (src/core/outline/ancestry.ts) against tree-sitter's own `node.parent`,
// on every fixture of every language (its golden .json files too, read as that language: trees
// full of errors and zero-width nodes): the same ancestors, fields and nearest typed ancestor.
// Then the inputs that made the per-node `parent` walk quadratic outline in one walk.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Node } from "web-tree-sitter";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { ancestorsByParent, fieldOfChild, readAncestry } from "../src/core/outline/ancestry.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { parse } from "../src/core/parse/parser.ts";
import { ROOT } from "./helpers/cli.ts";

const bytes = (s: string) => new TextEncoder().encode(s);
const FIXTURES = join(ROOT, "fixtures");

/** Every node of the tree, in document order (a plain recursive walk with child()). */
function allNodes(root: Node): Node[] {
  const out: Node[] = [];
  const stack: Node[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    for (let i = n.childCount - 1; i >= 0; i--) stack.push(n.child(i)!);
  }
  return out;
}

describe("readAncestry agrees with node.parent", () => {
  const langs = readdirSync(FIXTURES).filter((d) => REGISTRY.byId.has(d));
  test("fixtures of every language", async () => {
    let checked = 0;
    for (const id of langs) {
      const spec = REGISTRY.byId.get(id)!;
      for (const file of readdirSync(join(FIXTURES, id))) {
        const text = readFileSync(join(FIXTURES, id, file), "utf8");
        const tree = await parse(spec.grammar, text);
        try {
          const nodes = allNodes(tree.rootNode);
          // Every third node, in shuffled order: the walk sorts what it is given.
          const targets = nodes.filter((_, i) => i % 3 === 1).reverse();
          const nearestOf = new Set(nodes.slice(0, 40).map((n) => n.type).filter((t, i) => i % 5 === 0));
          const got = readAncestry(tree, targets, { keep: 5, nearestOf });
          for (const t of targets) {
            const a = got.get(t.id);
            expect(a, `${id}/${file}: ${t.type} at ${t.startIndex} not reached`).toBeDefined();
            const want = ancestorsByParent(t, 5);
            const where = `${id}/${file}: ${t.type} at ${t.startIndex}`;
            expect(a!.steps.map((s) => s.node.id), where).toEqual(want.steps.map((s) => s.node.id));
            expect(a!.steps.map((s) => s.type), where).toEqual(want.steps.map((s) => s.node.type));
            expect(a!.field, where).toBe(t.parent ? fieldOfChild(t.parent, t) : null);
            for (const s of a!.steps) if (s.node.parent) expect(s.field, where).toBe(fieldOfChild(s.node.parent, s.node));
            let near: Node | null = t.parent;
            while (near && !nearestOf.has(near.type)) near = near.parent;
            expect(a!.nearestOf?.id, where).toBe(near?.id);
            checked++;
          }
        } finally {
          tree.delete();
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  }, 120_000);
});

describe("deep nesting outlines in one walk", () => {
  // Each took minutes (HCL 20,000 blocks: over 150 s; C and Kotlin 5,000: 7 and 22 s) while
  // every definition's ancestors were read by `node.parent`. The timeout is far above a linear
  // walk's second and far below the quadratic's minutes; the answers are checked as well.
  test("HCL: 20,000 nested blocks under a top-level block, with a top-level resource after", async () => {
    const n = 20_000;
    const text = Array.from({ length: n }, (_, i) => `b${i} {\n`).join("") + "x = 1\n" + "}\n".repeat(n) + 'resource "aws_vpc" "main" {\n  cidr = "10.0.0.0/16"\n}\n';
    const o = await outlineSource({ path: "deep.tf", bytes: bytes(text), language: REGISTRY.byId.get("hcl")! });
    expect(o.symbols.map((s) => s.name)).toEqual(["b0", "aws_vpc.main"]);
    expect(o.symbols[1].startLine).toBe(2 * n + 2);
  }, 60_000);

  test("C: 5,000 nested blocks with a local each, then a global", async () => {
    const n = 5000;
    const text = "int main() {\n" + "{ int a;\n".repeat(n) + "}\n".repeat(n) + "}\nint g = 1;\n";
    const o = await outlineSource({ path: "deep.c", bytes: bytes(text), language: REGISTRY.byId.get("c")! });
    expect(o.symbols.map((s) => s.name)).toEqual(["main", "g"]);
  }, 60_000);

  test("Kotlin: 5,000 nested lambdas with a local each, then a class property", async () => {
    const n = 5000;
    const text = "fun f() {\n" + "run {\n val a = 1\n".repeat(n) + "}\n".repeat(n) + "}\nclass K {\n  val p = 2\n}\n";
    const o = await outlineSource({ path: "deep.kt", bytes: bytes(text), language: REGISTRY.byId.get("kotlin")! });
    expect(o.symbols.map((s) => s.name)).toEqual(["f", "K"]);
    expect(o.symbols[1].children?.map((s) => s.name)).toEqual(["p"]);
  }, 60_000);
});
