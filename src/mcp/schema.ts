// A question's MCP input schema, made from its row (src/app/questions.ts): each option the tool
// takes, as zod with its bounds, and the defaults the tool applies to what the client left out.
import { z } from "zod";
import { boundsFor, type Question, type QuestionOption, type Values } from "../app/questions.ts";

/** Control characters (C0, DEL, C1): no path, name or query an agent means contains one. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A string argument from the client: at most `max` characters, no control characters. A
 * violation is an error result naming the argument, before any tool runs.
 */
export function text(max: number) {
  return z
    .string()
    .max(max, `at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), "control characters (NUL, newline, escape, ...) are not allowed");
}

/** The MCP argument's name: the option's key in snake_case (maxTokens -> max_tokens). */
export const argName = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function schemaOf(o: QuestionOption): z.ZodType {
  const { min, max } = boundsFor(o, "mcp");
  switch (o.kind) {
    case "count": {
      let n = z.number().int();
      if (min !== undefined) n = n.min(min);
      if (max !== undefined) n = n.max(max);
      // A whole number's own bound (2^53 - 1) is still checked, but not printed into the schema:
      // noise in every client's context (test/mcp-schema-budget.test.ts).
      return max === undefined ? n.meta({ maximum: undefined } as Record<string, unknown>) : n;
    }
    case "flag":
      return z.boolean();
    case "choice":
      return z.enum(o.choices as [string, ...string[]]);
    case "texts":
      return z.array(text(o.maxLength!)).max(o.maxItems!);
    default:
      return text(o.maxLength!);
  }
}

/** The tool's arguments: its options, each required only where the row says so. */
export function inputShape(q: Question): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const o of q.options) {
    if (!o.mcp) continue;
    const s = schemaOf(o);
    shape[argName(o.key)] = (o.mcp.required ? s : s.optional()).describe(o.mcp.about);
  }
  return shape;
}

/**
 * The tool's input schema. Without `$schema`: the SDK would name draft-07 in each tool, a dozen
 * tokens each in every client's context; a schema without it is read as 2020-12 (MCP), which
 * means the same for these keywords (type, properties, required, bounds, enum, items).
 */
export function inputSchema(q: Question): z.ZodObject {
  return z.object(inputShape(q)).meta({ $schema: undefined } as Record<string, unknown>);
}

/** The arguments a client sent (validated by the schema), by option key, each missing one at its default. */
export function readArgs<Q extends Question>(q: Q, args: Record<string, unknown>): Values<Q, "mcp"> {
  const out: Record<string, unknown> = {};
  for (const o of q.options) {
    if (!o.mcp) continue;
    const given = args[argName(o.key)];
    out[o.key] = given ?? boundsFor(o, "mcp").default ?? (o.kind === "flag" ? false : o.kind === "texts" ? [] : undefined);
  }
  return out as Values<Q, "mcp">;
}
