// A parse mask: a plug-in a language's row names (`parseMasks`, grammars/<folder>/masks/<name>.ts)
// that gives the parser a copy of the file's text of the same length and lines, with what the
// grammar cannot read blanked or rewritten, so every offset and line of the tree is the file's
// and the outline is still sliced from the file itself (names come from the parse, signatures,
// docs and imports from the file).
import type { LineRange } from "../types.ts";

export interface MaskedText {
  text: string;
  /** Lines the mask left out that could hold definitions: reported as unparsed. */
  leftOut: LineRange[];
}

export interface ParseMask {
  /**
   * `always`: the parser reads the mask whenever the language is parsed (the masks of a row
   * apply in its order). `on-error`: a file that does not parse as written is parsed again as
   * masked (after the `always` masks), and that parse is kept when it has fewer errors; the
   * row's first such mask is the one used.
   */
  reads: "always" | "on-error";
  /** The masked text, or undefined when there is nothing to mask. */
  mask(text: string): MaskedText | undefined;
  /** The warning an outline carries, at the first line left out, when the mask left any out. */
  warning?: string;
}
