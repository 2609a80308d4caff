// A selection written as the detected runner's command line (`tests --format command`). Each
// argument is quoted for a POSIX shell. A test a runner cannot name on its own (a block whose
// title is computed) is run by its file; nothing selected gives no command.
import type { TestConvention } from "../languages/test-conventions.ts";
import type { TestUnit } from "./types.ts";

function shellQuote(s: string): string {
  return /^[\w./:=@%+,-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}

const regexEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const unique = <T>(xs: T[]) => [...new Set(xs)];

function byFile(units: TestUnit[]): Map<string, TestUnit[]> {
  const out = new Map<string, TestUnit[]>();
  for (const u of units) out.set(u.path, [...(out.get(u.path) ?? []), u]);
  return out;
}

const dirOf = (p: string) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : ".");
const stem = (p: string) => p.slice(p.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");

/** The command that runs these tests, or undefined when there are none. */
export function selectionCommand(conv: TestConvention, units: TestUnit[]): string | undefined {
  if (!units.length) return undefined;
  const c = conv.command;
  const files = unique(units.map((u) => u.path)).sort();
  switch (c.form) {
    case "pytest":
      return `${c.select} ${unique(units.map((u) => `${u.path}::${u.qualifiedName.split(".").join("::")}`)).sort().map(shellQuote).join(" ")}`;
    case "unittest":
      return `${c.select} ${unique(units.map((u) => `${u.path.replace(/\.py$/, "").split("/").join(".")}.${u.qualifiedName}`)).sort().map(shellQuote).join(" ")}`;
    case "files":
    case "minitest":
      return `${c.select} ${files.map(shellQuote).join(" ")}`;
    case "rspec":
      return `${c.select} ${unique(units.map((u) => `${u.path}:${u.startLine}`)).map(shellQuote).join(" ")}`;
    case "go": {
      const parts: string[] = [];
      for (const [dir, us] of [...byFile(units)].reduce((m, [p, us]) => m.set(dirOf(p), [...(m.get(dirOf(p)) ?? []), ...us]), new Map<string, TestUnit[]>())) {
        const names = unique(us.map((u) => u.name)).sort();
        parts.push(`${c.select} ${shellQuote(dir === "." ? "." : `./${dir}`)} -run ${shellQuote(`^(${names.join("|")})$`)}`);
      }
      return parts.sort().join(" && ");
    }
    case "cargo":
      return `${c.select} -- ${unique(units.map((u) => u.name)).sort().map(shellQuote).join(" ")}`;
    case "maven": {
      const classes = [...byFile(units)].map(([p, us]) => `${stem(p)}#${unique(us.map((u) => u.name)).sort().join("+")}`).sort();
      return `mvn ${shellQuote(`-Dtest=${classes.join(",")}`)} test`;
    }
    case "gradle":
      return `${c.select} ${units.map((u) => `--tests ${shellQuote(`${stem(u.path)}.${u.name}`)}`).sort().join(" ")}`;
    case "phpunit":
      return `${c.select} --filter ${shellQuote(`/::(${unique(units.map((u) => regexEscape(u.name))).sort().join("|")})( |$)/`)}`;
  }
}
