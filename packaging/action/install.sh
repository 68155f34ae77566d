#!/usr/bin/env bash
# The action's first step (action.yml): puts the self-contained llvmown on
# the job's PATH. LLVMOWN_RELEASE is a URL or a path of the release tarball;
# empty, it is this action's own version, from the GitHub release
# v<version> of the repository the action was taken from.
set -euo pipefail

action="${GITHUB_ACTION_PATH:?not run by GitHub Actions: GITHUB_ACTION_PATH is not set}"
version="$(sed -n 's/^project(llvmown VERSION \([0-9][0-9.]*\).*/\1/p' "$action/CMakeLists.txt")"
name="llvmown-$version-linux-x86_64"
case "$(uname -s)/$(uname -m)" in
  Linux/x86_64) ;;
  *) echo "::error title=llvmown::llvmown's release runs on x86-64 Linux runners only, not on $(uname -s)/$(uname -m)"
     exit 1 ;;
esac

release="${LLVMOWN_RELEASE:-}"
if [ -z "$release" ]; then
  # The runner checks an action out at _actions/<owner>/<repo>/<ref>.
  repo="$(basename "$(dirname "$(dirname "$action")")")/$(basename "$(dirname "$action")")"
  release="${GITHUB_SERVER_URL:-https://github.com}/$repo/releases/download/v$version/$name.tar.xz"
fi

dir="${RUNNER_TEMP:?RUNNER_TEMP is not set}/llvmown"
rm -rf "$dir"
mkdir -p "$dir"
case "$release" in
  http://*|https://*)
    echo "Downloading $release"
    curl --fail --silent --show-error --location --retry 3 -o "$dir/release.tar.xz" "$release" || {
      echo "::error title=llvmown::cannot download $release (set the action's 'release' input to the tarball's URL or path)"
      exit 1
    }
    tarball="$dir/release.tar.xz" ;;
  *) tarball="$release" ;;
esac
[ -f "$tarball" ] || { echo "::error title=llvmown::no release tarball at $tarball"; exit 1; }
tar -C "$dir" -xJf "$tarball"
bin="$(echo "$dir"/llvmown-*/bin)"
[ -x "$bin/llvmown" ] || { echo "::error title=llvmown::$tarball holds no bin/llvmown"; exit 1; }
echo "$bin" >>"$GITHUB_PATH"
"$bin/llvmown" --version
