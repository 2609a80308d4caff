// Where a name is mentioned on a line of code, and what it is reached through: bare (`f`), or
// a member (`x.f`, `a.b.f`, `p->f`, `C::f`), with the receiver as written when it is a chain of
// names (`make().f` has none: what the call returns is not written). Pure: a line in, the
// mentions out (core/tests/reach.ts's graph asks how sure each is).

export interface Mention {
  /** The name's column on the line (0-based, in UTF-16 units, as the line's string has it). */
  col: number;
  /** Reached through `.`, `?.`, `->` or `::`. */
  member: boolean;
  /** The receiver when written as names (`self.store`), else undefined. */
  receiver?: string;
  /** The receiver's column, when there is one. */
  receiverCol?: number;
}

const WORD_CHAR = /[\w$]/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A pattern matching `name` as a whole word (not inside `$name` or `name_x`). */
export const wordPattern = (name: string) => new RegExp(`(?<![\\w$])${escape(name)}(?![\\w$])`, "g");

export function mentionsIn(line: string, name: string): Mention[] {
  const out: Mention[] = [];
  const re = wordPattern(name);
  for (let m = re.exec(line); m; m = re.exec(line)) out.push(mentionAt(line, m.index));
  return out;
}

function mentionAt(line: string, col: number): Mention {
  let i = col - 1;
  while (i >= 0 && (line[i] === " " || line[i] === "\t")) i--;
  let access = 0;
  if (line[i] === ".") access = line[i - 1] === "?" ? 2 : 1;
  else if ((line[i] === ">" && line[i - 1] === "-") || (line[i] === ":" && line[i - 1] === ":")) access = 2;
  if (!access) return { col, member: false };
  i -= access;
  while (i >= 0 && (line[i] === " " || line[i] === "\t")) i--;
  // The receiver: names joined by dots, read backwards; anything else (a call, an index, the line's start) leaves it unwritten.
  const end = i + 1;
  while (i >= 0 && (WORD_CHAR.test(line[i]) || (line[i] === "." && WORD_CHAR.test(line[i - 1] ?? "")))) i--;
  const receiver = line.slice(i + 1, end);
  if (!receiver || /^[\d.]/.test(receiver) || receiver.endsWith(".")) return { col, member: true };
  // Glued to a call, a block or a string, the names are not a receiver of their own; `[]net.IP`,
  // `map[K]pkg.T` (Go's slice and map types) are.
  if (i >= 0 && /[)}'"`]/.test(line[i])) return { col, member: true };
  if (i >= 0 && line[i] === "." ) return { col, member: true };
  return { col, member: true, receiver, receiverCol: i + 1 };
}
