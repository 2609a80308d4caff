// Paths in output: as the user gave them (relative stays relative), POSIX slashes.
import { sep } from "node:path";

export function toDisplayPath(path: string): string {
  let p = sep === "/" ? path : path.split(sep).join("/");
  if (p.startsWith("./") && p.length > 2) p = p.slice(2);
  return p;
}
