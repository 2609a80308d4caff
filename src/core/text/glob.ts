// Path filters for `--path` / `path:` arguments, one meaning everywhere: a glob (`*` within a
// folder, `**` across folders, `?` one character, `{a,b}` alternatives) matched against the
// whole relative path, or against the file name when it has no slash; without wildcards, a
// path prefix (`src/`, `src/cache`: that file or folder and everything under it).
//
// The glob can come from an MCP client: it is matched by a set-of-states automaton, in time
// linear in the path times the pattern (a backtracking regex takes exponential time on
// `*a*a*a*a*a*a*a*a*b`), and its `{}` alternatives are capped.
import { usageError } from "../errors.ts";

/** Most alternatives `{a,b}` groups may expand to. */
export const MAX_GLOB_ALTERNATIVES = 256;

export function pathFilter(glob: string): (path: string) => boolean {
  const g = glob.replace(/^\.\//, "");
  const strip = (p: string) => p.replace(/^\.\//, "");
  if (!/[*?{]/.test(g)) {
    const prefix = g.replace(/\/+$/, "");
    return (p) => {
      const q = strip(p);
      return !prefix || q === prefix || q.startsWith(`${prefix}/`);
    };
  }
  const matchers = expandBraces(g).map((alt) => compile(tokenize(alt)));
  const baseOnly = !g.includes("/");
  const full = (q: string) => matchers.some((m) => m(q));
  return (p) => {
    const q = strip(p);
    return full(q) || (baseOnly && full(q.slice(q.lastIndexOf("/") + 1)));
  };
}

type Token =
  | { t: "lit"; c: string }
  | { t: "one" } //  `?`: one character but `/`
  | { t: "star" } // `*`: any run without `/`
  | { t: "any" } //  `**`: any run
  | { t: "skip"; over: number }; // consumes nothing: the next `over` tokens may be skipped (`**/` is skip, any, "/")

function tokenize(g: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < g.length; i++) {
    const c = g[i];
    if (c === "*" && g[i + 1] === "*" && g[i + 2] === "/") {
      out.push({ t: "skip", over: 2 }, { t: "any" }, { t: "lit", c: "/" });
      i += 2;
    } else if (c === "*" && g[i + 1] === "*") {
      out.push({ t: "any" });
      i += 1;
    } else if (c === "*") out.push({ t: "star" });
    else if (c === "?") out.push({ t: "one" });
    else out.push({ t: "lit", c });
  }
  return out;
}

/**
 * The whole-string matcher, an automaton run on sets of states: state i means "the tokens
 * before i matched". Empty matches only move forward (star/any: i -> i+1; skip: i -> i+1 and
 * past what it covers), so one forward pass closes a set.
 */
function compile(tokens: Token[]): (s: string) => boolean {
  const m = tokens.length;
  const close = (set: Uint8Array) => {
    for (let i = 0; i < m; i++) {
      if (!set[i]) continue;
      const tk = tokens[i];
      if (tk.t === "star" || tk.t === "any" || tk.t === "skip") set[i + 1] = 1;
      if (tk.t === "skip") set[i + 1 + tk.over] = 1;
    }
  };
  return (s) => {
    let cur = new Uint8Array(m + 1);
    cur[0] = 1;
    close(cur);
    for (const ch of s) {
      const next = new Uint8Array(m + 1);
      for (let i = 0; i < m; i++) {
        if (!cur[i]) continue;
        const tk = tokens[i];
        if (tk.t === "lit") {
          if (ch === tk.c) next[i + 1] = 1;
        } else if (tk.t === "one") {
          if (ch !== "/") next[i + 1] = 1;
        } else if (tk.t === "star") {
          if (ch !== "/") next[i] = 1;
        } else if (tk.t === "any") next[i] = 1;
      }
      close(next);
      if (!next.includes(1)) return false;
      cur = next;
    }
    return cur[m] === 1;
  };
}

/** `a{b,c{d,e}}` -> abd... A `{` without its `}` is a plain character. */
function expandBraces(g: string): string[] {
  let depth = 0;
  let open = -1;
  for (let i = 0; i < g.length; i++) {
    if (g[i] === "{") {
      if (depth++ === 0) open = i;
    } else if (g[i] === "}" && depth > 0 && --depth === 0) {
      const rest = expandBraces(g.slice(i + 1));
      const out: string[] = [];
      for (const part of splitTopLevel(g.slice(open + 1, i))) {
        for (const head of expandBraces(g.slice(0, open) + part)) {
          for (const tail of rest) {
            out.push(head + tail);
            if (out.length > MAX_GLOB_ALTERNATIVES) throw usageError(`the glob ${g.slice(0, 80)} has over ${MAX_GLOB_ALTERNATIVES} {} alternatives`, "use fewer {a,b} groups");
          }
        }
      }
      return out;
    }
  }
  return [g];
}

function splitTopLevel(inner: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === "{") depth++;
    else if (inner[i] === "}" && depth > 0) depth--;
    else if (inner[i] === "," && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}
