// The "swift/syntax" parse mask (core/outline/parse-mask.ts), read always: what the Swift
// grammar (grammars/swift/GRAMMAR.md) cannot read but the compiler does, blanked character for
// character (line breaks kept):
//   conditional compilation lines   #if os(iOS) / #elseif / #else / #endif, and the
//                                   #error("…") / #warning("…") a branch may hold
//     Every branch of a Swift conditional holds complete declarations or statements, so with
//     the directive lines blank all branches read in sequence and each is outlined.
//   `nonisolated(unsafe)`           its argument (a modifier is left)
//   empty attribute arguments       @OptionGroup() var options
//   a `()` argument                 .success(())
//   ownership and isolation words   _ v: consuming sending V, _const String, isolated (any A)?,
//                                   .test(copy t),
//                                   = consume x, for try await
//   typed throws' error type        throws(ParserError)
//   the `#` of a macro the grammar takes for a directive   = #_sourceLocation, = #isolation
import type { ParseMask } from "../../../src/core/outline/parse-mask.ts";

export const plugin: ParseMask = { reads: "always", mask: (text) => ({ text: maskSwift(text), leftOut: [] }) };

const DIRECTIVE_LINE = /^[ \t]*#(if|elseif|else|endif|error|warning)\b[^\n]*/gm;
const UNSAFE = /\bnonisolated(\(unsafe\))/g;
const EMPTY_ATTRIBUTE = /(?<=(^|[\s(,])@[A-Za-z_][\w.]*)(\(\s*\))(?=\s)/gm;
const VOID_ARGUMENT = /(?<=\()(\(\))(?=\))/g;

/** In a parameter's type: `_ v: consuming sending V`. */
const TYPE_WORDS = /(?<=:\s*(?:(?:consuming|borrowing|sending|isolated|_const)[ \t]+)*)\b(consuming|borrowing|sending|isolated|_const)[ \t]+(?=[@A-Za-z_(\[])/g;
/** Before an operand: `.test(copy t)`, `= consume x`. */
const OPERAND_WORDS = /(?<=[(=,]\s*)\b(copy|consume)[ \t]+(?=[A-Za-z_]\w*\b(?!\s*[:(]))/g;
const FOR_TRY = /(?<=\bfor\s+)(try\s+)(?=await\b)/g;
const TYPED_THROWS = /(?<=\bthrows)(\([^()\n]*\))/g;
const MACRO_HASH = /#(?=(_sourceLocation|isolation)\b)/g;

export function maskSwift(text: string): string {
  if (!/#(if|else|endif|_sourceLocation|isolation)|nonisolated\(|@\w[\w.]*\(\s*\)|\(\(\)\)|consuming|borrowing|sending|_const|copy|consume|throws\(|for\s+try/.test(text)) return text;
  const blank = (s: string) => s.replace(/[^\n\r]/g, " ");
  return text
    .replace(DIRECTIVE_LINE, blank)
    .replace(UNSAFE, (m, arg: string) => m.slice(0, m.length - arg.length) + blank(arg))
    .replace(EMPTY_ATTRIBUTE, blank)
    .replace(VOID_ARGUMENT, blank)
    .replace(TYPE_WORDS, blank)
    .replace(OPERAND_WORDS, blank)
    .replace(FOR_TRY, blank)
    .replace(TYPED_THROWS, blank)
    .replace(MACRO_HASH, blank);
}
