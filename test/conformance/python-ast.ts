// Runs CPython's `ast` (python_defs.py) over many files in one python3 process.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { RefDef } from "./compare.ts";

export type PyResult = { path: string; defs: RefDef[] } | { path: string; error: string };

/** `values`: also module and class variables; `attributes`: also instance attributes (python_defs.py --values, --attributes). */
export function pythonDefs(paths: string[], python = "python3", opts: { values?: boolean; attributes?: boolean } = {}): PyResult[] {
  const script = join(import.meta.dirname, "python_defs.py");
  const flags = [...(opts.values ? ["--values"] : []), ...(opts.attributes ? ["--attributes"] : [])];
  const r = spawnSync(python, [script, ...flags], { input: paths.join("\n") + "\n", encoding: "utf8", maxBuffer: 1024 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${python} ${script} failed (${r.status}): ${r.stderr || r.error}`);
  return r.stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const o = JSON.parse(line);
      if (o.error) return { path: o.path, error: o.error };
      return { path: o.path, defs: (o.defs as [string, number, number, string][]).map(([name, start, end, kind]) => ({ name, start, end, kind })) };
    });
}

export function pythonStdlib(python = "python3"): string {
  const r = spawnSync(python, ["-c", "import sysconfig;print(sysconfig.get_paths()['stdlib'])"], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${python} not usable: ${r.stderr || r.error}`);
  return r.stdout.trim();
}
