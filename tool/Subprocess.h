//===- Subprocess.h - run a helper program and capture its output ---------===//
//
// The tool runs two helpers: llvm-config (for default flags) and git (for
// --diff and the project root). Both are run without a shell, with their
// output captured through temporary files.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_SUBPROCESS_H
#define LLVMOWN_TOOL_SUBPROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace clang::tidy::llvmown::tool {

struct SubprocessResult {
  /// False if the program could not be started (then Error says why).
  bool Started = false;
  int ExitStatus = -1;
  std::string Stdout;
  std::string Stderr;
  std::string Error;
};

/// Runs Program (a path, or a name looked up in PATH) with Args (not
/// including argv[0]), standard input from /dev/null, and waits for it.
SubprocessResult runProgram(llvm::StringRef Program,
                            llvm::ArrayRef<std::string> Args,
                            unsigned TimeoutSeconds = 120);

} // namespace clang::tidy::llvmown::tool

#endif
