// The CPython-`ast` oracle (scripts/oracle/py_changed.py) and our side in the same shape:
// multisets of qualified names per change, def/class symbols only.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { diffFiles } from "../../src/core/diff/diff.ts";
import type { DiffSide } from "../../src/core/diff/source.ts";
import type { FileChange } from "../../src/core/diff/types.ts";
import { REGISTRY } from "../../src/core/languages/registry.ts";
import { outlineSource } from "../../src/core/outline/outline.ts";
import { commentSpans } from "../../src/core/parse/comments.ts";

export const ORACLE = join(import.meta.dir, "..", "..", "scripts", "oracle", "py_changed.py");

export interface Sets {
  added: string[];
  removed: string[];
  modified: string[];
}

export function python(mode: "oracle" | "generate", input: unknown): any {
  const r = spawnSync("python3", [ORACLE, mode], { input: JSON.stringify(input), encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`oracle failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

export function pythonAvailable(): boolean {
  return spawnSync("python3", ["-c", "import ast, sys; sys.exit(sys.version_info < (3, 8))"]).status === 0;
}

const DEF_KINDS = new Set(["class", "function", "method", "constructor"]);

/** Our change list as the oracle's sets (a rename is a removal plus an addition there). */
export function toSets(file: FileChange): Sets {
  const out: Sets = { added: [], removed: [], modified: [] };
  for (const s of file.symbols) {
    if (!DEF_KINDS.has(s.kind)) continue;
    if (s.change === "renamed" || s.change === "moved") {
      out.removed.push(s.oldQualifiedName ?? s.qualifiedName);
      out.added.push(s.qualifiedName);
    } else out[s.change === "modified" ? "modified" : s.change].push(s.qualifiedName);
  }
  for (const k of ["added", "removed", "modified"] as const) out[k].sort();
  return out;
}

/** The oracle's keys without ordinals (`norm#1` -> `norm`), as a multiset. */
export function oracleSets(o: Sets): Sets {
  const strip = (xs: string[]) => xs.map((x) => x.replace(/#\d+$/, "")).sort();
  return { added: strip(o.added), removed: strip(o.removed), modified: strip(o.modified) };
}

export async function ourDiff(path: string, oldText: string | undefined, newText: string | undefined): Promise<FileChange> {
  const py = REGISTRY.byId.get("python")!;
  const side = async (text: string, comments: boolean): Promise<DiffSide> => {
    let spans: [number, number][] = [];
    const o = await outlineSource({ path, bytes: new TextEncoder().encode(text), language: py, inspectTree: comments ? (tree) => (spans = commentSpans(py, tree)) : undefined });
    return { path, text, symbols: o.symbols, comments: spans };
  };
  const both = oldText !== undefined && newText !== undefined;
  const [file] = diffFiles([{
    path, status: "modified", language: "python",
    old: oldText !== undefined ? await side(oldText, both) : undefined,
    new: newText !== undefined ? await side(newText, both) : undefined,
  }]);
  return file;
}

/** True/false positives and negatives of `ours` against `truth`, as multisets per change. */
export function score(ours: Sets, truth: Sets): { tp: number; fp: number; fn: number; diffs: string[] } {
  let tp = 0, fp = 0, fn = 0;
  const diffs: string[] = [];
  for (const k of ["added", "removed", "modified"] as const) {
    const left = [...truth[k]];
    for (const x of ours[k]) {
      const i = left.indexOf(x);
      if (i >= 0) {
        tp++;
        left.splice(i, 1);
      } else {
        fp++;
        diffs.push(`+${k}:${x}`);
      }
    }
    fn += left.length;
    diffs.push(...left.map((x) => `-${k}:${x}`));
  }
  return { tp, fp, fn, diffs };
}

export const f1 = (tp: number, fp: number, fn: number) => (tp === 0 && fp === 0 && fn === 0 ? 1 : (2 * tp) / (2 * tp + fp + fn));
