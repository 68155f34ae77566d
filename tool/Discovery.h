//===- Discovery.h - finding compile_commands.json and the project root ---===//
//
// Users expect a linter to find the build's compile_commands.json by itself,
// as clangd does: the tool looks in the sources' directories and their
// parents, directly and in the usual build directories. Paths that must be
// stable across checkouts (fingerprints, baselines, SARIF, diffs) are made
// relative to a project root: the git work tree's top, else the current
// directory.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_DISCOVERY_H
#define LLVMOWN_TOOL_DISCOVERY_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::llvmown::tool {

/// Searches StartDir and its parents for compile_commands.json: in each
/// directory, DIR/compile_commands.json, then DIR/build/, DIR/out/,
/// DIR/_build/ and DIR/cmake-build-*/ (sorted by name). Stops at the file
/// system root or at a directory named in LLVMOWN_CEILING_DIRECTORIES
/// (colon-separated; the ceiling itself is searched, its parents are not).
/// Results are cached per directory.
class DatabaseFinder {
public:
  DatabaseFinder();
  std::optional<std::string> find(llvm::StringRef StartDir);

private:
  std::optional<std::string> findIn(llvm::StringRef Dir);
  std::vector<std::string> Ceilings;
  llvm::StringMap<std::optional<std::string>> Cache;
};

/// The absolute path of Path, with `.` and `..` removed (not resolving
/// symbolic links).
std::string absolutePath(llvm::StringRef Path);

/// Path with symbolic links resolved when it exists (else absolutePath).
/// Used to compare paths that come from git with paths from the compiler.
std::string canonicalPath(llvm::StringRef Path);

std::string currentDirectory();

/// `git -C Dir rev-parse --show-toplevel`, or nothing outside a work tree
/// or without git.
std::optional<std::string> gitTopLevel(llvm::StringRef Dir);

/// The project root for relative paths: Explicit (made absolute) if given,
/// else the git top-level of the current directory, else the current
/// directory. Canonical, without a trailing slash.
std::string findProjectRoot(const std::optional<std::string> &Explicit);

/// Path relative to Root (both canonical or both absolute) with '/'
/// separators, or the absolute path if it is not below Root.
std::string relativeToRoot(llvm::StringRef AbsPath, llvm::StringRef Root);

/// relativeToRoot, also trying AbsPath with symbolic links resolved.
std::string displayPath(llvm::StringRef AbsPath, llvm::StringRef Root);

} // namespace clang::tidy::llvmown::tool

#endif
