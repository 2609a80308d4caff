// Path filters for `--path` / `path:` arguments, one meaning everywhere: a glob (`*` within a
// folder, `**` across folders, `?` one character, `{a,b}` alternatives) matched against the
// whole relative path, or against the file name when it has no slash; without wildcards, a
// path prefix (`src/`, `src/cache`: that file or folder and everything under it).
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
  let re = "";
  for (let i = 0; i < g.length; i++) {
    const c = g[i];
    if (c === "*" && g[i + 1] === "*") {
      re += g[i + 2] === "/" ? "(?:.*/)?" : ".*";
      i += g[i + 2] === "/" ? 2 : 1;
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else if (c === "{") re += "(?:";
    else if (c === "}") re += ")";
    else if (c === ",") re += "|";
    else re += c.replace(/[.+^$()|[\]\\]/g, "\\$&");
  }
  const full = new RegExp(`^${re}$`);
  const baseOnly = !g.includes("/");
  return (p) => {
    const q = strip(p);
    return full.test(q) || (baseOnly && full.test(q.slice(q.lastIndexOf("/") + 1)));
  };
}
