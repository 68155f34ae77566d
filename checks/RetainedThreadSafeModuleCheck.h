//===- RetainedThreadSafeModuleCheck.h - llvmown-retained-thread-safe-module
//===//
//
// Finds ThreadSafeModules and ThreadSafeContexts kept where they pin their
// LLVMContext long after the compilation: in heap objects handed out as raw
// pointers (an AOT compiler's native-code descriptor), global containers,
// member containers nothing drains; emptied ThreadSafeModules left in such
// places; pointers to a caller's ThreadSafeModule stored in them.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_RETAINEDTHREADSAFEMODULECHECK_H
#define LLVMOWN_RETAINEDTHREADSAFEMODULECHECK_H

#include "FunctionBodyCheck.h"

namespace clang::tidy::llvmown {

class RetainedThreadSafeModuleCheck : public FunctionBodyCheck {
public:
  RetainedThreadSafeModuleCheck(StringRef Name, ClangTidyContext *Context);

protected:
  void analyzeFunctions(ASTContext &Ctx,
                        llvm::ArrayRef<FunctionBody> Functions) override;

private:
  const std::string LongLivedTypes;
  const std::string ReleaseFunctions;
};

} // namespace clang::tidy::llvmown

#endif
