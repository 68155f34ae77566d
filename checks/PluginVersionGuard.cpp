//===- PluginVersionGuard.cpp - refuse to load into another LLVM ----------===//
//
// The plugin is built against one LLVM/Clang major version and takes every
// clang-tidy, Clang and LLVM symbol from the process that loads it. Loaded
// into a clang-tidy of another version, the symbol names still match but the
// classes behind them do not, and it would crash in the middle of a run. So
// before the module registers itself, look at the LLVM libraries the process
// has loaded and refuse, loudly, if any is of another major version.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <link.h>
#include <string>
#include <unistd.h>

#ifndef LLVMOWN_LLVM_MAJOR
#error "LLVMOWN_LLVM_MAJOR must be defined by the build"
#endif
// The clang-tidy plugin's by default; the compiler plugin (clang-plugin/)
// is compiled with its own.
#ifndef LLVMOWN_PLUGIN_FILE
#define LLVMOWN_PLUGIN_FILE "llvmown-tidy.so"
#define LLVMOWN_PLUGIN_HOST "clang-tidy"
#endif

namespace {

struct Found {
  int OtherMajor = 0;
  std::string Library;
};

// Extracts the major version from the file names Debian and upstream give
// the shared LLVM/Clang libraries: libLLVM-14.so.1, libLLVM.so.19.1,
// libLLVM-19.so, libclang-cpp.so.14, libclang-cpp.so.19.1.
int majorFromLibraryName(const char *Path) {
  const char *Base = std::strrchr(Path, '/');
  Base = Base ? Base + 1 : Path;
  const char *Prefixes[] = {"libLLVM-", "libLLVM.so.", "libclang-cpp.so.",
                            "libLLVM-C.so."};
  for (const char *P : Prefixes) {
    size_t N = std::strlen(P);
    if (std::strncmp(Base, P, N) == 0 && Base[N] >= '0' && Base[N] <= '9')
      return std::atoi(Base + N);
  }
  return 0;
}

int visit(struct dl_phdr_info *Info, size_t, void *Data) {
  auto *F = static_cast<Found *>(Data);
  if (!Info->dlpi_name || !*Info->dlpi_name)
    return 0;
  int Major = majorFromLibraryName(Info->dlpi_name);
  if (Major && Major != LLVMOWN_LLVM_MAJOR) {
    F->OtherMajor = Major;
    F->Library = Info->dlpi_name;
    return 1;
  }
  return 0;
}

} // namespace

namespace clang::tidy {

bool llvmownHostIsCompatible() {
  Found F;
  dl_iterate_phdr(visit, &F);
  if (!F.OtherMajor)
    return true;
  std::fprintf(
      stderr,
      "error: " LLVMOWN_PLUGIN_FILE " was built for " LLVMOWN_PLUGIN_HOST
      " %d, but this " LLVMOWN_PLUGIN_HOST " uses LLVM %d (%s).\n"
      "error: refusing to load the llvmown checks; run it "
      "with " LLVMOWN_PLUGIN_HOST
      "-%d, or use the standalone 'llvmown' tool.\n",
      LLVMOWN_LLVM_MAJOR, F.OtherMajor, F.Library.c_str(), LLVMOWN_LLVM_MAJOR);
  // Registering into a registry of another version would crash later, mid
  // run, and returning quietly would let clang-tidy exit 0 without our
  // checks; stop here instead.
  std::fflush(stderr);
  _exit(2);
}

} // namespace clang::tidy
