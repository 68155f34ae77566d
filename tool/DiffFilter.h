//===- DiffFilter.h - the lines a change adds or modifies -----------------===//
//
// --diff, --diff=REV and --diff-file restrict the report to findings on the
// lines a change adds or modifies, so that a pre-commit hook or a pull
// request check judges the change and not the code around it. The change is
// a unified diff, from git or from a file.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_DIFFFILTER_H
#define LLVMOWN_TOOL_DIFFFILTER_H

#include "Options.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::llvmown::tool {

class ChangedLines {
public:
  /// Lines First..Last (1-based, inclusive) of the file were added.
  void add(llvm::StringRef CanonicalPath, unsigned First, unsigned Last);
  /// Notes a file the diff touches, with or without added lines.
  void touch(llvm::StringRef CanonicalPath);
  bool contains(llvm::StringRef CanonicalPath, unsigned Line) const;
  /// The files with at least one added line, sorted.
  std::vector<std::string> changedFiles() const;
  size_t numTouchedFiles() const { return Ranges.size(); }

private:
  llvm::StringMap<std::vector<std::pair<unsigned, unsigned>>> Ranges;
};

/// Reads the new-file side of a unified diff (any amount of context). Paths
/// are taken relative to Root; git's "a/" and "b/" prefixes are removed.
/// Returns false with Error set if the text has no file headers at all but
/// is not empty.
bool parseUnifiedDiff(llvm::StringRef Patch, llvm::StringRef Root,
                      ChangedLines &Out, std::string &Error);

/// Gets the diff Opts asks for: `git diff --cached` (--diff), `git diff REV`
/// (--diff=REV), run in the git work tree that contains GitDir, or the file
/// of --diff-file (relative to ProjectRoot). Describe is set to a phrase for
/// --verbose. Returns false with Error set when git fails or the file
/// cannot be read.
bool loadChangedLines(const ToolOptions &Opts, llvm::StringRef GitDir,
                      llvm::StringRef ProjectRoot, ChangedLines &Out,
                      std::string &Describe, std::string &Error);

/// True for the extensions of C and C++ sources and headers.
bool isCOrCxxFile(llvm::StringRef Path);

} // namespace clang::tidy::llvmown::tool

#endif
