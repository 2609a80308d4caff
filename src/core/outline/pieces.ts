// A file longer than its grammar can read in one parse (registry `maxParseRows`) is read in
// pieces. Each piece starts at a top-level line (column 0, not blank, not a comment, not a
// closing bracket or a continuation), so each is whole top-level items and the pieces' symbols
// are siblings, as in one parse. A piece that has no such line within the limit (one item
// longer than the limit) is cut at the limit: what follows is read as a piece of its own and
// the outline says so, since its symbols' nesting across the cut is not known.

export interface Piece {
  /** Character offsets: [from, to), each at the start of a line. */
  from: number;
  to: number;
  /** 0-based row of `from`. */
  row: number;
  /** Whether the piece starts mid-item (cut at the limit, not at a top-level line). */
  forced: boolean;
}

/** A line where a piece can start: top-level content (YAML `key:`, `- item`, `---`). */
export function startsTopLevel(text: string, at: number): boolean {
  const c = text[at];
  return c !== undefined && !" \t\r\n#}],".includes(c);
}

/** The pieces of `text`, each at most `maxRows` lines; one piece when the text is shorter. */
export function pieces(text: string, maxRows: number): Piece[] {
  const lineStarts: number[] = [0];
  for (let i = text.indexOf("\n"); i >= 0 && i + 1 < text.length; i = text.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  if (lineStarts.length <= maxRows) return [{ from: 0, to: text.length, row: 0, forced: false }];
  const out: Piece[] = [];
  const top = (line: number) => startsTopLevel(text, lineStarts[line]);
  let first = 0;
  let forced = false;
  while (first < lineStarts.length) {
    const limit = Math.min(first + maxRows, lineStarts.length);
    let cut: number | undefined;
    if (forced) {
      // The rest of a cut item ends at the first top-level line: the next piece starts there.
      for (let line = first + 1; line < limit && cut === undefined; line++) if (top(line)) cut = line;
    } else if (limit < lineStarts.length) {
      // The last top-level line of the window (after its first line) starts the next piece.
      for (let line = limit; line > first && cut === undefined; line--) if (top(line)) cut = line;
    }
    if (cut === undefined && limit === lineStarts.length) {
      out.push({ from: lineStarts[first], to: text.length, row: first, forced });
      break;
    }
    const next = cut ?? limit;
    out.push({ from: lineStarts[first], to: lineStarts[next], row: first, forced });
    forced = cut === undefined;
    first = next;
  }
  return out;
}
