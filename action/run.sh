#!/bin/sh
# The step of the ast-outline GitHub Action (action.yml). Everything it reads comes from the
# environment, set by action.yml from the inputs and the event:
#   INPUT_BASE INPUT_HEAD INPUT_VERSION INPUT_COMMENT INPUT_ANNOTATIONS INPUT_SARIF INPUT_FAIL_ON
#   INPUT_IMPACT EVENT_BASE_SHA EVENT_HEAD_SHA EVENT_PR_NUMBER EVENT_BEFORE EVENT_DEFAULT_BRANCH
#   ACTION_REPOSITORY GH_TOKEN (the github-token input; when empty, the job's GITHUB_TOKEN if set)
# and the runner's GITHUB_REPOSITORY, GITHUB_SHA, GITHUB_SERVER_URL, GITHUB_API_URL,
# GITHUB_GRAPHQL_URL, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_ACTION_PATH, GITHUB_WORKSPACE,
# RUNNER_TEMP. AST_OUTLINE_DOWNLOAD_URL (a mirror) is passed on to install.sh.
#
# It installs the pinned binary (install.sh: checksum verified), fetches the commits it needs
# into a shallow clone, runs `changed --merge-base`, appends the Markdown to the job summary,
# prints the annotations, writes SARIF, and creates or updates the one pull request comment that
# starts with the sticky marker and was written by this token's account (gh api, else curl).
#
# Values from a pull request (revisions, file names, symbol names, committed links) are only
# ever passed as quoted arguments or files: nothing here is eval'd or interpolated into a
# command line, no file is written through a link, and what the tools print is relayed between
# ::stop-commands:: markers, so it cannot become a workflow command. Our own messages are one
# line each.
set -eu
umask 077

MARKER='<!-- ast-outline:changed -->'
action_dir=$(cd "$(dirname "$0")/.." && pwd)

# A value shown in our messages: printable ASCII only, cut to 80 characters.
shown() { printf '%s' "$1" | tr -c 'A-Za-z0-9._/@+=-' '?' | cut -c 1-80; }
# Workflow-command data escaping (% CR LF), for our own one-line messages.
escape() { printf '%s' "$1" | sed -e 's/%/%25/g' | tr -d '\r\n'; }
error() { printf '::error title=ast-outline::%s\n' "$(escape "$1")"; }
warning() { printf '::warning title=ast-outline::%s\n' "$(escape "$1")"; }
fail() {
  error "$1"
  exit "${2:-1}"
}

# Print a file the tools wrote (their stderr) with workflow commands switched off around it.
relay() {
  [ -s "$1" ] || return 0
  stop=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  printf '::stop-commands::%s\n' "$stop"
  cat "$1"
  printf '\n::%s::\n' "$stop"
}

token="${GH_TOKEN:-${GITHUB_TOKEN:-}}"
comment="${INPUT_COMMENT:-sticky}"
annotations="${INPUT_ANNOTATIONS:-true}"
fail_on="${INPUT_FAIL_ON:-none}"
impact="${INPUT_IMPACT:-false}"
case "$comment" in sticky | off) ;; *) fail "input comment must be sticky or off, not $(shown "$comment")" 2 ;; esac
case "$annotations" in true | false) ;; *) fail "input annotations must be true or false, not $(shown "$annotations")" 2 ;; esac
case "$impact" in true | false) ;; *) fail "input impact must be true or false, not $(shown "$impact")" 2 ;; esac
case "$fail_on" in none | removed | signature-change | value-change | doc-change | any) ;; *) fail "input fail-on must be none, removed, signature-change, value-change, doc-change or any, not $(shown "$fail_on")" 2 ;; esac

work=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/ast-outline.XXXXXX")

# --- Files this step writes for the user (SARIF): created fresh, never through a link ---------
# The path must lie inside the workspace or RUNNER_TEMP; no component of it may be a symbolic
# link (a pull request can commit `out -> /home/runner` or `changed.sarif -> ~/.bashrc`); missing
# folders are made one at a time; the content goes to a mktemp file next to the target that is
# then renamed over it (rename replaces a link, never writes through it).
safe_target() {
  p="$1"
  case "$p" in /*) ;; *) p="${GITHUB_WORKSPACE:-$(pwd)}/$p" ;; esac
  case "/$p/" in */../* | */./*) fail "input sarif must not contain . or .. components: $(shown "$1")" 2 ;; esac
  root=""
  for r in "${GITHUB_WORKSPACE:-}" "${RUNNER_TEMP:-}"; do
    r="${r%/}"
    [ -n "$r" ] || continue
    case "$p" in "$r"/?*) root="$r"; break ;; esac
  done
  [ -n "$root" ] || fail "input sarif must be a path inside the workspace or RUNNER_TEMP: $(shown "$1")" 2
  rest="${p#"$root"/}"
  dir="$root"
  while :; do
    case "$rest" in */*) part="${rest%%/*}"; rest="${rest#*/}" ;; *) break ;; esac
    [ -n "$part" ] || continue
    dir="$dir/$part"
    if [ -L "$dir" ]; then fail "input sarif: $(shown "${dir#"$root"/}") is a symbolic link (not written through)" 2; fi
    if [ ! -e "$dir" ]; then mkdir "$dir" || fail "input sarif: cannot create the folder $(shown "${dir#"$root"/}")" 2; fi
    [ -d "$dir" ] || fail "input sarif: $(shown "${dir#"$root"/}") is not a folder" 2
  done
  [ -n "$rest" ] || fail "input sarif must name a file: $(shown "$1")" 2
  target="$dir/$rest"
  if [ -d "$target" ] && [ ! -L "$target" ]; then fail "input sarif: $(shown "${target#"$root"/}") is a folder" 2; fi
}
# Move a finished file onto the checked target: a link there is removed first (mv onto a link to
# a folder would move into that folder).
place() {
  if [ -L "$2" ]; then rm -f -- "$2"; fi
  mv -f -- "$1" "$2"
}

# --- The revisions -------------------------------------------------------------------------------
# The inputs, else the pull request's commits, else the push's; a push that creates a branch
# (before = 000…) is compared with the default branch (from the merge base, as a pull request).
zero() { case "$1" in *[!0]* | '') return 1 ;; *) return 0 ;; esac; }
base="${INPUT_BASE:-${EVENT_BASE_SHA:-}}"
head="${INPUT_HEAD:-${EVENT_HEAD_SHA:-${GITHUB_SHA:-HEAD}}}"
default_branch=""
if [ -z "$base" ] && [ -n "${EVENT_BEFORE:-}" ]; then
  if zero "$EVENT_BEFORE"; then
    default_branch="${EVENT_DEFAULT_BRANCH:-}"
    # Not in the event (a workflow that passes no context): the clone's origin/HEAD, when set.
    if [ -z "$default_branch" ]; then
      default_branch=$(git symbolic-ref -q --short refs/remotes/origin/HEAD 2>/dev/null || true)
      default_branch="${default_branch#origin/}"
    fi
    case "$default_branch" in
      '' | -* | *..* | *[!A-Za-z0-9._/-]*) fail "a push that creates a branch, and neither the event nor origin/HEAD names a usable default branch (set the input base)" 2 ;;
    esac
    base="refs/remotes/origin/$default_branch"
  else
    base="$EVENT_BEFORE"
  fi
fi
[ -n "$base" ] || fail "no base revision: this event names none (set the input base)" 2

# A commit id as git stores it (40 or 64 hex digits): only these are fetched by id.
is_sha() { printf '%s' "$1" | grep -Eqx '[0-9a-f]{40}|[0-9a-f]{64}'; }
# A revision that cannot be read as an option (`changed` itself refuses the others, with a message).
plain() { case "$1" in '' | -*) return 1 ;; *) return 0 ;; esac; }
have() { plain "$1" && git cat-file -e "$1^{commit}" 2>/dev/null; }
# Bring what `changed --merge-base` needs into the clone: the default branch for a new branch's
# push; in a shallow clone (actions/checkout's default depth 1) the base and head commits, then
# deeper history until they meet. Nothing here is required to succeed: `changed` names what is
# still missing.
prepare_history() {
  plain "$base" && plain "$head" || return 0
  if [ -n "$default_branch" ]; then
    git fetch -q --no-tags origin "+refs/heads/$default_branch:refs/remotes/origin/$default_branch" >"$work/fetch.out" 2>&1 || true
  fi
  [ "$(git rev-parse --is-shallow-repository 2>/dev/null || echo false)" = true ] || return 0
  for rev in "$base" "$head"; do
    if ! have "$rev" && is_sha "$rev"; then git fetch -q --no-tags --depth=1 origin "$rev" >"$work/fetch.out" 2>&1 || true; fi
  done
  have "$base" && have "$head" || return 0
  for depth in 20 100 500 2500; do
    git merge-base "$base" "$head" >/dev/null 2>&1 && return 0
    [ "$(git rev-parse --is-shallow-repository)" = true ] || return 0
    b=$(git rev-parse -q --verify "$base^{commit}")
    h=$(git rev-parse -q --verify "$head^{commit}")
    git fetch -q --no-tags --deepen="$depth" origin "$b" "$h" >"$work/fetch.out" 2>&1 || break
  done
  git merge-base "$base" "$head" >/dev/null 2>&1 || git fetch -q --no-tags --unshallow origin >"$work/fetch.out" 2>&1 || true
}
prepare_history

# --- Where GitHub is (github.com, or GitHub Enterprise Server) --------------------------------
server="${GITHUB_SERVER_URL:-https://github.com}"
server="${server%/}"
gh_host=$(printf '%s' "$server" | sed -e 's,^[a-z]*://,,' -e 's,/.*$,,')
case "$gh_host" in github.com) default_api="https://api.github.com" ;; *) default_api="$server/api/v3" ;; esac
api_url="${GITHUB_API_URL:-$default_api}"
api_url="${api_url%/}"
case "$api_url" in */api/v3) default_graphql="${api_url%/v3}/graphql" ;; *) default_graphql="$api_url/graphql" ;; esac
graphql_url="${GITHUB_GRAPHQL_URL:-$default_graphql}"

# --- The binary ----------------------------------------------------------------------------------
version=$(. "$action_dir/action/version.sh")

# Where the releases are: a mirror, else the repository this action comes from.
if [ -z "${AST_OUTLINE_DOWNLOAD_URL:-}" ] && [ -z "${AST_OUTLINE_REPO:-}" ]; then
  repo="${ACTION_REPOSITORY:-}"
  if [ -z "$repo" ]; then
    # github.action_repository is not promised inside composite actions; the runner keeps an
    # action used as owner/name@ref under .../_actions/<owner>/<name>/<ref>.
    case "$action_dir" in
      */_actions/*/*/*) repo=$(printf '%s' "${action_dir#*/_actions/}" | cut -d / -f 1,2) ;;
      "${GITHUB_WORKSPACE:-/nonexistent}" | "${GITHUB_WORKSPACE:-/nonexistent}"/*) repo="${GITHUB_REPOSITORY:-}" ;;
    esac
  fi
  [ -n "$repo" ] || fail "cannot tell which repository to download releases from (set AST_OUTLINE_REPO=owner/name in the step's env)" 2
  AST_OUTLINE_REPO="$repo"
  export AST_OUTLINE_REPO
fi

# The folder action.yml restores from actions/cache (same name, same version), else fresh.
bin_dir="${RUNNER_TEMP:-$work}/ast-outline-bin-$(shown "$version")"
bin="$bin_dir/ast-outline"
[ ! -e "$bin_dir/ast-outline.exe" ] || bin="$bin_dir/ast-outline.exe"
# A pinned version installed by an earlier step of this job (or restored) is used again.
if [ "$version" = latest ] || ! "$bin" --version 2>/dev/null | grep -q "^ast-outline/${version#v} "; then
  if ! sh "$action_dir/install.sh" --version "$version" --dir "$bin_dir" >"$work/install.out" 2>"$work/install.err"; then
    relay "$work/install.err"
    fail "could not install ast-outline $(shown "$version") (see the line above)"
  fi
  [ ! -e "$bin_dir/ast-outline.exe" ] || bin="$bin_dir/ast-outline.exe"
fi

# --- The outputs ---------------------------------------------------------------------------------
# One run per output; each is the same question, so each gets the same answer.
impact_flag=""
[ "$impact" = false ] || impact_flag="--impact"
changed() { "$bin" changed --base "$base" --head "$head" --merge-base ${impact_flag:+"$impact_flag"} "$@"; }

# For links to the pull request's files (read by the CLI where it supports them): the
# repository's web address and the two commits compared.
if plain "$base" && plain "$head" && printf '%s' "${GITHUB_REPOSITORY:-}" | grep -Eq '^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$'; then
  AST_OUTLINE_REPO_URL="$server/$GITHUB_REPOSITORY"
  AST_OUTLINE_HEAD_SHA=$(git rev-parse -q --verify "$head^{commit}" 2>/dev/null || true)
  AST_OUTLINE_BASE_SHA=$(git merge-base "$base" "$head" 2>/dev/null || true)
  export AST_OUTLINE_REPO_URL AST_OUTLINE_HEAD_SHA AST_OUTLINE_BASE_SHA
fi

status=0
changed --format markdown --fail-on "$fail_on" >"$work/comment.md" 2>"$work/changed.err" || status=$?
relay "$work/changed.err"
if [ "$status" -gt 1 ]; then
  if [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ]; then
    relay "$work/fetch.out" 2>/dev/null || true
    fail "ast-outline changed failed with exit $status: the clone is shallow and fetching the base from origin did not bring it (check out with fetch-depth: 0, or let the job fetch from origin)" "$status"
  fi
  fail "ast-outline changed failed with exit $status (see the line above)" "$status"
fi
failed_on=false
[ "$status" -eq 0 ] || failed_on=true

if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat "$work/comment.md" >>"$GITHUB_STEP_SUMMARY"
fi

if [ "$annotations" = true ]; then
  s=0
  GITHUB_STEP_SUMMARY=/dev/null changed --format github >"$work/annotations" 2>"$work/annotations.err" || s=$?
  relay "$work/annotations.err"
  [ "$s" -eq 0 ] || fail "ast-outline changed --format github failed with exit $s" "$s"
  # The binary escapes every property and message; only its notices and their count line pass.
  grep -E '^(::notice file=[^[:cntrl:]]*|[0-9]+ more signature changes are listed in the job summary\.)$' "$work/annotations" || true
fi

if [ -n "${INPUT_SARIF:-}" ]; then
  safe_target "$INPUT_SARIF"
  sarif_tmp=$(mktemp "$dir/.ast-outline-sarif.XXXXXX")
  s=0
  changed --format sarif >"$sarif_tmp" 2>"$work/sarif.err" || s=$?
  relay "$work/sarif.err"
  if [ "$s" -ne 0 ]; then
    rm -f -- "$sarif_tmp"
    fail "ast-outline changed --format sarif failed with exit $s" "$s"
  fi
  umask 022
  chmod 644 "$sarif_tmp"
  place "$sarif_tmp" "$target"
  umask 077
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  cp "$work/comment.md" "$work/comment-out.md"
  chmod 644 "$work/comment-out.md"
  # The tests the change can reach, as the runner's command lines (empty: none); the whole
  # suite's command when the change touches what the selection cannot see through. A failure
  # here is reported and leaves the file empty: the review above stands.
  s=0
  "$bin" tests --base "$base" --head "$head" --merge-base --format command >"$work/tests-out.txt" 2>"$work/tests.err" || s=$?
  relay "$work/tests.err"
  whole_suite=false
  if [ "$s" -gt 1 ]; then
    : >"$work/tests-out.txt"
    printf '%s\n' "ast-outline tests failed with exit $s; tests-file is empty" >&2
  elif grep -q 'the whole suite' "$work/tests.err"; then
    whole_suite=true
  fi
  chmod 644 "$work/tests-out.txt"
  {
    printf 'comment-file=%s\n' "$work/comment-out.md"
    printf 'failed-on=%s\n' "$failed_on"
    printf 'tests-file=%s\n' "$work/tests-out.txt"
    printf 'tests-whole-suite=%s\n' "$whole_suite"
  } >>"$GITHUB_OUTPUT"
fi

# --- The GitHub API: gh if it is on PATH, else curl (with jq, else node, for the JSON) ----------
backend=""
json=""
if command -v gh >/dev/null 2>&1; then
  backend=gh
elif command -v curl >/dev/null 2>&1; then
  if command -v jq >/dev/null 2>&1; then json=jq; elif command -v node >/dev/null 2>&1; then json=node; fi
  [ -z "$json" ] || backend=curl
fi

# JSON on stdin, one of the few questions asked of it, lines on stdout.
#   marked:  "<id> <login>" per comment whose body starts with the marker
#   login:   the login of a /user or a GraphQL viewer answer
#   count:   how many items an array holds
#   body:    the text on stdin as {"body": text}
json_q() {
  json_q_ "$@" 2>>"$work/gh.err"
}
json_q_() {
  if [ "$json" = jq ]; then
    case "$1" in
      marked) jq -r --arg m "$MARKER" '.[] | select((.body // "") | startswith($m)) | "\(.id) \(.user.login // "")"' ;;
      login) jq -r '.data.viewer.login // .login // empty' ;;
      count) jq -r 'length' ;;
      body) jq -Rs '{body: .}' ;;
    esac
  else
    node -e '
      let s = ""; process.stdin.setEncoding("utf8");
      process.stdin.on("data", (d) => (s += d)).on("end", () => {
        const [q, m] = process.argv.slice(1);
        if (q === "body") return process.stdout.write(JSON.stringify({ body: s }));
        let v;
        try { v = JSON.parse(s); } catch { process.exit(1); }
        if (q === "count") return console.log(v.length);
        if (q === "login") { const l = (v.data && v.data.viewer && v.data.viewer.login) || v.login; if (l) console.log(l); return; }
        for (const c of v) if (String(c.body || "").startsWith(m)) console.log(`${c.id} ${(c.user && c.user.login) || ""}`);
      });' "$1" "$MARKER"
  fi
}

# curl METHOD URL [BODY_FILE]: the answer on stdout; an HTTP error is a message on stderr, exit 1.
# The token goes in a header file (never on the command line, where `ps` shows it).
curl_api() {
  [ -s "$work/auth" ] || printf 'Authorization: Bearer %s\n' "$token" >"$work/auth"
  set -- -sS -X "$1" -o "$work/http.body" -w '%{http_code}' -H "@$work/auth" \
    -H 'Accept: application/vnd.github+json' -H 'X-GitHub-Api-Version: 2022-11-28' "$2" ${3:+--data-binary} ${3:+"@$3"}
  code=$(curl "$@") || { echo "curl failed"; return 1; } >&2
  case "$code" in 2??) cat "$work/http.body" ;; *) printf 'HTTP %s: ' "$code" >&2; head -c 300 "$work/http.body" >&2; return 1 ;; esac
}
gh_api() { GH_HOST="$gh_host" GH_TOKEN="$token" GH_ENTERPRISE_TOKEN="$token" gh api "$@"; }

# The account this token acts as: GraphQL's viewer answers for a user's token and for an app's
# installation token (GITHUB_TOKEN is github-actions[bot]); GET /user only for the former.
whoami() {
  if [ "$backend" = gh ]; then
    gh_api graphql -f 'query={viewer{login}}' --jq '.data.viewer.login' 2>>"$work/gh.err" ||
      gh_api user --jq .login 2>>"$work/gh.err"
  else
    printf '%s' '{"query":"{viewer{login}}"}' >"$work/viewer.json"
    l=""
    if curl_api POST "$graphql_url" "$work/viewer.json" >"$work/viewer.out" 2>>"$work/gh.err"; then l=$(json_q login <"$work/viewer.out"); fi
    if [ -z "$l" ] && curl_api GET "$api_url/user" >"$work/user.out" 2>>"$work/gh.err"; then l=$(json_q login <"$work/user.out"); fi
    printf '%s\n' "$l"
  fi
}

# "<id> <login>" of every comment on the pull request that starts with the marker, oldest first.
marked_comments() {
  if [ "$backend" = gh ]; then
    gh_api --paginate "repos/$1/issues/$2/comments?per_page=100" \
      --jq ".[] | select((.body // \"\") | startswith(\"$MARKER\")) | \"\\(.id) \\(.user.login // \"\")\""
  else
    page=1
    while [ "$page" -le 100 ]; do
      curl_api GET "$api_url/repos/$1/issues/$2/comments?per_page=100&page=$page" >"$work/page.json" || return 1
      json_q marked <"$work/page.json"
      [ "$(json_q count <"$work/page.json")" -ge 100 ] || return 0
      page=$((page + 1))
    done
  fi
}

write_comment() { # METHOD PATH
  if [ "$backend" = gh ]; then
    gh_api --method "$1" "$2" -F "body=@$work/comment.md" --silent
  else
    json_q body <"$work/comment.md" >"$work/comment.json"
    curl_api "$1" "$api_url/$2" "$work/comment.json" >/dev/null
  fi
}

# The sticky comment: update the first comment on the pull request that starts with the marker
# and was written by this token's own account; else create one. A comment by anyone else is
# never edited, whatever it says. When the account cannot be told, a new comment is made rather
# than risk editing a stranger's. A comment that cannot be written is a warning, not a failed
# check (a pull request from a fork gets a read-only token).
post_comment() {
  pr="${EVENT_PR_NUMBER:-}"
  case "$pr" in '' | *[!0-9]*) echo "ast-outline: not a pull request, no comment"; return 0 ;; esac
  repo_path="${GITHUB_REPOSITORY:-}"
  printf '%s' "$repo_path" | grep -Eq '^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$' || { warning "GITHUB_REPOSITORY is not owner/name: no comment"; return 0; }
  if [ -z "$token" ]; then
    warning "no comment: no token (the input github-token is empty and GITHUB_TOKEN is not set); the job summary has the report"
    return 0
  fi
  : >"$work/gh.err"
  if ! marked_comments "$repo_path" "$pr" >"$work/ids" 2>>"$work/gh.err"; then
    relay "$work/gh.err"
    warning "could not list the pull request's comments on $(shown "$api_url"): no comment written"
    return 0
  fi
  me=$(whoami | head -n 1) || me=""
  if [ -z "$me" ] && [ -s "$work/ids" ]; then
    warning "could not tell which account the token is (GraphQL viewer and GET /user both failed): a new comment instead of updating one"
  fi
  if [ -n "$me" ]; then
    while read -r id login; do
      case "$id" in '' | *[!0-9]*) continue ;; esac
      [ "$login" = "$me" ] || continue
      if write_comment PATCH "repos/$repo_path/issues/comments/$id" 2>>"$work/gh.err"; then
        echo "ast-outline: updated comment $id"
        return 0
      fi
      relay "$work/gh.err"
      warning "could not update comment $id (a read-only token, as for a pull request from a fork?): see docs/changed-github-action.md for a fork recipe"
      return 0
    done <"$work/ids"
  fi
  if write_comment POST "repos/$repo_path/issues/$pr/comments" 2>>"$work/gh.err"; then
    echo "ast-outline: created a comment"
  else
    relay "$work/gh.err"
    warning "could not write the pull request comment (a read-only token, as for a pull request from a fork?): the summary has it; see docs/changed-github-action.md for a fork recipe"
  fi
}
if [ "$comment" = sticky ]; then
  if [ -z "$backend" ]; then
    warning "no comment: neither gh nor curl (with jq or node) is on PATH; the job summary has the report (install one, or set comment: off)"
  else
    post_comment
  fi
fi

if [ "$failed_on" = true ]; then
  fail "fail-on $fail_on: the change holds such a symbol change (see the summary)"
fi
