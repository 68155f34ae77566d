//===- ModuleOutlivesContextCheck.h - llvmown-module-outlives-context -----===//
//
// Finds modules and IR used after the LLVMContext they belong to ended,
// modules handed out of a function whose local context dies with it, module
// holders (locals or members) declared so that their context is destroyed
// first, and module pointers borrowed from a ThreadSafeModule used after the
// ThreadSafeModule was handed to the JIT.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_MODULEOUTLIVESCONTEXTCHECK_H
#define LLVMOWN_MODULEOUTLIVESCONTEXTCHECK_H

#include "FunctionBodyCheck.h"
#include "engine/analyses/lifetime/LifetimeAnalysis.h"
#include <vector>

namespace clang::tidy::llvmown {

class ModuleOutlivesContextCheck : public FunctionBodyCheck {
public:
  ModuleOutlivesContextCheck(StringRef Name, ClangTidyContext *Context);

protected:
  void analyzeFunctions(ASTContext &Ctx,
                        llvm::ArrayRef<FunctionBody> Functions) override;

private:
  void reportUse(const LifetimeFacts &F, const UseAfterEndFact &U);
  void reportTemporaryOwner(const Owner &O, const UseAfterEndFact &U);
  void reportEscapesAndOrders(const LifetimeFacts &F);
  void reportMemberOrder(const FieldBindFact &MP);
  void reportNestedOrder(const NestedOrderFact &NO);
  void swapFix(DiagnosticBuilder &Diag, const FieldDecl *Holder,
               const FieldDecl *Context);
};

} // namespace clang::tidy::llvmown

#endif
