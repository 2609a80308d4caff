// A stand-in for the `gh` CLI in the Action's tests: `gh api` sent to the fake GitHub API
// (test/helpers/fake-github.ts) at $FAKE_GH_SERVER, every call recorded in $FAKE_GH_DIR/calls.jsonl.
// What the real gh does that the Action relies on is done the same way here:
//   the host is GH_HOST (default github.com): github.com takes GH_TOKEN and its API at the root;
//   any other host is GitHub Enterprise Server, which takes GH_ENTERPRISE_TOKEN (GH_TOKEN is not
//   used for it) and its API under /api/v3 (GraphQL at /api/graphql);
//   --paginate follows the Link header's next page, --jq filters each page with a real jq (jq-wasm);
//   -F key=@file reads the value from the file, -f/-F key=value as given; fields make a POST;
//   an HTTP error is `gh: <message> (HTTP <status>)` on stderr and exit 1.
// Anything else is an error, so a call the Action should not make fails the test.
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as jq from "jq-wasm";

const args = process.argv.slice(2);
appendFileSync(join(process.env.FAKE_GH_DIR, "calls.jsonl"), JSON.stringify(args) + "\n");

function die(message, code = 1) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

if (args[0] !== "api") die(`fake gh: only \`gh api\` is faked, not: ${args[0]}`);
let method;
let endpoint;
let filter;
let paginate = false;
let silent = false;
const fields = {};
for (let i = 1; i < args.length; i++) {
  const a = args[i];
  if (a === "--method" || a === "-X") method = args[++i];
  else if (a === "--jq" || a === "-q") filter = args[++i];
  else if (a === "--paginate") paginate = true;
  else if (a === "--silent") silent = true;
  else if (a === "-F" || a === "--field" || a === "-f" || a === "--raw-field") {
    const kv = args[++i];
    const eq = kv.indexOf("=");
    const value = kv.slice(eq + 1);
    fields[kv.slice(0, eq)] = (a === "-F" || a === "--field") && value.startsWith("@") ? readFileSync(value.slice(1), "utf8") : value;
  } else if (a.startsWith("-")) die(`fake gh: unexpected flag ${a}`);
  else if (endpoint === undefined) endpoint = a;
  else die(`fake gh: unexpected argument ${a}`);
}
method ??= Object.keys(fields).length ? "POST" : "GET";

const host = process.env.GH_HOST || "github.com";
const enterprise = host !== "github.com";
const token = enterprise ? process.env.GH_ENTERPRISE_TOKEN || process.env.GITHUB_ENTERPRISE_TOKEN : process.env.GH_TOKEN || process.env.GITHUB_TOKEN;
if (!token) die(`gh: To use GitHub CLI in automation, set the ${enterprise ? "GH_ENTERPRISE_TOKEN" : "GH_TOKEN"} environment variable.`, 4);
const server = process.env.FAKE_GH_SERVER;
let url = endpoint === "graphql" ? `${server}${enterprise ? "/api" : ""}/graphql` : `${server}${enterprise ? "/api/v3" : ""}/${endpoint.replace(/^\//, "")}`;

const out = [];
while (url) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `token ${token}`, "x-fake-gh-host": host, "content-type": "application/json" },
    body: method === "GET" ? undefined : JSON.stringify(fields),
  });
  const text = await res.text();
  if (res.status >= 400) die(`gh: ${JSON.parse(text).message} (HTTP ${res.status})`);
  if (endpoint === "graphql" && JSON.parse(text).errors) die(`gh: ${JSON.parse(text).errors[0].message}`);
  if (!silent) out.push(filter === undefined ? text : await jq.raw(text, filter, ["-r"]));
  const next = paginate ? /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "") : null;
  url = next ? next[1] : undefined;
}
for (const text of out) if (text) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
