//===- ProjectHeaders.h - the project headers whose functions are analysed
//-===//
//
// The checks analyse the functions of the unit's own sources. A user who
// asks to see findings in headers (clang-tidy's HeaderFilterRegex, the
// tool's --header-filter) expects the functions defined there to be
// analysed too: a class's constructor in its header, an inline factory. A
// header is selected when the filter matches its path, the exclusion
// filter does not, and it is neither a system header nor a library's (a
// file under llvm/, llvm-c/, clang/, clang-c/ or mlir/ of a folder that
// holds that library), whose code the user cannot fix.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_ENGINE_PROJECTHEADERS_H
#define LLVMOWN_ENGINE_PROJECTHEADERS_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"
#include <memory>
#include <string>

namespace clang::tidy::llvmown {

/// A library whose headers are never the project's: its folder under an
/// include directory, and a path (from that directory) that every copy of
/// it has, so that a project's own "llvm/" folder is not taken for LLVM's.
/// Shared with the tool's body skipping.
struct LibraryFolder {
  const char *Folder; ///< "llvm"
  const char *Marker; ///< "llvm/Support"
};
llvm::ArrayRef<LibraryFolder> libraryFolders();

class ProjectHeaders {
public:
  /// \p Filter and \p Exclude as clang-tidy reads them: an empty filter
  /// selects no header, an empty exclusion excludes none.
  ProjectHeaders(llvm::StringRef Filter, llvm::StringRef Exclude);

  /// Is \p Loc (its expansion) in a selected header? Never for the main
  /// file: the unit's own sources are analysed anyway.
  bool selects(const SourceManager &SM, SourceLocation Loc);

  /// Is the file at \p Path a library's header (see above)? Exposed for
  /// tests.
  static bool isLibraryPath(llvm::StringRef Path);

private:
  std::unique_ptr<llvm::Regex> Filter, Exclude;
  llvm::DenseMap<FileID, bool> Known;
};

} // namespace clang::tidy::llvmown

#endif
