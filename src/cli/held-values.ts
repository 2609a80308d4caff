// Option values as the user gave them. cac's parser (mri) reads a value that looks like a
// number as one (`--hash 00001234` as 1234, `--rev 1e3` as 1000, `--limit ""` as 0) and a value
// that starts with `-` as the next option (`--limit -1` gives "Unknown option -1", naming neither
// the option nor the value). As getopt does for an option that requires a value, the argument
// after it is its value, whatever it looks like: each goes to cac as a placeholder (a NUL, which
// no command-line argument can hold, and its number) and is put back, the string given, in the
// options cac hands the command.
//
// A lone `-` (standard input, where a command reads a file) is held the same way: mri drops it.

const MARK = "\0";

export interface HeldValues {
  /** The arguments for cac, each option value a placeholder. */
  argv: string[];
  /** Puts the values back into the options cac parsed (in place). */
  restore(options: Record<string, unknown>): void;
  /** The positional arguments cac parsed, each `-` put back. */
  restoreArgs(args: unknown[]): unknown[];
}

/** `takesValue`: the option names (`--limit`) that take a value. Nothing after `--` is touched. */
export function holdValues(argv: readonly string[], takesValue: ReadonlySet<string>): HeldValues {
  const values: string[] = [];
  const out: string[] = [];
  const hold = (name: string, value: string) => {
    out.push(`${name}=${MARK}${values.length}`);
    values.push(value);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      out.push(...argv.slice(i));
      break;
    }
    const eq = a.indexOf("=");
    if (a.startsWith("--") && eq > 0 && takesValue.has(a.slice(0, eq))) hold(a.slice(0, eq), a.slice(eq + 1));
    else if (takesValue.has(a) && i + 1 < argv.length) hold(a, argv[++i]);
    else if (a === "-") {
      out.push(`${MARK}${values.length}`);
      values.push(a);
    }
    else out.push(a); // the last argument, with no value: cac says the value is missing
  }
  const back = (v: unknown): unknown => {
    if (typeof v === "string" && v.startsWith(MARK)) return values[Number(v.slice(1))];
    return Array.isArray(v) ? v.map(back) : v;
  };
  return {
    argv: out,
    restore(options) {
      for (const [k, v] of Object.entries(options)) options[k] = back(v);
    },
    restoreArgs: (args) => args.map(back),
  };
}
