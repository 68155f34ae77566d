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
#include "engine/OwnershipAnalysis.h"
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
  /// Reports a leak that is the same in every leak check: a discarded or
  /// temporary result, an overwritten holder, a holder going out of scope.
  /// The warning goes at \p At (the creating call); \p What names the
  /// object ("TargetMachine created by '...'"). Returns false for a leak at
  /// a function exit, which each check words itself.
  bool diagnoseLostObject(const LeakFact &L, SourceLocation At,
                          llvm::StringRef What, const SourceManager &SM);

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
