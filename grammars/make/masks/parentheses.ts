// The "make/parentheses" parse mask (core/outline/parse-mask.ts), read always: what
// tree-sitter-make (grammars/make/SOURCE.md) cannot read but GNU Make does, blanked character
// for character (line breaks kept), so every offset and line of the tree is the file's (one
// exception below keeps a recipe line from going blank):
//   parentheses that are text, not references: inside a reference (`$(shell test "(a)")`,
//     `$(shell x "$$(cat f 2> /dev/null)")`: Make pairs them to find the reference's end) and
//     in a variable's value (`EVAL += --eval "(progn $$X)"`)
//   a reference to a function without arguments   $(info )   its name made `_` (`$(____ )`),
//     a reference to a variable of the same length
//   parentheses in a comment after a value         X = 1 # (c)
// Recipe text outside references (shell code the grammar reads as text) and the bodies of
// `define … endef` are left as written. The parser only reads the mask: names come from the
// parse, signatures, docs and imports from the file.
import type { ParseMask } from "../../../src/core/outline/parse-mask.ts";

export const plugin: ParseMask = { reads: "always", mask: (text) => ({ text: maskMake(text), leftOut: [] }) };

/** A variable's assignment up to its operator, plain (`CC ?= gcc`) or a target's own (`app: CFLAGS += -O2`). */
const ASSIGNMENT = /^(?:[^\t#=:][^#=:]*:[ \t]*)?[ \t]*(?:(?:export|override|private)[ \t]+)*[^\s:#=()]+[ \t]*(?::{1,3}=|[+?!]?=)/;
const DIRECTIVE = /^[ \t]*(?:ifeq|ifneq|ifdef|ifndef|else|endif|include|-include|sinclude|vpath|unexport)\b/;
const DEFINE = /^[ \t]*(?:(?:export|override|private)[ \t]+)*define\b/;
const ENDEF = /^[ \t]*endef\b/;
const NO_ARGUMENTS = /^(subst|patsubst|strip|findstring|filter|filter-out|sort|word|wordlist|words|firstword|lastword|dir|notdir|suffix|basename|addsuffix|addprefix|join|wildcard|realpath|abspath|error|warning|info|shell|origin|flavor|foreach|if|or|and|call|eval|file|value|let|intcmp|guile)[ \t]*\)/;

type Open = "ref" | "brace" | "text";

export function maskMake(text: string): string {
  if (!text.includes("(")) return text;
  const out = text.split("");
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n" && out[k] !== "\r") out[k] = " ";
  };
  let inDefine = false;
  for (let start = 0; start < text.length; ) {
    const end = logicalLineEnd(text, start);
    const line = text.slice(start, end);
    if (inDefine) {
      if (ENDEF.test(line)) inDefine = false;
    } else if (DEFINE.test(line)) {
      inDefine = true;
    } else if (!DIRECTIVE.test(line)) {
      const recipe = line.startsWith("\t");
      const assignment = recipe ? undefined : ASSIGNMENT.exec(line);
      maskLine(text, out, start, end, assignment ? start + assignment[0].length : -1, recipe, blank);
    }
    start = end + 1;
  }
  return out.join("");
}

/** The end of the line at `start`, past lines continued by a backslash. */
function logicalLineEnd(text: string, start: number): number {
  let at = start;
  for (;;) {
    const nl = text.indexOf("\n", at);
    if (nl < 0) return text.length;
    let backslashes = 0;
    for (let k = nl - 1 - (text[nl - 1] === "\r" ? 1 : 0); k >= start && text[k] === "\\"; k--) backslashes++;
    if (backslashes % 2 === 0) return nl;
    at = nl + 1;
  }
}

/** Blanks the text parentheses of one logical line; `value` is where a variable's value starts (-1: none). */
function maskLine(text: string, out: string[], start: number, end: number, value: number, recipe: boolean, blank: (from: number, to: number) => void) {
  const open: Open[] = [];
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c === "$") {
      const next = text[i + 1];
      if (next === "$") i++;
      else if (next === "(") {
        const empty = NO_ARGUMENTS.exec(text.slice(i + 2, Math.min(end, i + 40)));
        if (empty) {
          for (let k = i + 2; k < i + 2 + empty[1].length; k++) out[k] = "_";
          i += 1 + empty[0].length;
        } else {
          open.push("ref");
          i++;
        }
      } else if (next === "{") {
        open.push("brace");
        i++;
      }
    } else if (c === "(") {
      if (open.length || (value >= 0 && i >= value)) {
        open.push("text");
        blank(i, i + 1);
      }
    } else if (c === ")") {
      const top = open[open.length - 1];
      if (top === "ref") open.pop();
      else if (top === "text") {
        open.pop();
        blank(i, i + 1);
      } else if (top === "brace" || (value >= 0 && i >= value)) blank(i, i + 1);
    } else if (c === "}") {
      if (open[open.length - 1] === "brace") open.pop();
    } else if (c === "#" && !recipe && !open.length && text[i - 1] !== "\\") {
      // A comment after a value: its parentheses too.
      for (let k = i + 1; k < end; k++) if (text[k] === "(" || text[k] === ")") blank(k, k + 1);
      return;
    }
  }
}
