// Stand-in for llvm/ExecutionEngine/JITLink/JITLinkMemoryManager.h (LLVM 19),
// for the llvmown lit tests.
#ifndef LLVM_EXECUTIONENGINE_JITLINK_JITLINKMEMORYMANAGER_H
#define LLVM_EXECUTIONENGINE_JITLINK_JITLINKMEMORYMANAGER_H

namespace llvm {
namespace jitlink {

/// Manages allocations of JIT memory.
class JITLinkMemoryManager {
public:
  virtual ~JITLinkMemoryManager();
};

} // namespace jitlink
} // namespace llvm

#endif
