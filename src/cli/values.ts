// A question's options as cac hands them (strings as given, src/cli/held-values.ts; an array
// where a flag was repeated; cac's default where the table shows one), read into the values the
// table says (src/app/questions.ts), with the same messages for a bad value in every command.
import { boundsFor, flagName, type Question, type QuestionOption, type Values } from "../app/questions.ts";
import { parseSize } from "../io/files.ts";
import { oneOf, parseCount, parseFormat } from "./options.ts";

/** Every option of `q` that has a flag, read in the table's order (the first bad one is the one reported). */
export function readOptions<Q extends Question>(q: Q, raw: Record<string, unknown>): Values<Q, "cli"> {
  const out: Record<string, unknown> = {};
  for (const o of q.options) if (o.cli) out[o.key] = readOne(o, raw[o.key]);
  return out as Values<Q, "cli">;
}

function readOne(o: QuestionOption, value: unknown): unknown {
  const { min, max, default: fallback } = boundsFor(o, "cli");
  switch (o.kind) {
    case "flag":
      return Boolean(value);
    case "count":
      return value === undefined && fallback === undefined ? undefined : parseCount(value, flagName(o), fallback as number, max, min);
    case "size":
      return value === undefined ? undefined : parseSize(value);
    case "choice":
      if (o.key === "format") return parseFormat(value, o.choices!);
      return value === undefined ? fallback : oneOf(value, o.choices!, flagName(o));
    case "texts":
      // `--focus a,b --focus c`: each value, split at commas.
      return value === undefined ? [] : [value].flat().flatMap((v) => String(v).split(",")).map((v) => v.trim()).filter(Boolean);
    case "text":
      if (value === undefined) return fallback;
      return o.cli?.repeatable ? [value].flat().map(String) : String(value);
  }
}
