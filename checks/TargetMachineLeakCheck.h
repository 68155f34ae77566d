//===- TargetMachineLeakCheck.h - llvmown-target-machine-leak -------------===//
//
// Finds owning TargetMachine pointers (Target::createTargetMachine,
// EngineBuilder::selectTarget, unique_ptr::release(), LLVMCreateTargetMachine,
// and wrappers in the same translation unit) that are never released, are
// released on some paths only, are overwritten while owned, or are stored in
// members that nothing releases.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_TARGETMACHINELEAKCHECK_H
#define LLVMOWN_TARGETMACHINELEAKCHECK_H

#include "ClangTidyCheck.h"
#include "engine/ApiModel.h"
#include <memory>
#include <vector>

namespace clang::tidy::llvmown {

class TargetMachineLeakCheck : public ClangTidyCheck {
public:
  TargetMachineLeakCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override;

private:
  const std::string OwningFactories;
  const std::string ReleaseFunctions;
  const std::string TransferFunctions;
  ApiModel Model;
  ASTContext *Ctx = nullptr;
  /// Function bodies of the main file, collected during matching and
  /// analysed together at the end of the translation unit (wrappers that
  /// return an owned machine make their callers owners).
  std::vector<std::pair<const Decl *, const Stmt *>> Functions;
};

} // namespace clang::tidy::llvmown

#endif
