// Which runners a repository's tests are written for, at most one per language group of the
// runner table: the first row whose marker file (at the repository root) is there and holds
// what it must; without one, the group's first row when some file matches its test files (its
// tests are still found, the command is a guess), else none.
import { TEST_CONVENTIONS, type TestConvention } from "../../core/languages/test-conventions.ts";
import { OutlineError } from "../../core/errors.ts";
import { languageByName } from "../../core/languages/detect.ts";
import { isTestFile } from "../../core/tests/units.ts";
import type { FileAccess } from "../../io/workspace.ts";

/** Marker files are small; a larger one is not read past this. */
const MARKER_BYTES = 1 << 20;

export function detectRunners(access: FileAccess, files: string[]): TestConvention[] {
  const text = new Map<string, string | undefined>();
  const read = (file: string): string | undefined => {
    if (!text.has(file)) {
      let t: string | undefined;
      try {
        t = access.probe(file) === "file" ? new TextDecoder().decode(access.read(file, MARKER_BYTES).bytes) : undefined;
      } catch (e) {
        if (!(e instanceof OutlineError)) throw e;
      }
      text.set(file, t);
    }
    return text.get(file);
  };
  const groups = new Map<string, TestConvention[]>();
  for (const row of TEST_CONVENTIONS) {
    const key = row.languages.join(",");
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].flatMap((rows) => {
    const marked = rows.find((r) => r.markers.some((m) => {
      const t = read(m.file);
      return t !== undefined && (m.contains === undefined || new RegExp(m.contains).test(t));
    }));
    if (marked) return [marked];
    const first = rows[0];
    return files.some((f) => isTestFile(first, f, languageByName(f)?.id)) ? [first] : [];
  });
}
