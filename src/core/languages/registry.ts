// The language table. A language is data: grammars/<id>/language.json (its row) beside its
// queries. Nothing else in the code switches on a language id; what a query cannot express is a
// field of the row, implemented once, generically, in core. Every field is described in
// grammars/language.schema.json (and listed in docs/adding-a-language.md from there); the types
// below follow it, and the compiler checks that they name the same fields.
import { LANGUAGE_ROWS, PARSE_MASKS } from "../../../grammars/languages.ts";
import type { ParseMask } from "../outline/parse-mask.ts";
import type schema from "../../../grammars/language.schema.json";

export interface GrammarSource {
  package: string;
  file: string;
  source: string;
  integrity?: string;
  version?: string;
  licence: string;
  build?: GrammarBuild;
  sha256: string;
}

/** How a grammar built here was compiled (scripts/build-grammar.ts). */
export interface GrammarBuild {
  emcc: string;
  flags: string[];
  function: string;
  patch?: string;
  dir?: string;
}

/** A well-known kind of file of a language, outlined by a query of its own (profiles.ts). */
export interface QueryProfile {
  id: string;
  query: string;
  when: string[];
}

/** A container format's script blocks (embedded.ts). */
export interface EmbeddedScripts {
  hostGrammar: GrammarSource;
  scriptLanguages: Record<string, string>;
  defaultScript: string;
  nodes: { script: string; text: string; startTag: string; attribute: string; attributeName: string; attributeValue: string[] };
}

/** A language as the code reads it: its row, completed from the row it extends. */
export interface LanguageSpec {
  id: string;
  name: string;
  extensions: string[];
  filenames?: string[];
  interpreters?: string[];
  grammar: GrammarSource;
  query?: string;
  wrapperTypes?: string[];
  leadingTypes?: string[];
  leadingText?: string;
  leadingDoc?: string;
  mergeClauses?: string[];
  signatureSkipTypes?: string[];
  spanToParentEnd?: string[];
  data?: boolean;
  commentTypes?: string[];
  docMarkers?: { text?: string[]; line?: string[] };
  directiveComments?: { text?: string; before?: string };
  encodingDeclaration?: string;
  methodContainers?: string[];
  constantNames?: string;
  bodyDocstring?: { statement: string; string: string };
  bodyTypes?: string[];
  nameTrim?: string;
  quotedNames?: string;
  scopeSeparator?: string;
  sharedExtension?: { extensions: string[]; pattern: string; language: string };
  selfNames?: string[];
  superNames?: string[];
  implicitSelf?: boolean;
  folderScope?: string;
  callShape?: string;
  moduleRoots?: string[];
  packageEntries?: string[];
  localModules?: string;
  importExtensions?: string;
  partial?: string;
  signatureFirstLine?: boolean;
  trimTrailingComments?: boolean;
  trailingUnless?: Record<string, string>;
  profiles?: QueryProfile[];
  singleName?: boolean;
  parseMasks?: string[];
  maxParseRows?: number;
  embedded?: EmbeddedScripts;
  unmarkedVisibility?: { topLevel?: boolean; members?: boolean; publicNames?: string };
}

/** A row as language.json writes it: a language it extends gives what it leaves out. */
export type LanguageRow = Partial<LanguageSpec> & Pick<LanguageSpec, "id" | "name" | "extensions"> & {
  $schema?: string;
  extends?: string;
  notes?: Record<string, string>;
};

/** The schema's fields and the row type's are the same (a compile error names the odd one out). */
type SchemaField = keyof (typeof schema)["properties"];
type None<T extends never> = T;
export type FieldsOnlyInSchema = None<Exclude<SchemaField, keyof LanguageRow>>;
export type FieldsOnlyInType = None<Exclude<keyof LanguageRow, SchemaField>>;

/** What a row never takes from the language it extends: what makes it a language of its own. */
const OWN_FIELDS = new Set(["id", "name", "extensions", "filenames", "interpreters"]);

/** Each row completed from the row it extends (which may extend another); the row's own fields win. */
export function resolveRows(rows: LanguageRow[]): LanguageSpec[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const resolved = new Map<string, LanguageSpec>();
  const resolve = (row: LanguageRow, seen: string[]): LanguageSpec => {
    const done = resolved.get(row.id);
    if (done) return done;
    if (seen.includes(row.id)) throw new Error(`language table: ${[...seen, row.id].join(" extends ")}`);
    const { $schema: _schema, notes: _notes, extends: parentId, ...own } = row;
    let spec = own as LanguageSpec;
    if (parentId !== undefined) {
      const parent = byId.get(parentId);
      if (!parent) throw new Error(`language table: ${row.id} extends ${parentId}, which is no language`);
      const inherited = Object.entries(resolve(parent, [...seen, row.id])).filter(([k]) => !OWN_FIELDS.has(k) && !(k in own));
      spec = { ...own, ...Object.fromEntries(inherited) } as LanguageSpec;
    }
    resolved.set(row.id, spec);
    return spec;
  };
  return rows.map((r) => resolve(r, []));
}

/**
 * The rows as grammars/<id>/language.json writes them, in the order grammars/languages.ts
 * lists them, each completed from the language it `extends`.
 */
export const LANGUAGES: LanguageSpec[] = resolveRows(LANGUAGE_ROWS as LanguageRow[]);

export function buildRegistry(specs: LanguageSpec[]) {
  const byId = new Map<string, LanguageSpec>();
  const byExtension = new Map<string, LanguageSpec>();
  const byFilename = new Map<string, LanguageSpec>();
  const byInterpreter = new Map<string, LanguageSpec>();
  const claim = <K>(map: Map<K, LanguageSpec>, key: K, spec: LanguageSpec, what: string) => {
    const other = map.get(key);
    if (other) throw new Error(`language table: ${what} ${String(key)} claimed by ${other.id} and ${spec.id}`);
    map.set(key, spec);
  };
  for (const spec of specs) {
    claim(byId, spec.id, spec, "id");
    for (const name of spec.parseMasks ?? []) if (!PARSE_MASKS[name]) throw new Error(`language table: ${spec.id} names the parse mask ${name}, which grammars/languages.ts does not list`);
    for (const ext of spec.extensions) claim(byExtension, ext.toLowerCase(), spec, "extension");
    for (const name of spec.filenames ?? []) claim(byFilename, name, spec, "file name");
    for (const interp of spec.interpreters ?? []) claim(byInterpreter, interp, spec, "interpreter");
  }
  return { byId, byExtension, byFilename, byInterpreter, all: specs };
}

export type Registry = ReturnType<typeof buildRegistry>;
export const REGISTRY: Registry = buildRegistry(LANGUAGES);

/** The parse masks a language's row names, in its order (core/outline/parse-mask.ts). */
export function parseMasksOf(spec: LanguageSpec): ParseMask[] {
  return (spec.parseMasks ?? []).map((name) => PARSE_MASKS[name]).filter((m) => m !== undefined);
}
