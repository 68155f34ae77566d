// Stand-in for llvm/Support/SourceMgr.h (LLVM 19), for the llvmown lit tests:
// only SMDiagnostic.
#ifndef LLVM_SUPPORT_SOURCEMGR_H
#define LLVM_SUPPORT_SOURCEMGR_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace llvm {

class raw_ostream;

/// A diagnostic from the IR parsers.
class SMDiagnostic {
  std::string Message;

public:
  SMDiagnostic() = default;
  StringRef getMessage() const { return Message; }
  void print(const char *ProgName, raw_ostream &S, bool ShowColors = true,
             bool ShowKindLabel = true, bool ShowLocation = true) const;
};

} // namespace llvm

#endif
