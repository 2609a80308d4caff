// The first sentence of a doc: a doc comment or docstring with its language's markers cut
// (registry `docMarkers`: `/**`, `///`, `#`, a docstring's quotes), then its first paragraph up
// to a tag line, then that paragraph's first sentence.
import type { LanguageSpec } from "../languages/registry.ts";

const DOC_MAX = 160;

interface Markers {
  text: RegExp[];
  line: RegExp[];
}

const compiled = new WeakMap<LanguageSpec, Markers>();

function markersOf(spec: LanguageSpec): Markers {
  let m = compiled.get(spec);
  if (!m) {
    m = { text: (spec.docMarkers?.text ?? []).map((re) => new RegExp(re)), line: (spec.docMarkers?.line ?? []).map((re) => new RegExp(re)) };
    compiled.set(spec, m);
  }
  return m;
}

/** `s` without the first match of each regex, in order; a match's group named `keep` stays. */
function cut(s: string, res: RegExp[]): string {
  for (const re of res) s = s.replace(re, (...args) => {
    const groups = args[args.length - 1];
    return typeof groups === "object" && typeof groups?.keep === "string" ? groups.keep : "";
  });
  return s;
}

/** The first sentence of a doc comment or docstring of `spec`'s language, markers cut; undefined if none. */
export function firstSentence(raw: string, spec: LanguageSpec): string | undefined {
  const markers = markersOf(spec);
  const lines = cut(raw, markers.text).split(/\r?\n/);
  const paragraph: string[] = [];
  // Each line is cleaned when it is reached: a long docstring's first paragraph ends early.
  for (const source of lines) {
    const raw = docLine(source, markers.line);
    // C# XML doc: <param>, <returns>, ... end the summary, which loses its tags.
    if (/^<(param|typeparam|returns|exception|remarks|example|seealso|value|inheritdoc)\b/.test(raw)) break;
    // Description tags (Doxygen `@brief`, NatSpec `@notice`, `@title`, `@dev`) hold the text itself.
    const line = stripXmlDocTags(raw).replace(/^[@\\](brief|summary|notice|title|dev)\s+/, "");
    if (!line) {
      if (paragraph.length) break;
      continue;
    }
    if (/^[@:]\w/.test(line) || /^\.\. /.test(line)) break; // @param, :param, .. directive
    paragraph.push(line);
  }
  if (!paragraph.length) return undefined;
  const text = paragraph.join(" ");
  const m = /^(.+?[.!?。])(\s|$)/.exec(text);
  let sentence = (m ? m[1] : text).trim();
  if (sentence.length > DOC_MAX) sentence = sentence.slice(0, DOC_MAX - 1).trimEnd() + "…";
  return sentence || undefined;
}

/** A doc line without its comment markers; a banner rule (`#####`, `// -----`) is blank: it separates paragraphs. */
function docLine(line: string, markers: RegExp[]): string {
  const l = cut(line.trim(), markers).trim();
  return /^[-=#*/_~+]{3,}$/.test(l) ? "" : l;
}

/** `<summary>A <see cref="X"/> is <c>y</c>.</summary>` -> `A X is y.` (known XML doc tags only). */
function stripXmlDocTags(line: string): string {
  return line
    .replace(/<(see|seealso|paramref|typeparamref)\s+(?:cref|name|langword|href)="([^"]*)"\s*\/?>(?:[^<]*<\/\1>)?/g, "$2")
    .replace(/<\/?(summary|para|c|code|b|i|em|strong)>/g, "")
    .trim();
}
