//===- SourceCache.h - file contents for positions and fingerprints -------===//
//
// clang-tidy reports places as (file, byte offset). The machine-readable
// outputs need lines and columns, and fingerprints need the text of the
// line, so files are read once (after the run, before any --fix) and kept.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_SOURCECACHE_H
#define LLVMOWN_TOOL_SOURCECACHE_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <vector>

namespace clang::tidy::llvmown::tool {

struct Position {
  unsigned Line = 0;   ///< 1-based; 0 when unknown
  unsigned Column = 0; ///< 1-based, in bytes (as clang counts)
  /// 1-based, in Unicode code points (as SARIF's unicodeCodePoints counts).
  unsigned CodePointColumn = 0;
};

class SourceCache {
public:
  /// Line and column of Offset in the file at AbsPath; zeros if the file
  /// cannot be read or is shorter.
  Position position(llvm::StringRef AbsPath, unsigned Offset);

  /// The text of line Line (1-based) of the file, without its end of line;
  /// empty if unknown.
  llvm::StringRef lineText(llvm::StringRef AbsPath, unsigned Line);

  /// How many lines the file has; 0 if it cannot be read.
  unsigned lineCount(llvm::StringRef AbsPath);

private:
  struct File {
    std::unique_ptr<llvm::MemoryBuffer> Buffer; ///< null if unreadable
    std::vector<unsigned> LineStarts;
  };
  File &get(llvm::StringRef AbsPath);
  llvm::StringMap<File> Files;
};

} // namespace clang::tidy::llvmown::tool

#endif
