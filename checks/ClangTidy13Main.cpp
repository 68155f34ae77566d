//===- ClangTidy13Main.cpp - clang-tidy 13 with the llvmown checks --------===//
//
// clang-tidy 13 cannot load plugins: --load came with clang-tidy 14, and the
// clang-tidy 13 executable exports none of the symbols a plugin would bind
// to (its check registry among them). For LLVM 13, llvmown-tidy is therefore
// an executable, llvmown-tidy-13: clang-tidy 13's own main() and every
// module of it (Debian's libclangTidyMain.a and libclangTidy*Module.a),
// linked with the llvmown checks. It is clang-tidy 13 with the llvmown-*
// checks registered, and takes clang-tidy 13's arguments.
//
// It also accepts a --load of an llvmown plugin and drops it (its checks
// are already here), so that a command written for clang-tidy 14 and later
// (`clang-tidy --load=llvmown-tidy.so ...`, the test runner's) runs
// unchanged. A --load of anything else is an error: clang-tidy 13 cannot
// do it, and ignoring it would hide the checks the user asked for.
//
//===----------------------------------------------------------------------===//

#include "engine/framework/CompatADT.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <vector>

namespace clang {
namespace tidy {
// clang-tidy/tool/ClangTidyMain.h, which Debian does not install for 13.
int clangTidyMain(int argc, const char **argv);
} // namespace tidy
} // namespace clang

int main(int Argc, const char **Argv) {
  std::vector<const char *> Args{Argv[0]};
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg = Argv[I];
    llvm::StringRef Plugin;
    if (Arg == "-load" || Arg == "--load") {
      if (I + 1 < Argc)
        Plugin = Argv[++I];
    } else if (Arg.consume_front("-load=") || Arg.consume_front("--load=")) {
      Plugin = Arg;
    } else {
      Args.push_back(Argv[I]);
      continue;
    }
    if (!clang::tidy::llvmown::compat::startsWith(
            llvm::sys::path::filename(Plugin), "llvmown-tidy")) {
      llvm::errs() << "llvmown-tidy-13: error: clang-tidy 13 cannot load "
                      "plugins ('"
                   << Plugin
                   << "'); the llvmown checks are built into this "
                      "executable\n";
      return 1;
    }
  }
  Args.push_back(nullptr);
  return clang::tidy::clangTidyMain(int(Args.size()) - 1, Args.data());
}
