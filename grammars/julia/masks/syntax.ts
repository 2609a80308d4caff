// The "julia/syntax" parse mask (core/outline/parse-mask.ts), read always: what
// tree-sitter-julia (grammars/julia/SOURCE.md) cannot read but Julia does, made readable
// character for character (line breaks kept), so every offset and line of the tree is the file's:
//   `const` fields of a mutable struct       const x::T        read as a macro call of the same
//     length, `@cons x::T`, as an `@atomic x::T` field is (a `const` line without `=`: outside
//     a struct that is no valid Julia)
//   a macro imported by a relative path     import ..@m       the `@` blanked: `.. m`
//   a comma right before the `;` of keyword arguments, on its line or the next
//                                           f(a, b,\n    ;\n  kw=1)    the comma blanked
//   an interpolated `let` head in a quote   let $(args...)    the interpolation blanked
//   a keyword quoted as a symbol where the grammar reads the keyword
//                                           [:function => 1], (x === :for)
//     the keyword's letters made `_` (`:________`), still a symbol of the same length
//   an escaped `\$` right after a quote, which the grammar misreads in a triple-quoted string
//     (shell text in Julia strings: `for a in "\$@"`, `"\${cmd}"`): the `\$` blanked
// The mask may reach inside strings and comments (it reads no string boundaries): the parser
// only reads it; names come from the parse, signatures, docs and imports from the file.
import type { ParseMask } from "../../../src/core/outline/parse-mask.ts";

export const plugin: ParseMask = { reads: "always", mask: (text) => ({ text: maskJulia(text), leftOut: [] }) };

const CONST_FIELD = /(?<=^[ \t]+)const(?=[ \t]+[\p{L}_][\p{L}\p{N}_!]*(?:[ \t]*::[^=\n#]*)?[ \t]*(?:#[^\n]*)?\r?$)/gmu;
const RELATIVE_MACRO = /(?<=\b(?:import|using)[ \t]+\.+(?:[\p{L}_][\p{L}\p{N}_!]*\.)*)@/gu;
const COMMA_BEFORE_SEMICOLON = /,(?=[ \t]*(?:\r?\n[ \t]*)?;)/g;
const LET_INTERPOLATION = /(?<=\blet[ \t]+)\$\((?:[^()\n]|\([^()\n]*\))*\)/g;
// The keywords measured to break a quoted symbol in some context (`:end`, `:do`, `:let`… parse).
const KEYWORD_SYMBOL = /(?<=[\s(\[{,=;]:)(for|function|if|macro|in|isa|where|begin|elseif|export|public)(?![\p{L}\p{N}_!])/gu;
const ESCAPED_DOLLAR = /(?<=")\\\$/g;

export function maskJulia(text: string): string {
  const blank = (s: string) => s.replace(/[^\n\r]/g, " ");
  return text
    .replace(CONST_FIELD, "@cons")
    .replace(RELATIVE_MACRO, " ")
    .replace(COMMA_BEFORE_SEMICOLON, " ")
    .replace(LET_INTERPOLATION, blank)
    .replace(KEYWORD_SYMBOL, (word: string) => "_".repeat(word.length))
    .replace(ESCAPED_DOLLAR, "  ");
}
