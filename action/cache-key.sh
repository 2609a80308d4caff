#!/bin/sh
# The first step of the ast-outline GitHub Action (action.yml): where run.sh keeps the binary
# and the actions/cache key for it, as step outputs. A pinned version is cached between jobs
# (the key names the version, the runner's OS and architecture); `latest` is not (it moves).
set -eu
action_dir=$(cd "$(dirname "$0")/.." && pwd)
version=$(. "$action_dir/action/version.sh")
safe=$(printf '%s' "$version" | tr -c 'A-Za-z0-9._/@+=-' '?' | cut -c 1-80)
key=""
[ "$version" = latest ] || key="ast-outline-bin-${RUNNER_OS:-os}-${RUNNER_ARCH:-arch}-$safe"
{
  printf 'dir=%s\n' "${RUNNER_TEMP:-/tmp}/ast-outline-bin-$safe"
  printf 'cache-key=%s\n' "$key"
} >>"${GITHUB_OUTPUT:-/dev/null}"
