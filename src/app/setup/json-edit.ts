// Edits of JSON and JSONC text that touch only the member they add or remove: every other byte
// (keys, their order, comments, trailing commas, indentation) stays as it was. jsonc-parser
// finds the nodes; the text around them is spliced by hand, because its own `modify` reformats
// the neighbours of what it changes. Pure.
import { parse, parseTree, findNodeAtLocation, type Node, type ParseError } from "jsonc-parser";

export type JsonPath = string[];

export class JsonShapeError extends Error {}

const PARSE = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };

/** The root node, or a JsonShapeError naming why the text is not JSON(C) we may edit. */
function rootOf(text: string): Node | undefined {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, PARSE);
  if (errors.length) throw new JsonShapeError(`not valid JSON (at byte ${errors[0].offset})`);
  if (tree && tree.type !== "object") throw new JsonShapeError("its top level is not an object");
  return tree;
}

/** The value at `path`, or undefined. Throws JsonShapeError on text that does not parse. */
export function jsonGet(text: string, path: JsonPath): unknown {
  const root = rootOf(text);
  if (!root) return undefined;
  const node = findNodeAtLocation(root, path);
  return node ? parse(text.slice(node.offset, node.offset + node.length), [], PARSE) : undefined;
}

export function jsonParse(text: string): unknown {
  rootOf(text);
  return parse(text, [], PARSE);
}

interface Style {
  unit: string;
  eol: string;
}

function styleOf(text: string): Style {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const indents = [...text.matchAll(/^([ \t]+)["}\]]/gm)].map((m) => m[1]);
  if (indents.some((i) => i.startsWith("\t"))) return { unit: "\t", eol };
  const widths = indents.map((i) => i.length).filter((n) => n > 0);
  return { unit: " ".repeat(widths.length ? Math.min(...widths) : 2), eol };
}

/** The whitespace that starts the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

function pretty(value: unknown, style: Style, indent: string): string {
  return JSON.stringify(value, null, style.unit).split("\n").join(style.eol + indent);
}

/** The offset just past the next token after `from` (skipping blanks and comments) if it is `ch`, else -1. */
function nextTokenIs(text: string, from: number, ch: string): number {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith("//", i)) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl + 1;
    } else if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
    } else return text[i] === ch ? i + 1 : -1;
  }
}

/** Insert `item` (a member's text, `"key": value` or a value) as the last member of the container node. */
function appendMember(text: string, container: Node, build: (indent: string, style: Style) => string, inline: () => string): string {
  const style = styleOf(text);
  const open = container.offset;
  const close = container.offset + container.length - 1;
  const outer = lineIndent(text, open);
  const kids = container.children ?? [];
  if (!kids.length) {
    const inner = text.slice(open + 1, close);
    const indent = outer + style.unit;
    // `{}` opens up; `{\n}` keeps its closing line as it was.
    const tail = /\n/.test(inner) ? inner : style.eol + outer;
    return text.slice(0, open + 1) + style.eol + indent + build(indent, style) + tail + text.slice(close);
  }
  const first = kids[0];
  const last = kids[kids.length - 1];
  const lastEnd = last.offset + last.length;
  if (!text.slice(open, first.offset).includes("\n")) return text.slice(0, lastEnd) + ", " + inline() + text.slice(lastEnd);
  const indent = lineIndent(text, first.offset);
  const comma = nextTokenIs(text, lastEnd, ",");
  if (comma >= 0) return text.slice(0, comma) + style.eol + indent + build(indent, style) + "," + text.slice(comma);
  return text.slice(0, lastEnd) + "," + style.eol + indent + build(indent, style) + text.slice(lastEnd);
}

/** `path`'s last key set to `value` in the object the rest of the path names, made if missing. The key must be absent. */
export function jsonInsert(text: string | null, path: JsonPath, value: unknown): string {
  let nested: unknown = value;
  for (let i = path.length - 1; i >= 0; i--) nested = { [path[i]]: nested };
  if (text === null || !text.trim()) return JSON.stringify(nested, null, 2) + "\n";
  const root = rootOf(text)!;
  let node = root;
  let depth = 0;
  for (; depth < path.length; depth++) {
    const next = findNodeAtLocation(node, [path[depth]]);
    if (!next) break;
    if (depth === path.length - 1) throw new JsonShapeError(`${path.join(".")} is already set`);
    if (next.type !== "object") throw new JsonShapeError(`${path.slice(0, depth + 1).join(".")} is not an object`);
    node = next;
  }
  let member: unknown = value;
  for (let i = path.length - 1; i > depth; i--) member = { [path[i]]: member };
  const key = JSON.stringify(path[depth]);
  return appendMember(text, node, (indent, style) => `${key}: ${pretty(member, style, indent)}`, () => `${key}: ${JSON.stringify(member)}`);
}

/** `item` appended to the array at `path` (made, with the objects above it, if missing). */
export function jsonAppend(text: string | null, path: JsonPath, item: unknown): string {
  const root = text === null || !text.trim() ? undefined : rootOf(text);
  const array = root && findNodeAtLocation(root, path);
  if (!array) return jsonInsert(text, path, [item]);
  if (array.type !== "array") throw new JsonShapeError(`${path.join(".")} is not a list`);
  return appendMember(text!, array, (indent, style) => pretty(item, style, indent), () => JSON.stringify(item));
}

/** The member node (property, or array element) and its container, for removal. */
function removeNode(text: string, member: Node): string {
  const container = member.parent!.type === "property" ? member.parent!.parent! : member.parent!;
  const self = member.parent!.type === "property" ? member.parent! : member;
  const kids = container.children!;
  const at = kids.indexOf(self);
  const end = self.offset + self.length;
  if (at > 0) {
    const prev = kids[at - 1];
    return text.slice(0, prev.offset + prev.length) + text.slice(end);
  }
  if (kids.length > 1) return text.slice(0, self.offset) + text.slice(kids[1].offset);
  return text.slice(0, container.offset + 1) + text.slice(container.offset + container.length - 1);
}

/** The text without the member at `path` (a key, or `[..., index]` for a list element); unchanged if absent. */
export function jsonRemove(text: string, path: (string | number)[]): string {
  const root = rootOf(text);
  const node = root && findNodeAtLocation(root, path);
  return node ? removeNode(text, node) : text;
}

/** The indexes of the elements of the list at `path` equal to `item`. */
export function jsonFindItems(text: string, path: JsonPath, item: unknown): number[] {
  const list = jsonGet(text, path);
  if (!Array.isArray(list)) return [];
  const want = JSON.stringify(item);
  return list.flatMap((v, i) => (JSON.stringify(v) === want ? [i] : []));
}
