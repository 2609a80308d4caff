// A stand-in for GitHub's API in the Action's tests, on a loopback port (127.0.0.1 only): the
// REST routes the Action uses, at the root (as api.github.com) and under /api/v3 (as GitHub
// Enterprise Server), and GraphQL's viewer at /graphql and /api/graphql. What GitHub does that
// the Action relies on is done the same way here:
//   GET   /user                             the token's user; 403 for an installation token
//   POST  /graphql {viewer{login}}          the token's login, users and installations alike
//   GET   /repos/O/R/issues/N/comments      pages of per_page (max 100), a Link header to the next
//   POST  /repos/O/R/issues/N/comments      a new comment by the token's login (403 when read-only)
//   PATCH /repos/O/R/issues/comments/ID     only a comment that login wrote (else 403)
//   GET   /repos/O/R/pulls/N                { number, head: { sha } } from `pulls` (else 404)
// An unknown token is 401; anything else is 404, so a call the Action should not make shows.
export interface Comment {
  id: number;
  issue: number;
  body: string;
  user: { login: string; type: string };
}

export interface Token {
  login: string;
  /** An app's installation token (GITHUB_TOKEN): GET /user is refused. */
  installation?: boolean;
  /** A fork's pull request: every write is refused. */
  readonly?: boolean;
}

export interface Call {
  method: string;
  /** The path and query as asked. */
  path: string;
  /** The Host header's value. */
  host: string;
  /** The host the fake gh was told to talk to (GH_HOST), when it was gh that asked. */
  ghHost?: string;
}

export interface FakeGitHub {
  url: string;
  comments: Comment[];
  /** Pull requests by number: their head commit. */
  pulls: Record<number, { head: { sha: string } }>;
  tokens: Record<string, Token>;
  calls: Call[];
  stop: () => void;
}

export function fakeGitHub(tokens: Record<string, Token> = { "fake-token": { login: "github-actions[bot]", installation: true } }): FakeGitHub {
  const state: FakeGitHub = { url: "", comments: [], pulls: {}, tokens, calls: [], stop: () => {} };
  let next = 1000;
  const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      state.calls.push({ method: req.method, path: url.pathname + url.search, host: req.headers.get("host") ?? "", ghHost: req.headers.get("x-fake-gh-host") ?? undefined });
      const auth = /^(?:Bearer|token) (.+)$/.exec(req.headers.get("authorization") ?? "");
      const token = auth ? state.tokens[auth[1]] : undefined;
      if (!token) return reply(401, { message: "Bad credentials" });
      const path = url.pathname.replace(/^\/api\/v3(?=\/)/, "");
      if (/^(\/api)?\/graphql$/.test(url.pathname) && req.method === "POST") {
        const { query } = (await req.json()) as { query: string };
        if (query.replace(/\s/g, "") !== "{viewer{login}}") return reply(200, { errors: [{ message: "the fake knows only {viewer{login}}" }] });
        return reply(200, { data: { viewer: { login: token.login } } });
      }
      if (path === "/user" && req.method === "GET") {
        if (token.installation) return reply(403, { message: "Resource not accessible by integration" });
        return reply(200, { login: token.login });
      }
      const pull = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(path);
      if (pull && req.method === "GET") {
        const p = state.pulls[Number(pull[1])];
        return p ? reply(200, { number: Number(pull[1]), ...p }) : reply(404, { message: "Not Found" });
      }
      const list = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(path);
      const one = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path);
      if (list && req.method === "GET") {
        const perPage = Math.min(Number(url.searchParams.get("per_page") ?? 30), 100);
        const page = Number(url.searchParams.get("page") ?? 1);
        const all = state.comments.filter((c) => c.issue === Number(list[1]));
        const items = all.slice((page - 1) * perPage, page * perPage);
        const headers: Record<string, string> = {};
        if (page * perPage < all.length) {
          const nextUrl = new URL(req.url);
          nextUrl.searchParams.set("page", String(page + 1));
          headers.link = `<${nextUrl}>; rel="next"`;
        }
        return reply(200, items, headers);
      }
      if (list && req.method === "POST") {
        if (token.readonly) return reply(403, { message: "Resource not accessible by integration" });
        const { body } = (await req.json()) as { body?: unknown };
        if (typeof body !== "string") return reply(422, { message: "body is missing" });
        const c = { id: ++next, issue: Number(list[1]), body, user: { login: token.login, type: token.login.endsWith("[bot]") ? "Bot" : "User" } };
        state.comments.push(c);
        return reply(201, c);
      }
      if (one && req.method === "PATCH") {
        const c = state.comments.find((x) => x.id === Number(one[1]));
        if (!c) return reply(404, { message: "Not Found" });
        if (token.readonly || c.user.login !== token.login) return reply(403, { message: "Resource not accessible by integration" });
        const { body } = (await req.json()) as { body?: unknown };
        if (typeof body !== "string") return reply(422, { message: "body is missing" });
        c.body = body;
        return reply(200, c);
      }
      return reply(404, { message: `Not Found: ${req.method} ${url.pathname}` });
    },
  });
  state.url = `http://127.0.0.1:${server.port}`;
  state.stop = () => server.stop(true);
  return state;
}
