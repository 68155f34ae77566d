# Shell functions shared by scripts/demo.sh and scripts/test.sh (sourced,
# not run). The scripts build LLVM N in the folder build-N of the
# repository: one folder per LLVM, so that the demo and the tests, run in
# any order, reuse each other's builds and never meet a folder configured
# for another LLVM. build/ is left to people building by hand.

# llvmown_newest_llvm: the newest LLVM (14-22) whose development files are
# installed, else 22 (what bootstrap.sh installs when there is none).
llvmown_newest_llvm() {
  local v
  for v in 22 21 20 19 18 17 16 15 14; do
    if [ -f "/usr/lib/llvm-$v/lib/cmake/llvm/LLVMConfig.cmake" ] &&
       [ -f "/usr/lib/llvm-$v/lib/cmake/clang/ClangConfig.cmake" ] &&
       [ -f "/usr/lib/llvm-$v/include/clang-tidy/ClangTidyModule.h" ]; then
      echo "$v"
      return
    fi
  done
  echo 22
}

# llvmown_build_dir <N>: the scripts' build folder for LLVM N.
llvmown_build_dir() {
  echo "build-$1"
}

# llvmown_configure <dir> <N>: CMake with Ninja, unless the folder was
# configured with another generator (CMake refuses to switch in place).
# A new folder gets a build made for testing: -O1 without debug
# information builds a third faster than the default RelWithDebInfo (the
# time goes into compiling against Clang's headers, and the analyses'
# speed hardly changes), and a unity build: the engine, the checks and the
# tool are compiled a few files to a unit, so Clang's headers are parsed
# once per batch instead of once per file (two thirds of each file's
# compile time; the test and scenario programs opt out in their
# CMakeLists). A folder configured before keeps its settings.
llvmown_configure() {
  local generator=(-G Ninja) build_type=()
  if [ -f "$1/CMakeCache.txt" ] &&
     ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$1/CMakeCache.txt"; then
    echo "note: $1 is configured with another generator; keeping it"
    generator=()
  fi
  if [ ! -f "$1/CMakeCache.txt" ]; then
    build_type=(-DCMAKE_BUILD_TYPE=Release
                "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG"
                "-DCMAKE_C_FLAGS_RELEASE=-O1 -DNDEBUG"
                -DCMAKE_UNITY_BUILD=ON)
  fi
  cmake -S . -B "$1" "${generator[@]}" "${build_type[@]}" \
    -DLLVMOWN_LLVM_VERSION="$2"
}
