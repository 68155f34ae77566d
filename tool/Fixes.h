//===- Fixes.h - --export-fixes and --fix ---------------------------------===//

#ifndef LLVMOWN_TOOL_FIXES_H
#define LLVMOWN_TOOL_FIXES_H

#include "Configuration.h"
#include "Report.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace clang::tidy::llvmown::tool {

/// Writes the findings as clang-tidy's --export-fixes does: one YAML
/// document (clang::tooling::TranslationUnitDiagnostics) that
/// clang-apply-replacements reads. MainSourceFile is the one translation
/// unit checked, or empty for several (as run-clang-tidy.py merges them).
void exportFixes(llvm::raw_ostream &OS, llvm::StringRef MainSourceFile,
                 const std::vector<Finding *> &Findings);

struct FixSummary {
  unsigned FindingsFixed = 0;
  unsigned FilesChanged = 0;
  /// Problems, each a complete message (a conflict, an unwritable file).
  std::vector<std::string> Problems;
};

/// Applies the fix-its of Findings (in order; a fix that overlaps one
/// already taken is skipped whole), cleaned up and formatted as clang-tidy
/// does with the FormatStyle option, and sets Finding::Fixed on those
/// applied.
FixSummary applyFixes(const std::vector<Finding *> &Findings,
                      const LayeredOptions &Layers);

} // namespace clang::tidy::llvmown::tool

#endif
