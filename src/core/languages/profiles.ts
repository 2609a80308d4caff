// Well-known files of a language: GitHub workflows, Kubernetes manifests and Compose files are
// all YAML, but a reviewer's symbols in each are different (jobs and steps, objects, services).
// A registry row's `profiles` name them: each a query file of the language's query folder,
// compiled in place of outline.scm, and the top-level lines that tell such a file. The choice
// reads the content alone (never the path), so an outline stays a function of the file's bytes
// and its language, as the cache that stores outlines by content hash needs.
import type { LanguageSpec, QueryProfile } from "./registry.ts";

/** How much of the text the `when` patterns see: the first 64 KiB, as the language decision reads. */
const HEAD_CHARS = 64 * 1024;

const compiled = new WeakMap<QueryProfile, RegExp[]>();

function patternsOf(profile: QueryProfile): RegExp[] {
  let res = compiled.get(profile);
  if (!res) compiled.set(profile, (res = profile.when.map((p) => new RegExp(p, "m"))));
  return res;
}

/** The first of the language's profiles whose `when` patterns all match the text's head; undefined for none. */
export function profileFor(spec: LanguageSpec, text: string): QueryProfile | undefined {
  if (!spec.profiles?.length) return undefined;
  const head = text.length > HEAD_CHARS ? text.slice(0, HEAD_CHARS) : text;
  return spec.profiles.find((p) => patternsOf(p).every((re) => re.test(head)));
}
