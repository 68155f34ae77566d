//===- JitResourceLeakCheck.h - llvmown-jit-resource-leak -----------------===//
//
// Finds JIT'd code and IR that can never be released: per-request adds to
// a JITDylib's default resource tracker or to an MCJIT ExecutionEngine in a
// long-lived JIT, modules kept in long-lived containers after their code was
// generated, resource trackers dropped without remove() after code was added
// with them, ResourceTrackerSPs with static storage duration that outlive
// their session, C++ ExecutionEngines (EngineBuilder::create) never deleted
// or kept in members nothing deletes, and (SharedContextRequests)
// per-request modules in a long-lived LLVMContext.
//
//===----------------------------------------------------------------------===//

#ifndef LLVMOWN_JITRESOURCELEAKCHECK_H
#define LLVMOWN_JITRESOURCELEAKCHECK_H

#include "OwningPointerCheck.h"

namespace clang::tidy::llvmown {

struct DroppedTracker;
struct UntrackedAdd;

class JitResourceLeakCheck : public OwningPointerCheck {
public:
  JitResourceLeakCheck(StringRef Name, ClangTidyContext *Context);

protected:
  void analyzeFunctions(ASTContext &Ctx,
                        llvm::ArrayRef<FunctionBody> Functions) override;

private:
  void reportDropped(const DroppedTracker &T);
  void reportUntrackedAdd(const UntrackedAdd &A);
  /// An engine's module that is taken back with removeModule: the code
  /// MCJIT loaded for it stays.
  void reportRemovedOnly(const UntrackedAdd &A);

  const std::string SetupFunctions;
  const bool SharedContextRequests;
};

} // namespace clang::tidy::llvmown

#endif
