//===- Baseline.h - fingerprints of findings, and baseline files ----------===//
//
// A fingerprint names a finding in a way that survives unrelated edits: it
// hashes the check, the file (relative to the project root), the message
// with its numbers taken out ("at line 42" moves when code above moves), the
// whitespace-collapsed text of the finding's source line, and an occurrence
// index among findings that agree on all of those. Lines and columns are
// not part of it. Baselines (--write-baseline, --baseline) and SARIF's
// partialFingerprints use it.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_BASELINE_H
#define LLVMOWN_TOOL_BASELINE_H

#include "Report.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include <string>
#include <vector>

namespace clang::tidy::llvmown::tool {

/// The message with every number that stands alone (a token of digits only)
/// replaced by '#': "leaks ... at line 42" -> "leaks ... at line #".
std::string normalizeMessage(llvm::StringRef Message);

/// The line trimmed, with every run of white space made one space.
std::string normalizeSourceLine(llvm::StringRef Line);

/// Gives each finding its fingerprint; findings must be presented in a
/// stable order (the order of the sources, then of the positions).
class Fingerprinter {
public:
  std::string fingerprint(llvm::StringRef Check, llvm::StringRef RelPath,
                          llvm::StringRef Message, llvm::StringRef LineText);

private:
  llvm::StringMap<unsigned> Occurrences;
};

struct BaselineEntry {
  std::string Fingerprint;
  std::string Check;
  std::string File;    ///< relative to the project root
  std::string Message; ///< normalized (numbers as '#')
};

/// Reads the fingerprints of a baseline file; false with Error set if the
/// file cannot be read or is not a version 1 llvmown baseline.
bool readBaseline(llvm::StringRef Path, llvm::StringSet<> &Fingerprints,
                  std::string &Error);

/// Parses baseline text (for --merge); same errors as readBaseline.
bool parseBaseline(llvm::StringRef Text, llvm::StringRef Name,
                   std::vector<BaselineEntry> &Entries, std::string &Error);

/// Writes a baseline: entries sorted by file, check, message, fingerprint,
/// one field per line, so that it diffs well under version control.
void printBaseline(llvm::raw_ostream &OS, std::vector<BaselineEntry> Entries);

BaselineEntry baselineEntry(const Finding &F);

} // namespace clang::tidy::llvmown::tool

#endif
