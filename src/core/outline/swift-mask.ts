// The "swift" parse mask: what the Swift grammar (grammars/swift/GRAMMAR.md) cannot read but
// the compiler does, blanked character for character (line breaks kept):
//   conditional compilation lines   #if os(iOS) / #elseif / #else / #endif
//     Every branch of a Swift conditional holds complete declarations or statements, so with
//     the directive lines blank all branches read in sequence and each is outlined.
//   `nonisolated(unsafe)`           its argument (a modifier is left)
//   empty attribute arguments       @OptionGroup() var options
//   a `()` argument                 .success(())
const DIRECTIVE_LINE = /^[ \t]*#(if|elseif|else|endif)\b[^\n]*/gm;
const UNSAFE = /\bnonisolated(\(unsafe\))/g;
const EMPTY_ATTRIBUTE = /(?<=(^|[\s(,])@[A-Za-z_][\w.]*)(\(\s*\))(?=\s)/gm;
const VOID_ARGUMENT = /(?<=\()(\(\))(?=\))/g;

export function maskSwift(text: string): string {
  if (!/#(if|else|endif)|nonisolated\(|@\w[\w.]*\(\s*\)|\(\(\)\)/.test(text)) return text;
  const blank = (s: string) => s.replace(/[^\n\r]/g, " ");
  return text
    .replace(DIRECTIVE_LINE, blank)
    .replace(UNSAFE, (m, arg: string) => m.slice(0, m.length - arg.length) + blank(arg))
    .replace(EMPTY_ATTRIBUTE, blank)
    .replace(VOID_ARGUMENT, blank);
}
