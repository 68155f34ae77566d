//===- Runner.h - running the checks on translation units, in parallel ----===//
//
// Each translation unit runs on a thread of its own with a ClangTidyContext,
// options provider, file system and diagnostics engine of its own, so that
// nothing is shared between concurrent runs (see Runner.cpp for why
// clang-tidy's runClangTidy itself is not called). Results are handed back
// in the order of the units, whatever order they finish in.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TOOL_RUNNER_H
#define LLVMOWN_TOOL_RUNNER_H

#include "BodySkipping.h"
#include "Configuration.h"
#include "Report.h"
#include "engine/summaries/Summarizer.h"

#include "ClangTidyDiagnosticConsumer.h"
#include "engine/framework/CompatADT.h" // llvm::function_ref
#include "clang/Tooling/CompilationDatabase.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::llvmown::tool {

class PreambleCache;

/// One translation unit to check, with its commands resolved beforehand on
/// the main thread (compilation databases are not meant to be shared
/// across threads).
struct TranslationUnitJob {
  std::string File;  ///< absolute path
  std::string Shown; ///< for messages: the path as the user gave it
  std::vector<clang::tooling::CompileCommand> Commands;
  /// Which function bodies are parsed (BodySkipping.h).
  BodyParsing Parsing = BodyParsing::SkipLibrary;
  /// A precompiled header of its leading library includes, shared with
  /// units of the same flags (SharedHeaders.h); empty if none.
  std::string PCH;
  /// A unit that fails with PCH is checked again without (the failure may
  /// be the header's). The fuzz target turns this off: its inputs mostly
  /// do not compile, and would all be parsed twice.
  bool RetryWithoutPCH = true;
  /// The file's text as an editor holds it, unsaved (the language server);
  /// checked instead of what is on disk. Headers are still read from disk.
  std::optional<std::string> Contents;
  /// The file's preamble, kept from the last run of the same file
  /// (Preamble.h); null: the whole file is parsed. The language server's.
  std::shared_ptr<PreambleCache> Preamble;
};

struct TranslationUnitResult {
  std::vector<Finding> Findings;
  /// The unit had a compiler error or could not be compiled at all.
  bool Failed = false;
  /// Why it could not be compiled at all (no compiler error to show).
  std::string SetupError;
  /// The parser or an analysis crashed on it (SetupError says how); the
  /// crash ended this unit only.
  bool Crashed = false;
  clang::tidy::ClangTidyStats Stats;
};

/// What summarising one unit gave.
struct UnitSummaryResult {
  /// False if the unit could not be parsed at all (its summary is empty).
  bool Summarized = false;
  UnitSummary Summary;
  /// Every file it read (main file, headers), for the cache.
  std::vector<std::string> Inputs;
};

/// Runs \p Work so that a crash in it (a signal, or an exit from a fatal
/// error) ends \p Work only, with its stack on standard error: units are
/// checked in-process, and one that crashes the parser or an analysis must
/// not take the other units' results with it. Returns how it crashed
/// ("signal 11, Segmentation fault"), or nothing if it did not.
std::optional<std::string> runIsolated(llvm::function_ref<void()> Work);

/// True once runIsolated has recovered from a crash: the process should
/// then end without LLVM's global tear-down (see main()).
bool crashWasRecovered();

/// Summarises one unit (engine/summaries/Summarizer.h) with the summaries of
/// other units \p Known (may be null). Compiler errors are not reported here.
UnitSummaryResult
summarizeTranslationUnit(const LayeredOptions &Layers,
                         const TranslationUnitJob &Job,
                         std::shared_ptr<const SummarySet> Known);

/// Writes to \p Output a precompiled header of \p Command's file, with
/// the extra arguments the configuration gives \p OptionsFile, and sets
/// \p Inputs to every file it read. False if it could not be built.
bool buildPrecompiledHeader(const LayeredOptions &Layers,
                            const clang::tooling::CompileCommand &Command,
                            llvm::StringRef OptionsFile,
                            const std::string &Output,
                            std::vector<std::string> &Inputs);

/// Runs the checks on one unit, without runIsolated: a crash ends the
/// process. For the fuzz target, whose crashes are what it looks for.
TranslationUnitResult
checkTranslationUnitUnprotected(const LayeredOptions &Layers,
                                const TranslationUnitJob &Job);

/// Runs the checks on one unit; a crash fails this unit only (Crashed).
TranslationUnitResult checkTranslationUnit(const LayeredOptions &Layers,
                                           const TranslationUnitJob &Job);

/// A progress line on standard error: "[3/120] path", redrawn in place.
class ProgressLine {
public:
  ProgressLine(bool Enabled, size_t Total) : Enabled(Enabled), Total(Total) {}
  void update(size_t Done, llvm::StringRef File);
  /// Erases the line before other output; show() puts it back.
  void hide();
  void show();
  void finish();

private:
  bool Enabled;
  size_t Total;
  std::string Text;
  bool Visible = false;
};

/// Runs every job on Threads threads and calls InOrder(Index, Result) on
/// the calling thread for job 0, 1, 2... as soon as each and all before it
/// are done. Progress is updated as jobs finish; InOrder runs with the
/// progress line hidden, so it may print.
void runAll(const LayeredOptions &Layers,
            llvm::ArrayRef<TranslationUnitJob> Jobs, unsigned Threads,
            ProgressLine &Progress,
            llvm::function_ref<void(size_t, TranslationUnitResult &)> InOrder);

} // namespace clang::tidy::llvmown::tool

#endif
