//===- CiFormats.h - reports in the formats CI services read --------------===//
//
// `--format=github`: GitHub Actions workflow commands, one `::warning` (or
// `::error`) line per finding, which the runner turns into annotations on
// the commit and the pull request. `--format=codeclimate`: the JSON of
// GitLab's Code Quality report (the Code Climate issue format), which merge
// requests show as a widget; its fingerprints are the baseline's, so an
// issue keeps its identity when lines move.
//
// Both come from a run, or from llvmown reports written before (`--merge
// --format=github llvmown.sarif`): one run can then upload SARIF and
// annotate a pull request.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_CIFORMATS_H
#define LLVMOWN_TOOL_CIFORMATS_H

#include "Outputs.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace clang::tidy::llvmown::tool {

/// A place in a file: its path relative to the project root where it lies
/// below it (as CI services want paths), else absolute.
struct CiPlace {
  std::string Path;
  unsigned Line = 0, Column = 0;
};

/// A finding or a run error, as CI reports show it.
struct CiItem {
  std::string Check; ///< the check, or "llvmown" for a run error
  bool Error = false;
  CiPlace At; ///< Path empty: not in a file
  std::string Message;
  std::string Fingerprint; ///< findings only
  std::vector<std::pair<CiPlace, std::string>> Notes;
};

/// The findings, then the errors, of a run's report.
std::vector<CiItem> ciItems(const ReportData &Data);

/// Reads the findings and errors of an llvmown JSON report or SARIF log
/// (\p Name for messages). False with \p Error set if it is neither.
bool readCiItems(const llvm::json::Value &Doc, llvm::StringRef Name,
                 std::vector<CiItem> &Items, std::string &Error);

void writeGithub(llvm::raw_ostream &OS, llvm::ArrayRef<CiItem> Items);
/// Findings only: a run error has no place in Code Quality's widget.
void writeCodeClimate(llvm::raw_ostream &OS, llvm::ArrayRef<CiItem> Items);

} // namespace clang::tidy::llvmown::tool

#endif
