//===- FunctionBodyCheck.h - base of the checks that analyse functions ----===//
//
// The llvmown checks analyse whole function bodies, together, at the end of
// the translation unit (a function can change what its callers own). This
// base collects the main file's function bodies, lambdas included, and
// hands them over once; a check only implements analyzeFunctions(), which
// runs the engine and turns its facts into diagnostics. The wording that
// every leak check shares lives here too.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_FUNCTIONBODYCHECK_H
#define LLVMOWN_FUNCTIONBODYCHECK_H

#include "ClangTidyCheck.h"
#include "engine/analyses/ownership/OwnershipAnalysis.h"
#include "engine/framework/ProjectHeaders.h"
#include "engine/model/ApiModel.h"
#include "engine/model/Summaries.h"
#include "llvm/ADT/ArrayRef.h"
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang::tidy::llvmown {

class FunctionBodyCheck : public ClangTidyCheck {
public:
  FunctionBodyCheck(StringRef Name, ClangTidyContext *Context);
  void registerMatchers(ast_matchers::MatchFinder *Finder) final;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) final;
  void onEndOfTranslationUnit() final;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) final;

protected:
  /// Called once per translation unit with the main file's functions, in
  /// source order (with none when the unit has only classes to check).
  virtual void analyzeFunctions(ASTContext &Ctx,
                                llvm::ArrayRef<FunctionBody> Functions) = 0;
  /// Reads the check's option \p Name (\p Default if unset); storeOptions
  /// writes it back as read.
  std::string option(StringRef Name, StringRef Default = "");
  /// Reads a true/false option the same way.
  bool boolOption(StringRef Name, bool Default);

  /// Reports a leak that is the same in every leak check: a discarded or
  /// temporary result, an overwritten holder, a holder going out of scope.
  /// The warning goes at \p At (the creating call); \p What names the
  /// object ("TargetMachine created by '...'"). Returns false for a leak at
  /// a function exit, which each check words itself.
  bool diagnoseLostObject(const LeakFact &L, SourceLocation At,
                          llvm::StringRef What);
  /// The note at the exit where \p L leaks: "'TM' still <Verb> it when the
  /// function returns here".
  void noteLeakAtExit(const LeakFact &L, llvm::StringRef Verb);
  /// A parameter released on some paths only, as \p Noun ("TargetMachine",
  /// "LLVMModuleRef") names its kind.
  void reportPartialRelease(const PartialReleaseFact &F, const OwnedObject &O,
                            llvm::StringRef Noun);
  /// A release of an object already released on some path to it
  /// (DisposeProblem::Twice), or released after a call took it over
  /// (AfterConsume), as \p Noun names its kind. False for other problems.
  bool reportReleasedTwice(const DisposeFact &F, llvm::StringRef Noun);
  /// With the ReportIncomplete option, says that the analysis of \p D
  /// stopped at its visit budget (its findings may be incomplete).
  void noteIncomplete(const Decl *D, bool Incomplete);
  /// Reads the SummaryFile option (the check's own, or the global one):
  /// the checks whose model follows objects through calls call it.
  void readSummaryOption();
  /// Attaches the project's summaries (the SummaryFile option) to Model,
  /// once per file read; a file that cannot be read is reported once.
  void attachSummaries();
  /// The line of \p L as users read it (macro uses at their expansion).
  unsigned line(SourceLocation L) const;
  const SourceManager &sourceManager() const;

  /// The API model every check asks; a check adds its options' rows to it
  /// in its constructor.
  ApiModel Model;
  /// Also hand the analysis the template patterns the unit never
  /// instantiates (uninstantiatedPattern), for analyses that take
  /// dependent expressions for unknown code.
  bool AnalyzeTemplatePatterns = false;
  /// Also collect the class definitions of the unit's sources and selected
  /// headers (classes()), for checks with class-level rules.
  bool CollectClasses = false;
  /// The collected classes, in source order; valid in analyzeFunctions.
  llvm::ArrayRef<const CXXRecordDecl *> classes() const { return Classes; }

private:
  ASTContext *Ctx = nullptr;
  /// The headers whose functions are analysed with the unit's: those the
  /// header filter shows findings of.
  ProjectHeaders Headers;
  std::vector<FunctionBody> Functions;
  std::vector<const CXXRecordDecl *> Classes;
  std::vector<std::pair<std::string, std::string>> ReadOptions;
  const bool ReportIncomplete;
  std::optional<std::string> SummaryFile;
  std::shared_ptr<const SummarySet> Summaries;
  bool SummaryErrorReported = false;
};

} // namespace clang::tidy::llvmown

#endif
