# Sourced by the Action's steps: prints the ast-outline version to run, the input INPUT_VERSION,
# else this action's own (its package.json), else the latest release.
version="${INPUT_VERSION:-}"
if [ -z "$version" ] && [ -f "$action_dir/package.json" ]; then
  version=$(sed -n 's/^  "version": "\([0-9][0-9A-Za-z.+-]*\)",$/\1/p' "$action_dir/package.json" | head -n 1)
fi
printf '%s\n' "${version:-latest}"
