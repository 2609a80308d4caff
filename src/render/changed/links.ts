// Links from a PR comment to the files it names: `<repo>/blob/<commit>/<path>#L<a>-L<b>`, at the
// head commit for what the head has and the base commit for what only the base has (a removed
// symbol). The edge (src/cli) reads where the repository is and which commits were compared and
// hands them over as `SourceLinks`; the renderer reads no environment. Without them, no links.
//
// The repository address is checked here because it lands in the Markdown as a link target: an
// https URL with a host, no user, query or fragment, no control character, space or character
// that could end a Markdown link (`(`, `)`, `<`, `>`, `"`, `'`, `\`, `|`, backtick). Commits
// are full hex ids (40 or 64 digits), so a link names one version of the file.

export interface SourceLinks {
  /** `https://github.com/owner/name`, or a GitHub Enterprise Server address; no trailing slash. */
  repoUrl: string;
  headSha: string;
  baseSha: string;
}

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const UNSAFE_URL = /[\s\p{Cc}\p{Cf}()<>"'\\|`\[\]{}^]/u;

/** Valid links, or why not (a sentence naming the variable, for a note at the edge). */
export function sourceLinks(repoUrl: string, headSha: string, baseSha: string): SourceLinks | string {
  const url = repoUrl.replace(/\/+$/, "");
  if (UNSAFE_URL.test(url)) return "AST_OUTLINE_REPO_URL holds a space, a control character or a character a link cannot hold";
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "AST_OUTLINE_REPO_URL is not a URL";
  }
  if (parsed.protocol !== "https:") return "AST_OUTLINE_REPO_URL is not an https URL";
  if (!parsed.hostname || parsed.username || parsed.password || parsed.search || parsed.hash || url.includes("?") || url.includes("#")) {
    return "AST_OUTLINE_REPO_URL must be https://host/owner/name, with no user, query or fragment";
  }
  if (!SHA.test(headSha)) return "AST_OUTLINE_HEAD_SHA is not a full commit id (40 or 64 lower-case hex digits)";
  if (!SHA.test(baseSha)) return "AST_OUTLINE_BASE_SHA is not a full commit id (40 or 64 lower-case hex digits)";
  return { repoUrl: url, headSha, baseSha };
}

/**
 * A path as a URL path: each segment percent-encoded (`encodeURIComponent`, plus the characters
 * it leaves that could end a Markdown link: `(`, `)`, `'`, `!`, `*`), the slashes kept.
 */
export function urlPath(path: string): string {
  const wellFormed = path.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
  return wellFormed
    .split("/")
    .map((seg) => encodeURIComponent(seg).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join("/");
}

/** The file at one side, and its lines when given (`#L4` or `#L4-L9`, GitHub's line anchors). */
export function fileUrl(links: SourceLinks, side: "head" | "base", path: string, start?: number, end?: number): string {
  const sha = side === "head" ? links.headSha : links.baseSha;
  let url = `${links.repoUrl}/blob/${sha}/${urlPath(path)}`;
  if (start !== undefined) url += end !== undefined && end !== start ? `#L${start}-L${end}` : `#L${start}`;
  return url;
}
