// A stand-in for the `gh` CLI in the Action's tests: `gh api` against a pull request's issue
// comments kept in $FAKE_GH_DIR/comments.json, every call recorded in calls.jsonl. What the
// real gh and GitHub do that the Action relies on is done the same way here:
//   GET    repos/O/R/issues/N/comments     the comments, filtered by --jq with a real jq (jq-wasm)
//   POST   repos/O/R/issues/N/comments     a new comment by $FAKE_GH_LOGIN (github-actions[bot])
//   PATCH  repos/O/R/issues/comments/ID    only a comment that login wrote (else HTTP 403)
//   -F key=@file reads the value from the file; -F/-f key=value as given.
// $FAKE_GH_READONLY=1 refuses every write (a fork's read-only token). Anything else is an error,
// so a call the Action should not make fails the test.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as jq from "jq-wasm";

const dir = process.env.FAKE_GH_DIR;
const login = process.env.FAKE_GH_LOGIN ?? "github-actions[bot]";
const args = process.argv.slice(2);
appendFileSync(join(dir, "calls.jsonl"), JSON.stringify(args) + "\n");

function die(message, code = 1) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

if (args[0] !== "api") die(`fake gh: only \`gh api\` is faked, not: ${args[0]}`);
let method = "GET";
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
    const key = kv.slice(0, eq);
    const value = kv.slice(eq + 1);
    fields[key] = (a === "-F" || a === "--field") && value.startsWith("@") ? readFileSync(value.slice(1), "utf8") : value;
    if (method === "GET") method = "POST";
  } else if (a.startsWith("-")) die(`fake gh: unexpected flag ${a}`);
  else if (endpoint === undefined) endpoint = a;
  else die(`fake gh: unexpected argument ${a}`);
}

const file = join(dir, "comments.json");
const comments = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : [];
const save = () => writeFileSync(file, JSON.stringify(comments, null, 2));
const list = /^repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(endpoint ?? "");
const one = /^repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(endpoint ?? "");
const readonly = process.env.FAKE_GH_READONLY === "1";

async function output(value) {
  if (silent) return;
  const json = JSON.stringify(value);
  const text = filter === undefined ? json : await jq.raw(json, filter, ["-r"]);
  if (text) process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

if (list && method === "GET") {
  if (!paginate) die("fake gh: listing comments without --paginate would miss all but the first page");
  await output(comments.filter((c) => c.issue === Number(list[1])));
} else if (list && method === "POST") {
  if (readonly) die("gh: Resource not accessible by integration (HTTP 403)");
  if (typeof fields.body !== "string") die("fake gh: a comment needs a body");
  const c = { id: 1000 + comments.length + 1, issue: Number(list[1]), body: fields.body, user: { login, type: "Bot" } };
  comments.push(c);
  save();
  await output(c);
} else if (one && method === "PATCH") {
  const c = comments.find((x) => x.id === Number(one[1]));
  if (!c) die("gh: Not Found (HTTP 404)");
  if (readonly || c.user.login !== login) die("gh: Resource not accessible by integration (HTTP 403)");
  if (typeof fields.body !== "string") die("fake gh: an update needs a body");
  c.body = fields.body;
  save();
  await output(c);
} else die(`fake gh: no such call: ${method} ${endpoint}`);
