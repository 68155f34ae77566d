//===- Compilations.h - where the tool's compile commands come from -------===//
//
// Three sources, as in clang-tidy plus one: a fixed command line after `--`,
// a compile_commands.json named by -p, or (with neither) the flags
// llvm-config prints, so that `llvmown file.cpp` works on code using LLVM.
// Whatever the source, every command gets Clang's resource directory.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_COMPILATIONS_H
#define LLVMOWN_TOOL_COMPILATIONS_H

#include "Options.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <memory>
#include <string>
#include <vector>

namespace llvmown {

/// A compilation database ready for use, or the reason there is none.
struct LoadedCompilations {
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
  /// For messages: "compile_commands.json at X", "the command after '--'"...
  std::string Description;
  /// Set when Database is null: a complete message, without "error:".
  std::string Error;
  /// Things worth saying that do not stop the run (e.g. llvm-config could
  /// not be run); each a complete message, without "warning:".
  std::vector<std::string> Warnings;
};

/// Builds the database for Opts (Opts.Sources decides which llvm-config
/// flags are needed). Never returns a null database without an Error.
LoadedCompilations loadCompilations(const ToolOptions &Opts);

/// The path of the llvm-config the tool runs for default flags.
std::string llvmConfigPath();

/// True for sources compiled as C (and so given `llvm-config --cflags`).
bool isCSource(llvm::StringRef Path);

} // namespace llvmown

#endif
