//===- CheckInfo.cpp - what each check is, for reports --------------------===//

#include "CheckInfo.h"

namespace clang::tidy::llvmown::tool {

static const CheckInfo Checks[] = {
    {"llvmown-c-api-dispose",
     "LLVM C API handles and strings released never, twice, too early or "
     "with the wrong function",
     "LLVM C API handles and strings (LLVMCreate*/LLVMDispose* pairs, "
     "messages, memory buffers) that are never released, released on some "
     "paths only, released twice, released after a call took them over, "
     "released although they were only borrowed, or released with the wrong "
     "deallocator.",
     "docs/checks/c-api-dispose.md"},
    {"llvmown-jit-resource-leak",
     "JIT'd code and IR that can never be released",
     "JIT'd code and IR that can never be released: per-request additions "
     "to a JITDylib's default resource tracker or to an MCJIT "
     "ExecutionEngine in a long-lived JIT, modules kept in long-lived "
     "containers after their code was generated, resource trackers dropped "
     "without remove() after code was added with them, ResourceTrackerSPs "
     "with static storage duration that outlive their session, and "
     "(SharedContextRequests) per-request modules in a long-lived "
     "LLVMContext.",
     "docs/checks/jit-resource-leak.md"},
    {"llvmown-module-outlives-context",
     "Modules and IR used after the LLVMContext that owns them is gone",
     "Modules, functions, types and other IR used after their LLVMContext "
     "was destroyed; modules returned out of a function whose local context "
     "dies; module holders destroyed after their context; module pointers "
     "borrowed from a ThreadSafeModule used after it was handed to the JIT.",
     "docs/checks/module-outlives-context.md"},
    {"llvmown-retained-thread-safe-module",
     "ThreadSafeModules and ThreadSafeContexts kept alive far longer than "
     "their compilation",
     "orc::ThreadSafeModule and orc::ThreadSafeContext values that pin their "
     "LLVMContext in heap objects handed out as raw pointers, in global or "
     "never-drained containers, in emptied ThreadSafeModules left behind, or "
     "through stored addresses of a caller's ThreadSafeModule.",
     "docs/checks/retained-thread-safe-module.md"},
    {"llvmown-target-machine-leak",
     "TargetMachine objects created by LLVM that are never released",
     "llvm::TargetMachine objects created by LLVM (or by wrappers around it) "
     "that are never released, released on some paths only, overwritten "
     "while still owned, or stored in members that nothing releases.",
     "docs/checks/target-machine-leak.md"},
};

const CheckInfo *findCheckInfo(llvm::StringRef Name) {
  for (const CheckInfo &C : Checks)
    if (C.Name == Name)
      return &C;
  return nullptr;
}

} // namespace clang::tidy::llvmown::tool
