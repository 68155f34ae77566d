//===- Compilations.h - where the tool's compile commands come from -------===//
//
// Sources of compile commands: a fixed command line after `--`, a
// compile_commands.json (named by -p or found by Discovery.h), or the flags
// llvm-config prints, so that `llvmown file.cpp` works on code using LLVM.
// Whatever the source, every command gets Clang's resource directory.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_COMPILATIONS_H
#define LLVMOWN_TOOL_COMPILATIONS_H

#include "clang/Tooling/CompilationDatabase.h"
#include <memory>
#include <string>
#include <vector>

namespace clang::tidy::llvmown::tool {

/// A compilation database ready for use, or the reason there is none.
struct LoadedCompilations {
  /// Its commands are already adjusted for the tool (resource directory).
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
  /// The compile_commands.json it was read from, if any (absolute).
  std::string File;
  /// For messages: "compilation database 'X'", "the command after '--'"...
  std::string Description;
  /// Set when Database is null: a complete message, without "error:".
  std::string Error;
  /// Things worth saying that do not stop the run (e.g. llvm-config could
  /// not be run); each a complete message, without "warning:".
  std::vector<std::string> Warnings;
};

/// -p <build dir or .json file>.
LoadedCompilations loadFromBuildPath(llvm::StringRef BuildPath);

/// A compile_commands.json file (found by discovery, or named by -p).
LoadedCompilations loadDatabaseFile(llvm::StringRef File);

/// The command line after `--`, for every source.
LoadedCompilations loadFromCompilerArgs(const std::vector<std::string> &Args);

/// llvm-config's flags; runs llvm-config only for the languages needed.
LoadedCompilations loadFromLLVMConfig(bool NeedC, bool NeedCxx);

/// The files of a database, absolute, each once, in the order of its
/// entries.
std::vector<std::string>
databaseFiles(const clang::tooling::CompilationDatabase &DB);

/// Path made absolute against Directory (a command's directory).
std::string resolveAgainst(llvm::StringRef Path, llvm::StringRef Directory);

/// Clang's resource directory (<stddef.h> and the other builtin headers)
/// that every command gets: <prefix>/lib/clang/N beside <prefix>/bin/llvmown
/// when the tool ships with it (the release tarball, the wheel), else the
/// one of the LLVM the tool was built against.
const std::string &clangResourceDir();

/// The llvm-config the tool runs for default flags: the one chosen with
/// setLLVMConfig, else $LLVMOWN_LLVM_CONFIG, else the newest LLVM's
/// installed, else the one of the LLVM the tool was built against, else
/// `llvm-config` from PATH.
std::string llvmConfigPath();

/// --llvm-config: a path, a program name, or a version number N
/// (/usr/lib/llvm-N/bin/llvm-config, or llvm-config-N from PATH).
void setLLVMConfig(llvm::StringRef Choice);

/// True for sources compiled as C (and so given `llvm-config --cflags`).
bool isCSource(llvm::StringRef Path);

} // namespace clang::tidy::llvmown::tool

#endif
