//===- TargetMachineLeakCheck.cpp -----------------------------------------===//

#include "TargetMachineLeakCheck.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"

using namespace clang::ast_matchers;

namespace clang::tidy::llvmown {

TargetMachineLeakCheck::TargetMachineLeakCheck(StringRef Name,
                                               ClangTidyContext *Context)
    : ClangTidyCheck(Name, Context),
      OwningFactories(Options.get("OwningFactories", "")),
      ReleaseFunctions(Options.get("ReleaseFunctions", "")),
      TransferFunctions(Options.get("TransferFunctions", "")) {
  Model.addUserRows(OwningFactories, Effect::Creates, "TargetMachine");
  Model.addUserRows(ReleaseFunctions, Effect::Releases, "TargetMachine");
  Model.addUserRows(TransferFunctions, Effect::Consumes, "TargetMachine");
}

void TargetMachineLeakCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Options.store(Opts, "OwningFactories", OwningFactories);
  Options.store(Opts, "ReleaseFunctions", ReleaseFunctions);
  Options.store(Opts, "TransferFunctions", TransferFunctions);
}

void TargetMachineLeakCheck::registerMatchers(MatchFinder *Finder) {}
void TargetMachineLeakCheck::check(const MatchFinder::MatchResult &Result) {}
void TargetMachineLeakCheck::onEndOfTranslationUnit() {}

} // namespace clang::tidy::llvmown
