//===- JitResourceLeakCheck.h - llvmown-jit-resource-leak -----------------===//
//
// Finds ORC code and memory that can never be released: per-request adds to
// a JITDylib's default resource tracker in a long-lived JIT, resource
// trackers dropped without remove() after code was added with them, and
// ResourceTrackerSPs with static storage duration that outlive their session.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_JITRESOURCELEAKCHECK_H
#define LLVMOWN_JITRESOURCELEAKCHECK_H

#include "FunctionBodyCheck.h"
#include "engine/ApiModel.h"

namespace clang::tidy::llvmown {

class JitResourceLeakCheck : public FunctionBodyCheck {
public:
  JitResourceLeakCheck(StringRef Name, ClangTidyContext *Context);

protected:
  void analyzeFunctions(ASTContext &Ctx,
                        llvm::ArrayRef<FunctionBody> Functions) override;

private:
  const std::string SetupFunctions;
  ApiModel Model;
};

} // namespace clang::tidy::llvmown

#endif
