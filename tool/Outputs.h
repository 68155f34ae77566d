//===- Outputs.h - JSON and SARIF reports, and merging them ---------------===//
//
// The machine-readable reports. JSON is llvmown's own, simple format; SARIF
// 2.1.0 is what GitHub code scanning and other viewers read. Both can be
// merged (--merge), e.g. the outputs of --shard runs.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_OUTPUTS_H
#define LLVMOWN_TOOL_OUTPUTS_H

#include "Report.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace clang::tidy::llvmown::tool {

/// Everything a report holds.
struct ReportData {
  std::string ProjectRoot;
  /// The reported findings (warnings), in the order of the run.
  std::vector<const Finding *> Findings;
  std::vector<RunError> Errors;
  /// The translation units checked (absolute paths), in order.
  std::vector<std::string> Files;
  /// The enabled checks (SARIF rules), sorted.
  std::vector<std::string> Checks;
};

/// {"version":1,"root":...,"files":[...],"findings":[...],"errors":[...]}
void writeJson(llvm::raw_ostream &OS, const ReportData &Data);

/// SARIF 2.1.0, one run.
void writeSarif(llvm::raw_ostream &OS, const ReportData &Data);

/// file:// URI of an absolute path (percent-encoded).
std::string fileUri(llvm::StringRef AbsPath);
/// The path a file:// URI (fileUri's) or a relative URI (SARIF's, against
/// SRCROOT) names: percent-decoded, without the scheme.
std::string pathOfUri(llvm::StringRef Uri);
/// A page of the documentation ("tool.md", "checks/c-api-dispose.md"):
/// under the configured URI, else installed beside the tool, else in the
/// sources it was built from.
std::string documentationUri(llvm::StringRef Page);

/// --merge: reads JSON reports, SARIF reports or baselines (all of one
/// kind) and writes their union to OS. Returns the exit status a single run
/// over all of them would have had (2 with errors recorded, 1 with
/// findings not fixed, else 0), or 2 with Error set if an input cannot be
/// read or the kinds differ.
int mergeOutputs(const std::vector<std::string> &Inputs, llvm::raw_ostream &OS,
                 std::string &Error);

/// --merge with --format=github or codeclimate: reads JSON reports or SARIF
/// logs and writes their findings and errors in that format (CiFormats.h).
/// Returns the exit status, as mergeOutputs.
int convertOutputs(const std::vector<std::string> &Inputs, bool Github,
                   llvm::raw_ostream &OS, std::string &Error);

namespace detail {
/// The merges of one kind; Docs are parsed inputs, Names their file names.
int mergeJsonReports(const std::vector<llvm::json::Value> &Docs,
                     const std::vector<std::string> &Names,
                     llvm::raw_ostream &OS, std::string &Error);
int mergeSarifReports(const std::vector<llvm::json::Value> &Docs,
                      const std::vector<std::string> &Names,
                      llvm::raw_ostream &OS, std::string &Error);
} // namespace detail

} // namespace clang::tidy::llvmown::tool

#endif
