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

#include "OwningPointerCheck.h"
#include <string>

namespace clang::tidy::llvmown {

class TargetMachineLeakCheck : public OwningPointerCheck {
public:
  TargetMachineLeakCheck(StringRef Name, ClangTidyContext *Context);

protected:
  void analyzeFunctions(ASTContext &Ctx,
                        llvm::ArrayRef<FunctionBody> Functions) override;

private:
  const std::string OwningFactories;
  const std::string ReleaseFunctions;
  const std::string TransferFunctions;
};

} // namespace clang::tidy::llvmown

#endif
