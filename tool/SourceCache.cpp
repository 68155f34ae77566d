//===- SourceCache.cpp - file contents for positions and fingerprints -----===//

#include "SourceCache.h"

#include <algorithm>

namespace clang::tidy::llvmown::tool {

SourceCache::File &SourceCache::get(llvm::StringRef AbsPath) {
  auto [It, Inserted] = Files.try_emplace(AbsPath);
  File &F = It->second;
  if (!Inserted)
    return F;
  auto Buffer = llvm::MemoryBuffer::getFile(AbsPath, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return F;
  F.Buffer = std::move(*Buffer);
  llvm::StringRef Text = F.Buffer->getBuffer();
  F.LineStarts.push_back(0);
  for (size_t I = 0; I < Text.size(); ++I)
    if (Text[I] == '\n')
      F.LineStarts.push_back(I + 1);
  return F;
}

Position SourceCache::position(llvm::StringRef AbsPath, unsigned Offset) {
  Position P;
  File &F = get(AbsPath);
  if (!F.Buffer || Offset > F.Buffer->getBufferSize())
    return P;
  auto It = std::upper_bound(F.LineStarts.begin(), F.LineStarts.end(), Offset);
  unsigned LineStart = *(It - 1);
  P.Line = It - F.LineStarts.begin();
  P.Column = Offset - LineStart + 1;
  // Count code points: every byte that does not continue a UTF-8 sequence.
  llvm::StringRef Before = F.Buffer->getBuffer().slice(LineStart, Offset);
  P.CodePointColumn =
      1 + std::count_if(Before.begin(), Before.end(),
                        [](char C) { return (C & 0xC0) != 0x80; });
  return P;
}

unsigned SourceCache::lineCount(llvm::StringRef AbsPath) {
  File &F = get(AbsPath);
  if (!F.Buffer)
    return 0;
  // A final end of line starts no line.
  unsigned N = F.LineStarts.size();
  return N > 1 && F.LineStarts.back() == F.Buffer->getBufferSize() ? N - 1 : N;
}

llvm::StringRef SourceCache::lineText(llvm::StringRef AbsPath, unsigned Line) {
  File &F = get(AbsPath);
  if (!F.Buffer || Line == 0 || Line > F.LineStarts.size())
    return "";
  llvm::StringRef Text = F.Buffer->getBuffer();
  size_t Begin = F.LineStarts[Line - 1];
  size_t End = Line < F.LineStarts.size() ? F.LineStarts[Line] : Text.size();
  return Text.slice(Begin, End).rtrim("\r\n");
}

} // namespace clang::tidy::llvmown::tool
