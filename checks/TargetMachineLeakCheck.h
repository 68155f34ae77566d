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

#include "FunctionBodyCheck.h"
#include "engine/analyses/lifetime/MemberOwnership.h"
#include "llvm/ADT/DenseSet.h"
#include <memory>
#include <optional>
#include <vector>

namespace clang::tidy::llvmown {

class TargetMachineLeakCheck : public FunctionBodyCheck {
public:
  TargetMachineLeakCheck(StringRef Name, ClangTidyContext *Context);

protected:
  void analyzeFunctions(ASTContext &Ctx,
                        llvm::ArrayRef<FunctionBody> Functions) override;

private:
  void reportLeak(const LeakFact &L, const OwnedObject &O, const Stmt *Body,
                  ASTContext &Ctx);
  std::optional<FixItHint> uniquePtrFix(const LeakFact &L, const OwnedObject &O,
                                        const Stmt *Body, ASTContext &Ctx);
  bool reportMemberStore(const FieldStoreFact &FS, const OwnedObject &O,
                         const MemberUse &U);

  llvm::DenseSet<const FieldDecl *> ReportedMembers;
  const std::string OwningFactories;
  const std::string ReleaseFunctions;
  const std::string TransferFunctions;
};

} // namespace clang::tidy::llvmown

#endif
