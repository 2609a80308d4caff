#!/bin/sh
# Install the ast-outline binary from a GitHub release, checksum verified, without root.
#
#   curl -fsSL https://github.com/OWNER/REPO/releases/latest/download/install.sh | sh
#   sh install.sh --version 0.2.0 --dir ./bin
#
# Options (or the environment):
#   --version V   AST_OUTLINE_VERSION        a release (0.2.0 or v0.2.0), or latest (default)
#   --dir D       AST_OUTLINE_INSTALL_DIR    where to put the binary (default ~/.local/bin)
#   --repo O/N    AST_OUTLINE_REPO           the GitHub repository the releases are in
#                 AST_OUTLINE_DOWNLOAD_URL   the releases root instead of https://github.com/O/N/releases
#                                            (a mirror, or file:///path laid out as download/vX/<file>
#                                            and latest/download/<file>)
# It downloads ast-outline-<os>-<arch>.gz and SHA256SUMS from the release, checks both
# checksums (compressed and not), checks that the binary runs here, then moves it into place
# in one rename: a failed install leaves the folder as it was. Any failure is one line on
# stderr, `ast-outline install: <what> (<hint>)`, and exit 1 (2 for a bad option).
set -eu

# Stamped by scripts/release-assets.ts --repo into the copy attached to a release.
DEFAULT_REPO=""

say() { printf '%s\n' "$*"; }
usage() {
  cat <<'EOF'
usage: install.sh [--version V|latest] [--dir FOLDER] [--repo OWNER/NAME]
Installs ast-outline (checksum verified) into FOLDER (default ~/.local/bin). Environment:
AST_OUTLINE_VERSION, AST_OUTLINE_INSTALL_DIR, AST_OUTLINE_REPO, AST_OUTLINE_DOWNLOAD_URL.
EOF
}
die() { printf 'ast-outline install: %s\n' "$*" >&2; exit 1; }
usage_error() { printf 'ast-outline install: %s\n' "$*" >&2; exit 2; }

version="${AST_OUTLINE_VERSION:-latest}"
dir="${AST_OUTLINE_INSTALL_DIR:-}"
repo="${AST_OUTLINE_REPO:-$DEFAULT_REPO}"
while [ $# -gt 0 ]; do
  case "$1" in
    --version) [ $# -ge 2 ] || usage_error "--version needs a value (e.g. 0.2.0 or latest)"; version="$2"; shift 2 ;;
    --version=*) version="${1#--version=}"; shift ;;
    --dir) [ $# -ge 2 ] || usage_error "--dir needs a folder"; dir="$2"; shift 2 ;;
    --dir=*) dir="${1#--dir=}"; shift ;;
    --repo) [ $# -ge 2 ] || usage_error "--repo needs OWNER/NAME"; repo="$2"; shift 2 ;;
    --repo=*) repo="${1#--repo=}"; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage_error "unknown option (use --version, --dir, --repo or --help)" ;;
  esac
done

# A version goes into a URL: only the shapes a release tag has.
case "$version" in
  latest) ;;
  *)
    printf '%s' "$version" | grep -Eq '^v?[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$' ||
      usage_error "--version takes a release such as 0.2.0, v0.2.0 or latest"
    version="${version#v}"
    ;;
esac

if [ -n "${AST_OUTLINE_DOWNLOAD_URL:-}" ]; then
  base="${AST_OUTLINE_DOWNLOAD_URL%/}"
else
  [ -n "$repo" ] || usage_error "no release repository set (pass --repo OWNER/NAME or set AST_OUTLINE_REPO)"
  printf '%s' "$repo" | grep -Eq '^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$' || usage_error "--repo takes OWNER/NAME"
  base="https://github.com/$repo/releases"
fi
if [ "$version" = latest ]; then
  release_url="$base/latest/download"
else
  release_url="$base/download/v$version"
fi

# The platform, as the release names it: linux-x64, linux-arm64-musl, darwin-arm64, windows-x64.
os=$(uname -s)
arch=$(uname -m)
case "$os" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  MINGW* | MSYS* | CYGWIN* | Windows_NT) os=windows ;;
  *) die "no release binary for this system: $os (build from source: npm ci && npm run build)" ;;
esac
case "$arch" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) die "no release binary for this processor: $arch (build from source: npm ci && npm run build)" ;;
esac
# An x64 shell under Rosetta on Apple silicon: the native binary is the better one.
if [ "$os" = darwin ] && [ "$arch" = x64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || echo 0)" = 1 ]; then
  arch=arm64
fi
target="$os-$arch"
is_musl() {
  for loader in /lib/ld-musl-*; do
    [ -e "$loader" ] && return 0
  done
  ldd --version 2>&1 | grep -qi musl
}
if [ "$os" = linux ] && is_musl; then
  target="$target-musl"
fi
exe=""
[ "$os" = windows ] && exe=".exe"
asset="ast-outline-$target$exe"

if [ -z "$dir" ]; then
  [ -n "${HOME:-}" ] || usage_error "HOME is not set (pass --dir)"
  dir="$HOME/.local/bin"
fi

if command -v curl >/dev/null 2>&1; then
  fetch() { curl -fsL --retry 2 -o "$2" "$1"; }
elif command -v wget >/dev/null 2>&1; then
  fetch() { wget -q -O "$2" "$1"; }
else
  die "neither curl nor wget is installed (install one of them)"
fi
if command -v sha256sum >/dev/null 2>&1; then
  sha256() { sha256sum "$1" | cut -d ' ' -f 1; }
elif command -v shasum >/dev/null 2>&1; then
  sha256() { shasum -a 256 "$1" | cut -d ' ' -f 1; }
else
  die "neither sha256sum nor shasum is installed (needed to verify the download)"
fi
command -v gzip >/dev/null 2>&1 || die "gzip is not installed (needed to unpack the download)"

tmp=$(mktemp -d 2>/dev/null || mktemp -d -t ast-outline) || die "cannot make a temporary folder"
staged=""
cleanup() {
  rm -rf "$tmp"
  if [ -n "$staged" ]; then rm -f "$staged"; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fetch "$release_url/SHA256SUMS" "$tmp/SHA256SUMS" ||
  die "cannot download $release_url/SHA256SUMS (is there a release $version? check --version and --repo)"
fetch "$release_url/$asset.gz" "$tmp/$asset.gz" ||
  die "cannot download $release_url/$asset.gz (no binary for $target in release $version?)"

# The checksum listed for a file: exactly one well-formed line, or nothing.
listed() {
  awk -v f="$1" '($2 == f || $2 == "*" f) && $1 ~ /^[0-9a-f]+$/ && length($1) == 64 { print $1; n++ } END { if (n != 1) exit 1 }' "$tmp/SHA256SUMS"
}
want=$(listed "$asset.gz") || die "SHA256SUMS has no single checksum for $asset.gz (a damaged or foreign release)"
got=$(sha256 "$tmp/$asset.gz")
[ "$got" = "$want" ] || die "checksum mismatch for $asset.gz: expected $want, got $got (download again; if it persists, do not use this release)"
gzip -dc "$tmp/$asset.gz" >"$tmp/$asset" || die "cannot unpack $asset.gz (a damaged download)"
if want=$(listed "$asset"); then
  got=$(sha256 "$tmp/$asset")
  [ "$got" = "$want" ] || die "checksum mismatch for $asset: expected $want, got $got (do not use this release)"
fi
chmod 755 "$tmp/$asset"
# `--version` prints `ast-outline/0.2.0 linux-x64 …`.
installed_version=$("$tmp/$asset" --version 2>/dev/null) || die "the downloaded binary does not run on this machine ($target)"
installed_version=${installed_version%% *}
installed_version=${installed_version#ast-outline/}

mkdir -p "$dir" 2>/dev/null || die "cannot create $dir (choose a folder you can write with --dir)"
[ -w "$dir" ] || die "cannot write to $dir (choose a folder you can write with --dir; no root needed)"
# Staged beside the target, then renamed over it: never a half-written binary in $dir. The
# staging file is made by mktemp (a new name no one could have prepared, created exclusively),
# so nothing is written through a link left in $dir; the rename replaces a link at the final
# name instead of writing through it. A folder there (or a link to one) would take the file
# inside it: refused.
final="$dir/ast-outline$exe"
if [ -d "$final" ]; then die "$final is a folder or a link to one (remove it, or choose another --dir)"; fi
staged=$(mktemp "$dir/.ast-outline.XXXXXXXXXX") || die "cannot write to $dir (choose a folder you can write with --dir)"
cat "$tmp/$asset" >"$staged" || die "cannot write to $dir (is the disk full?)"
chmod 755 "$staged"
mv -f "$staged" "$final" || die "cannot replace $final"
staged=""

say "ast-outline $installed_version installed to $final"
case ":${PATH:-}:" in
  *":$dir:"*) ;;
  *) say "note: $dir is not on PATH; add it, e.g. export PATH=\"$dir:\$PATH\"" ;;
esac
