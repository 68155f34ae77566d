//===- FunctionBodyCheck.h - base of the checks that analyse functions ----===//
//
// The llvmown checks analyse whole function bodies, together, at the end of
// the translation unit (a function can change what its callers own). This
// base collects the main file's function bodies, lambdas included, and
// hands them over once; a check only implements analyzeFunctions().
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_FUNCTIONBODYCHECK_H
#define LLVMOWN_FUNCTIONBODYCHECK_H

#include "ClangTidyCheck.h"
#include "llvm/ADT/ArrayRef.h"
#include <utility>
#include <vector>

namespace clang::tidy::llvmown {

/// A function (or lambda call operator) and its body.
using FunctionBody = std::pair<const Decl *, const Stmt *>;

class FunctionBodyCheck : public ClangTidyCheck {
public:
  using ClangTidyCheck::ClangTidyCheck;
  void registerMatchers(ast_matchers::MatchFinder *Finder) final;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) final;
  void onEndOfTranslationUnit() final;

protected:
  /// Called once per translation unit with the main file's functions, in
  /// source order.
  virtual void analyzeFunctions(ASTContext &Ctx,
                                llvm::ArrayRef<FunctionBody> Functions) = 0;

private:
  ASTContext *Ctx = nullptr;
  std::vector<FunctionBody> Functions;
};

} // namespace clang::tidy::llvmown

#endif
