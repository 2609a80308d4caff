// The vendored SARIF 2.1.0 and reviewdog rdjson schemas (test/schemas/SOURCE.md), compiled with
// a real JSON-schema validator: ajv in draft-04 mode (both schemas are draft-04), with formats.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";

const DIR = join(import.meta.dir, "..", "schemas");
const load = (file: string) => JSON.parse(readFileSync(join(DIR, file), "utf8"));

export type Validate = (data: unknown) => string[];

function compile(schema: object): Validate {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const check = ajv.compile(schema);
  return (data) => (check(data) ? [] : (check.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`));
}

export const validateSarif: Validate = compile(load("sarif-schema-2.1.0.json"));

/** reviewdog's schema as published (every object open to unknown fields). */
export const validateRdjson: Validate = compile(load("rdjson-DiagnosticResult.json"));

/**
 * The same schema closed: no property the format does not define, so a misspelt field fails
 * (reviewdog would silently drop it: it parses with DiscardUnknown).
 */
export const validateRdjsonStrict: Validate = compile(closed(load("rdjson-DiagnosticResult.json")));

function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = closed(v);
  if (out.properties && out.type === "object") out.additionalProperties = false;
  return out;
}
