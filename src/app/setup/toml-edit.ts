// Codex's config.toml: one table of our own ([mcp_servers.<name>]) appended at the end, found
// and removed by its header; every other byte of the file is left as it was. smol-toml reads
// the file to see what is there (a table, an inline table or dotted keys of the same name). Pure.
import { parse } from "smol-toml";

export class TomlShapeError extends Error {}

const bareKey = (k: string) => (/^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k));

function tomlValue(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(tomlValue).join(", ")}]`;
  if (v && typeof v === "object") return `{ ${Object.entries(v).map(([k, x]) => `${bareKey(k)} = ${tomlValue(x)}`).join(", ")} }`;
  throw new TomlShapeError(`cannot write ${String(v)} as TOML`);
}

export function tomlTable(path: string[], value: Record<string, unknown>, eol = "\n"): string {
  return [`[${path.map(bareKey).join(".")}]`, ...Object.entries(value).map(([k, v]) => `${bareKey(k)} = ${tomlValue(v)}`)].join(eol) + eol;
}

export function tomlParse(text: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>;
  } catch (e) {
    throw new TomlShapeError(`not valid TOML (${(e as Error).message.split("\n")[0]})`);
  }
}

export function tomlGet(text: string, path: string[]): unknown {
  let at: unknown = tomlParse(text);
  for (const k of path) at = at && typeof at === "object" ? (at as Record<string, unknown>)[k] : undefined;
  return at;
}

/** The table appended after the file's last line, a blank line between. The table must be absent. */
export function tomlInsert(text: string | null, path: string[], value: Record<string, unknown>): string {
  if (text === null || !text.trim()) return tomlTable(path, value);
  if (tomlGet(text, path) !== undefined) throw new TomlShapeError(`${path.join(".")} is already set`);
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  return text + (text.endsWith("\n") ? "" : eol) + eol + tomlTable(path, value, eol);
}

/** Lines of the file that start a table (`[x]` or `[[x]]`), outside multi-line strings. */
function headerLines(lines: string[]): { at: number; name: string }[] {
  const out: { at: number; name: string }[] = [];
  let open: string | undefined;
  lines.forEach((line, i) => {
    if (!open) {
      const m = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(line);
      if (m) out.push({ at: i, name: m[1].replace(/\s*\.\s*/g, ".").replace(/"([^"]*)"|'([^']*)'/g, "$1$2") });
    }
    for (const q of line.match(/"""|'''/g) ?? []) open = open === q ? undefined : open ?? q;
  });
  return out;
}

/** The text without the table at `path` and its sub-tables (with the blank lines before it); unchanged if absent. */
export function tomlRemove(text: string, path: string[]): string {
  const lines = text.split("\n");
  const name = path.join(".");
  const headers = headerLines(lines);
  const i = headers.findIndex((h) => h.name === name);
  if (i < 0) return text;
  let end = lines.length;
  for (const h of headers.slice(i + 1)) {
    if (h.name !== name && !h.name.startsWith(`${name}.`)) {
      end = h.at;
      break;
    }
  }
  // The file's last line break stays where it was.
  if (end === lines.length && lines[end - 1] === "") end--;
  let start = headers[i].at;
  while (start > 0 && !lines[start - 1].trim()) start--;
  const kept = [...lines.slice(0, start), ...lines.slice(end)];
  return kept.join("\n");
}
