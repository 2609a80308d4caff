// The "c/preprocessor" parse mask (core/outline/parse-mask.ts), read when the file as written
// does not parse: one configuration of the file, the first branch of each #if/#ifdef (none of
// an `#if 0`), with the conditional directives and the other branches blanked character for
// character (line breaks kept). The lines left out are reported as unparsed. C# writes its
// conditionals as C does.
import type { LineRange } from "../../../src/core/types.ts";
import type { MaskedText, ParseMask } from "../../../src/core/outline/parse-mask.ts";
import { tokenize } from "./tokens.ts";
import { blankOf } from "./code.ts";

export const plugin: ParseMask = {
  reads: "on-error",
  mask: (text) => maskPreprocessor(text),
  warning: "read as one configuration: the first branch of each #if (the others are unparsed)",
};

const CONDITIONAL = /^#\s*(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b(.*)$/s;

/**
 * One configuration of the file: the first branch of each conditional (`#if 0` and the like
 * never taken), the conditional directives and every other branch blanked. Undefined when the
 * file has no conditional with a branch to leave out. `leftOut` are the lines of the branches
 * left out that hold anything.
 */
export function maskPreprocessor(text: string): MaskedText | undefined {
  if (!/^[ \t]*#[ \t]*(if|el)/m.test(text)) return undefined;
  const tokens = tokenize(text);
  const blanks: { start: number; end: number }[] = [];
  const inactive: LineRange[] = [];
  // Per open conditional: is its current branch the one kept, and was one kept already.
  const stack: { active: boolean; taken: boolean }[] = [];
  const live = () => stack.every((s) => s.active);
  let leftOut = false;
  for (const t of tokens) {
    const m = t.kind === "directive" ? CONDITIONAL.exec(text.slice(t.start, t.end).trimStart()) : null;
    if (!m) {
      if (!live()) {
        blanks.push(t);
        const last = inactive[inactive.length - 1];
        if (last && t.line <= last.endLine + 1) last.endLine = Math.max(last.endLine, t.endLine + 1);
        else inactive.push({ startLine: t.line + 1, endLine: t.endLine + 1 });
      }
      continue;
    }
    blanks.push(t);
    const word = m[1];
    const never = /^\s*(0|false)\s*(\/[/*].*)?$/s.test(m[2]);
    if (word === "if" || word === "ifdef" || word === "ifndef") stack.push({ active: !never, taken: !never });
    else if (word === "endif") stack.pop();
    else if (stack.length) {
      const top = stack[stack.length - 1];
      const take = !top.taken && (word === "else" || !never);
      if (top.taken) leftOut = true;
      top.active = take;
      top.taken ||= take;
    }
  }
  if (!leftOut && !inactive.length) {
    // Only directives to blank: worth it when they split a construct (a base list, an if/else).
    if (!blanks.length) return undefined;
  }
  let out = "";
  let at = 0;
  for (const b of blanks.sort((x, y) => x.start - y.start)) {
    out += text.slice(at, b.start) + blankOf(text.slice(b.start, b.end));
    at = b.end;
  }
  return { text: out + text.slice(at), leftOut: inactive };
}
