// Universal Ctags as a second opinion: one ctags process over many files of one language,
// its JSON tags grouped by file.
import { spawn } from "node:child_process";

export interface CtagsTag {
  name: string;
  path: string;
  line: number;
  kind: string;
  end?: number;
  scope?: string;
  scopeKind?: string;
  signature?: string;
  /** The declared type (`typename:int`), where ctags has one. */
  typeref?: string;
}

/**
 * Tags of `files`, all parsed as `language` (ctags' parser name; the outline decides each file's
 * language, ctags must not decide it again). `extra`: kind switches such as `--kinds-C=+p`.
 */
export function ctagsArgs(language: string, extra: string[] = []): string[] {
  return ["--output-format=json", "--fields=+neKZS", "--sort=no", `--language-force=${language}`, ...extra, "-f", "-"];
}

export function ctagsTags(files: string[], language: string, extra: string[] = [], ctags = "ctags"): Promise<Map<string, CtagsTag[]>> {
  const args = [...ctagsArgs(language, extra), "-L", "-"];
  return new Promise((resolve, reject) => {
    const child = spawn(ctags, args, { stdio: ["pipe", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`${ctags} exited ${code}: ${stderr.trim().split("\n")[0]}`));
      const out = new Map<string, CtagsTag[]>(files.map((f) => [f, []]));
      for (const t of parseCtagsJson(Buffer.concat(chunks).toString("utf8"))) out.get(t.path)?.push(t);
      resolve(out);
    });
    child.stdin.end(files.join("\n") + "\n");
  });
}

/** The tags of ctags' `--output-format=json` output (one JSON object a line). */
export function parseCtagsJson(output: string): CtagsTag[] {
  const out: CtagsTag[] = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    const t = JSON.parse(line);
    if (t._type !== "tag") continue;
    out.push({ name: t.name, path: t.path, line: t.line, kind: t.kind, end: t.end, scope: t.scope, scopeKind: t.scopeKind, signature: t.signature, typeref: t.typeref });
  }
  return out;
}
