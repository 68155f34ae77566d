//===- CheckInfo.h - what each check is, for reports ----------------------===//
//
// SARIF wants a rule per check with descriptions and help. This table is the
// one place those live; test/tool/check-info.test fails when a check listed
// by --list-checks has no entry here.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_CHECKINFO_H
#define LLVMOWN_TOOL_CHECKINFO_H

#include "llvm/ADT/StringRef.h"

namespace clang::tidy::llvmown::tool {

struct CheckInfo {
  llvm::StringRef Name;
  /// One line, no final period: what the check finds.
  llvm::StringRef ShortDescription;
  /// A paragraph: what the check reports and why it matters.
  llvm::StringRef FullDescription;
  /// The check's page in the llvmown sources.
  llvm::StringRef DocPath;
};

/// The entry of Name, or null for a check without one.
const CheckInfo *findCheckInfo(llvm::StringRef Name);

} // namespace clang::tidy::llvmown::tool

#endif
