#!/usr/bin/env bash
# Builds the self-contained release of llvmown and writes, into <out dir>:
#   llvmown-<version>-linux-x86_64.tar.xz
#       bin/llvmown          static: needs no LLVM, no C++ runtime and no C
#                            library at run time (any x86-64 Linux)
#       bin/llvmown-measure  needs the system's C library (glibc 2.17 or
#                            later): it loads the user's shared library
#       lib/clang/22/include Clang's builtin headers, found beside bin/
#       share/man/man1/, share/doc/llvmown/
#   llvmown-<version>-py3-none-<platform>.whl
#       the same files in a Python package, whose console scripts run them
#       (pip install llvmown-....whl puts llvmown on PATH)
#
# Usage: scripts/release.sh <out dir>
#
# Installs what is missing (scripts/bootstrap.sh --release 22), then builds
# in build-release (Release, LLVM 22). LLVMOWN_RELEASE_BUILD_DIR names
# another build folder of LLVM 22 to link the release from, keeping that
# folder's settings: scripts/test.sh links it from build-22, whose objects
# its tests have just checked. Runnable from any directory, again and again.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

die() {
  echo "release.sh: error: $*" >&2
  exit 1
}

[ $# -eq 1 ] || die "usage: scripts/release.sh <out dir>"
mkdir -p "$1" || die "cannot create '$1'"
OUT="$(cd "$1" && pwd)"
cd "$ROOT"

LLVM=22
bash scripts/bootstrap.sh --release "$LLVM" || die "installing the required packages failed"

VERSION="$(sed -n 's/^project(llvmown VERSION \([0-9][0-9.]*\).*/\1/p' CMakeLists.txt)"
[ -n "$VERSION" ] || die "no project version in CMakeLists.txt"
NAME="llvmown-$VERSION-linux-x86_64"
# The wheel runs on glibc 2.17 or later (llvmown-measure's need; llvmown
# needs none), as the manylinux2014 tag promises.
PLATFORM="manylinux_2_17_x86_64.manylinux2014_x86_64"

BUILD="${LLVMOWN_RELEASE_BUILD_DIR:-build-release}"
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_UNITY_BUILD=ON -DLLVMOWN_LLVM_VERSION="$LLVM" \
    -DLLVMOWN_BUILD_TESTS=OFF || die "configuring $BUILD failed"
fi
grep -q "^LLVMOWN_CONFIGURED_LLVM_ROOT:INTERNAL=/usr/lib/llvm-$LLVM$" "$BUILD/CMakeCache.txt" ||
  die "$BUILD is configured for another LLVM; the release is made with LLVM $LLVM"
cmake --build "$BUILD" --target llvmown-release -j"$(nproc)" ||
  die "building the static llvmown failed"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/llvmown-release.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
STAGE="$WORK/$NAME"
mkdir -p "$STAGE/bin" "$STAGE/lib/clang/$LLVM" "$STAGE/share/man/man1" \
  "$STAGE/share/doc/llvmown"

for exe in llvmown llvmown-measure; do
  strip -o "$STAGE/bin/$exe" "$BUILD/release/bin/$exe"
done
# llvmown-measure is linked against the build machine's glibc; its symbols
# are bound to the oldest versions (scripts/pin_glibc.py) so that it loads
# on glibc 2.17 too.
python3 scripts/pin_glibc.py --max 2.17 "$STAGE/bin/llvmown-measure" ||
  die "llvmown-measure needs a newer C library than glibc 2.17"
cp -r "/usr/lib/llvm-$LLVM/lib/clang/$LLVM/include" "$STAGE/lib/clang/$LLVM/"
cp docs/llvmown.1 docs/llvmown-measure.1 "$STAGE/share/man/man1/"
cp README.md docs/*.md docs/report.schema.json "$STAGE/share/doc/llvmown/"
cp -r docs/checks "$STAGE/share/doc/llvmown/"
cp packaging/release/README.txt "$STAGE/README.txt"

# The tarball: reproducible file order, owners and times.
tar --sort=name --owner=0 --group=0 --numeric-owner \
  --mtime="@$(git log -1 --format=%ct 2>/dev/null || echo 0)" \
  -C "$WORK" -cf - "$NAME" | xz -T0 -6 >"$OUT/$NAME.tar.xz"

# The wheel, built offline with Debian's python3-build and python3-wheel.
PY="$WORK/python"
cp -r packaging/python "$PY"
mkdir -p "$PY/llvmown/data"
cp -r "$STAGE/bin" "$STAGE/lib" "$STAGE/share" "$PY/llvmown/data/"
echo "$VERSION" >"$PY/VERSION"
echo "$PLATFORM" >"$PY/PLATFORM"
rm -f "$OUT"/llvmown-"$VERSION"-*.whl
/usr/bin/python3 -m build --wheel --no-isolation --outdir "$OUT" "$PY" >"$WORK/wheel.log" 2>&1 ||
  { cat "$WORK/wheel.log" >&2; die "building the wheel failed"; }

echo "release.sh: wrote, into $OUT:"
(cd "$OUT" && ls -l "$NAME.tar.xz" llvmown-"$VERSION"-*.whl)
