//===- LLVMOwnTidyModule.cpp - the llvmown clang-tidy module --------------===//
//
// Registers every llvmown-* check. Both front ends (the clang-tidy plugin and
// the standalone `llvmown` tool) link this file, so the list lives here only.
//
//===----------------------------------------------------------------------===//

#include "CApiDisposeCheck.h"
#include "ClangTidyModule.h"
// ClangTidyModuleRegistry moved into ClangTidyModule.h (LLVM 22), whose
// Registry.h include tells; the old header now warns that it is deprecated.
#ifndef LLVM_SUPPORT_REGISTRY_H
#include "ClangTidyModuleRegistry.h"
#endif
#include "JitResourceLeakCheck.h"
#include "ModuleOutlivesContextCheck.h"
#include "RetainedThreadSafeModuleCheck.h"
#include "TargetMachineLeakCheck.h"

namespace clang::tidy::llvmown {

class LLVMOwnModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<CApiDisposeCheck>("llvmown-c-api-dispose");
    Factories.registerCheck<JitResourceLeakCheck>("llvmown-jit-resource-leak");
    Factories.registerCheck<ModuleOutlivesContextCheck>(
        "llvmown-module-outlives-context");
    Factories.registerCheck<RetainedThreadSafeModuleCheck>(
        "llvmown-retained-thread-safe-module");
    Factories.registerCheck<TargetMachineLeakCheck>(
        "llvmown-target-machine-leak");
  }
};

} // namespace clang::tidy::llvmown

namespace clang::tidy {

// Runs before the registration below (same translation unit, declaration
// order). The plugin defines it to refuse a host of another LLVM version; the
// standalone tool, which is linked against LLVM 19 itself, defines it as a
// no-op.
bool llvmownHostIsCompatible();

static bool HostOK = llvmownHostIsCompatible();

static ClangTidyModuleRegistry::Add<llvmown::LLVMOwnModule>
    X("llvmown-module", "Checks for misuse of LLVM object ownership.");

// Referenced by the tool to force this object file into the link.
volatile int LLVMOwnModuleAnchorSource = HostOK ? 0 : 1;

} // namespace clang::tidy
