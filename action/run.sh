#!/bin/sh
# The step of the ast-outline GitHub Action (action.yml). Everything it reads comes from the
# environment, set by action.yml from the inputs and the event:
#   INPUT_BASE INPUT_HEAD INPUT_VERSION INPUT_COMMENT INPUT_ANNOTATIONS INPUT_SARIF INPUT_FAIL_ON
#   EVENT_BASE_SHA EVENT_HEAD_SHA EVENT_PR_NUMBER EVENT_BEFORE ACTION_REPOSITORY GH_TOKEN
# and the runner's GITHUB_REPOSITORY, GITHUB_SHA, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT,
# GITHUB_ACTION_PATH, GITHUB_WORKSPACE, RUNNER_TEMP. AST_OUTLINE_DOWNLOAD_URL (a mirror) is
# passed on to install.sh.
#
# It installs the pinned binary (install.sh: checksum verified), runs `changed --merge-base`,
# appends the Markdown to the job summary, prints the annotations, writes SARIF, and creates
# or updates the one pull request comment that starts with the sticky marker (gh api).
#
# Values from a pull request (revisions, file names, symbol names) are only ever passed as
# quoted arguments or files: nothing here is eval'd or interpolated into a command line, and
# what the tools print is relayed between ::stop-commands:: markers, so it cannot become a
# workflow command. Our own messages are one line each.
set -eu

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
  token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  printf '::stop-commands::%s\n' "$token"
  cat "$1"
  printf '\n::%s::\n' "$token"
}

comment="${INPUT_COMMENT:-sticky}"
annotations="${INPUT_ANNOTATIONS:-true}"
fail_on="${INPUT_FAIL_ON:-none}"
case "$comment" in sticky | off) ;; *) fail "input comment must be sticky or off, not $(shown "$comment")" 2 ;; esac
case "$annotations" in true | false) ;; *) fail "input annotations must be true or false, not $(shown "$annotations")" 2 ;; esac
case "$fail_on" in none | removed | signature-change | any) ;; *) fail "input fail-on must be none, removed, signature-change or any, not $(shown "$fail_on")" 2 ;; esac

# The revisions: the inputs, else the pull request's commits, else the push's.
zero() { case "$1" in *[!0]* | '') return 1 ;; *) return 0 ;; esac; }
base="${INPUT_BASE:-${EVENT_BASE_SHA:-}}"
if [ -z "$base" ] && [ -n "${EVENT_BEFORE:-}" ] && ! zero "$EVENT_BEFORE"; then base="$EVENT_BEFORE"; fi
[ -n "$base" ] || fail "no base revision: this event names none (set the input base)" 2
head="${INPUT_HEAD:-${EVENT_HEAD_SHA:-${GITHUB_SHA:-HEAD}}}"

# The version: the input, else this action's own (its package.json), else the latest release.
version="${INPUT_VERSION:-}"
if [ -z "$version" ] && [ -f "$action_dir/package.json" ]; then
  version=$(sed -n 's/^  "version": "\([0-9][0-9A-Za-z.+-]*\)",$/\1/p' "$action_dir/package.json" | head -n 1)
fi
version="${version:-latest}"

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

work=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/ast-outline.XXXXXX")
bin_dir="${RUNNER_TEMP:-$work}/ast-outline-bin-$(shown "$version")"
bin="$bin_dir/ast-outline"
[ ! -e "$bin_dir/ast-outline.exe" ] || bin="$bin_dir/ast-outline.exe"
# A pinned version installed by an earlier step of this job is used again.
if [ "$version" = latest ] || ! "$bin" --version 2>/dev/null | grep -q "^ast-outline/${version#v} "; then
  if ! sh "$action_dir/install.sh" --version "$version" --dir "$bin_dir" >"$work/install.out" 2>"$work/install.err"; then
    relay "$work/install.err"
    fail "could not install ast-outline $(shown "$version") (see the line above)"
  fi
  [ ! -e "$bin_dir/ast-outline.exe" ] || bin="$bin_dir/ast-outline.exe"
fi

# One run per output; each is the same question, so each gets the same answer.
changed() { "$bin" changed --base "$base" --head "$head" --merge-base "$@"; }

status=0
changed --format markdown --fail-on "$fail_on" >"$work/comment.md" 2>"$work/changed.err" || status=$?
relay "$work/changed.err"
if [ "$status" -gt 1 ]; then
  # The usual cause on a pull request: a shallow clone without the base commit.
  if [ "$(git rev-parse --is-shallow-repository 2>/dev/null)" = true ]; then
    fail "ast-outline changed failed with exit $status: the clone is shallow (check out with fetch-depth: 0)" "$status"
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
  mkdir -p "$(dirname -- "$INPUT_SARIF")"
  s=0
  changed --format sarif >"$INPUT_SARIF" 2>"$work/sarif.err" || s=$?
  relay "$work/sarif.err"
  [ "$s" -eq 0 ] || fail "ast-outline changed --format sarif failed with exit $s" "$s"
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then
  cp "$work/comment.md" "$work/comment-out.md"
  {
    printf 'comment-file=%s\n' "$work/comment-out.md"
    printf 'failed-on=%s\n' "$failed_on"
  } >>"$GITHUB_OUTPUT"
fi

# The sticky comment: update the first comment that starts with the marker and that this token
# may edit (a comment someone else wrote with the marker is refused by GitHub and skipped);
# else create one. A comment that cannot be written is a warning, not a failed check (a pull
# request from a fork gets a read-only token).
post_comment() {
  pr="${EVENT_PR_NUMBER:-}"
  case "$pr" in '' | *[!0-9]*) echo "ast-outline: not a pull request, no comment"; return 0 ;; esac
  repo_path="${GITHUB_REPOSITORY:-}"
  printf '%s' "$repo_path" | grep -Eq '^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$' || { warning "GITHUB_REPOSITORY is not owner/name: no comment"; return 0; }
  if ! gh api --paginate "repos/$repo_path/issues/$pr/comments" \
    --jq ".[] | select((.body // \"\") | startswith(\"$MARKER\")) | .id" >"$work/ids" 2>"$work/gh.err"; then
    relay "$work/gh.err"
    warning "could not list the pull request's comments: no comment written"
    return 0
  fi
  tries=0
  while IFS= read -r id; do
    case "$id" in '' | *[!0-9]*) continue ;; esac
    tries=$((tries + 1))
    [ "$tries" -le 10 ] || break
    if gh api --method PATCH "repos/$repo_path/issues/comments/$id" -F "body=@$work/comment.md" --silent 2>"$work/gh.err"; then
      echo "ast-outline: updated comment $id"
      return 0
    fi
  done <"$work/ids"
  if gh api --method POST "repos/$repo_path/issues/$pr/comments" -F "body=@$work/comment.md" --silent 2>"$work/gh.err"; then
    echo "ast-outline: created a comment"
  else
    relay "$work/gh.err"
    warning "could not write the pull request comment (a read-only token, as for a pull request from a fork?)"
  fi
}
if [ "$comment" = sticky ]; then
  command -v gh >/dev/null 2>&1 || fail "the gh CLI is not on PATH (GitHub's runners have it; install it, or set comment: off)"
  post_comment
fi

if [ "$failed_on" = true ]; then
  fail "fail-on $fail_on: the change holds such a symbol change (see the summary)"
fi
