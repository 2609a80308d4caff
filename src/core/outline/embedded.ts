// Container formats (registry `embedded`: a component file): find the script blocks with the
// host grammar and blank out everything else, so the script parses with its own grammar while
// every line and column stays where it is in the file. The host grammar's node types are the
// row's (`embedded.nodes`).
import type { Node } from "web-tree-sitter";
import { REGISTRY, type EmbeddedScripts, type LanguageSpec } from "../languages/registry.ts";
import { withTree } from "../parse/parser.ts";

export interface EmbeddedScript {
  text: string;
  language: string;
  found: boolean;
}

export async function extractScript(spec: LanguageSpec, text: string): Promise<EmbeddedScript> {
  const embedded = spec.embedded!;
  return withTree(embedded.hostGrammar, text, (tree) => {
    const ranges: [number, number][] = [];
    let language = embedded.defaultScript;
    const visit = (node: Node) => {
      if (node.type === embedded.nodes.script) {
        const raw = node.namedChildren.find((c) => c?.type === embedded.nodes.text);
        const lang = langAttribute(node, embedded.nodes);
        if (lang && embedded.scriptLanguages[lang]) language = embedded.scriptLanguages[lang];
        if (raw) ranges.push([raw.startIndex, raw.endIndex]);
        return;
      }
      for (const child of node.namedChildren) if (child) visit(child);
    };
    visit(tree.rootNode);
    let out = "";
    let pos = 0;
    for (const [from, to] of ranges) {
      out += blank(text.slice(pos, from)) + text.slice(from, to);
      pos = to;
    }
    out += blank(text.slice(pos));
    return { text: out, language, found: ranges.length > 0 };
  });
}

function langAttribute(script: Node, nodes: EmbeddedScripts["nodes"]): string | undefined {
  const start = script.namedChildren.find((c) => c?.type === nodes.startTag);
  for (const attr of start?.namedChildren ?? []) {
    if (attr?.type !== nodes.attribute) continue;
    const name = attr.namedChildren.find((c) => c?.type === nodes.attributeName)?.text;
    if (name !== "lang") continue;
    const value = attr.namedChildren.find((c) => !!c && nodes.attributeValue.includes(c.type));
    return value?.text.replace(/^["']|["']$/g, "").toLowerCase();
  }
  return undefined;
}

/** Same length, same line breaks, nothing to parse. */
function blank(s: string): string {
  return s.replace(/[^\n\r]/g, " ");
}

export interface ScriptSource {
  /** The text to parse (the script blocks, everything else blanked, for a container file). */
  text: string;
  /** The language to parse it as (the script's own, for a container file). */
  spec: LanguageSpec;
  /** False when a container file has no script block. */
  found: boolean;
}

/** What to parse for a file: itself, or for a container its script in its own language. */
export async function scriptSource(language: LanguageSpec, text: string): Promise<ScriptSource> {
  if (!language.embedded) return { text, spec: language, found: true };
  const script = await extractScript(language, text);
  return { text: script.text, spec: REGISTRY.byId.get(script.language) ?? language, found: script.found };
}
