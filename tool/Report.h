//===- Report.h - the findings of a run and how they are printed ----------===//
//
// A run collects every diagnostic clang-tidy returns into a vector of
// Findings first and prints afterwards, so that other output formats (and
// filters such as baselines or diff ranges) can be added as further
// consumers of the same vector.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_REPORT_H
#define LLVMOWN_TOOL_REPORT_H

#include "ClangTidyDiagnosticConsumer.h"
#include "SourceCache.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"
#include <string>
#include <vector>

namespace clang::tidy::llvmown::tool {

enum class FindingKind {
  /// A check's diagnostic (also when WarningsAsErrors made it an error).
  Warning,
  /// A compiler error: the translation unit did not compile.
  CompileError,
  /// clang-tidy's complaint about the configuration (an invalid value of a
  /// check option, for instance).
  ConfigError,
  /// Anything else (remarks); printed, not counted.
  Other,
};

struct Finding {
  clang::tidy::ClangTidyError Diag;
  /// The source whose run produced it (the diagnostic itself may be in a
  /// header that source includes).
  std::string TranslationUnit;
  FindingKind Kind = FindingKind::Other;

  // Filled in by resolve(), for the outputs and filters.
  std::string File;        ///< absolute path of the primary location, or ""
  std::string DisplayPath; ///< File relative to the project root if below it
  Position Pos;
  std::vector<std::string> NoteFiles; ///< absolute, one per Diag.Notes
  std::vector<Position> NotePositions;
  std::string Fingerprint; ///< warnings only

  bool OutsideDiff = false; ///< --diff: not on a changed line
  bool InBaseline = false;  ///< --baseline: known already
  bool Fixed = false;       ///< --fix applied its fix

  /// Whether the outputs show it: always for errors; warnings unless a
  /// filter (--diff, --baseline) hides them.
  bool reported() const {
    return Kind != FindingKind::Warning || (!OutsideDiff && !InBaseline);
  }
  llvm::StringRef checkName() const { return Diag.DiagnosticName; }
  bool isError() const {
    return Diag.IsWarningAsError ||
           Diag.DiagLevel == clang::tidy::ClangTidyError::Error;
  }
};

/// Computes File, DisplayPath and the positions of F (and of its notes).
void resolve(Finding &F, SourceCache &Sources, llvm::StringRef ProjectRoot);

/// A problem that made the run incomplete: a translation unit that failed to
/// compile, a configuration error, or a compile command that cannot run.
struct RunError {
  std::string Kind; ///< "compile-error", "config-error", "input-error", "crash"
  std::string TranslationUnit;
  std::string File; ///< may be empty
  Position Pos;
  std::string Message;
};

FindingKind classify(const clang::tidy::ClangTidyError &E);

/// Recognises a diagnostic identical to one seen before (same check, level,
/// place, message and notes), typically one in a header that several
/// sources include.
class Deduplicator {
public:
  /// True the first time E (or an identical diagnostic) is seen.
  bool firstTime(const clang::tidy::ClangTidyError &E);

private:
  llvm::StringSet<> Seen;
};

/// The path a diagnostic refers to, made absolute against the build
/// directory of the command that produced it.
std::string resolvePath(llvm::StringRef Path, llvm::StringRef BuildDirectory);

/// Prints findings as clang prints diagnostics: `file:line:col: warning:
/// message [check-name]`, the source line with a caret and ranges, fix-it
/// hints, then the notes.
void printText(llvm::ArrayRef<Finding> Findings, llvm::raw_ostream &OS,
               bool UseColor);

} // namespace clang::tidy::llvmown::tool

#endif
