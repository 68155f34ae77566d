// Stand-in for llvm/ExecutionEngine/Orc/ExecutorProcessControl.h (LLVM 19),
// for the llvmown lit tests.
#ifndef LLVM_EXECUTIONENGINE_ORC_EXECUTORPROCESSCONTROL_H
#define LLVM_EXECUTIONENGINE_ORC_EXECUTORPROCESSCONTROL_H

#include "llvm/ExecutionEngine/JITLink/JITLinkMemoryManager.h"
#include "llvm/ExecutionEngine/Orc/SymbolStringPool.h"
#include "llvm/ExecutionEngine/Orc/TaskDispatch.h"
#include "llvm/Support/Error.h"
#include "llvm/TargetParser/Triple.h"
#include <memory>

namespace llvm {
namespace orc {

/// ExecutorProcessControl supports interaction with a JIT target process.
class ExecutorProcessControl {
public:
  virtual ~ExecutorProcessControl();

  /// Return the Triple for the target process.
  const Triple &getTargetTriple() const { return TargetTriple; }

  /// Get the page size for the target process.
  unsigned getPageSize() const { return PageSize; }

protected:
  Triple TargetTriple;
  unsigned PageSize = 0;
};

/// A ExecutorProcessControl implementation targeting the current process.
class SelfExecutorProcessControl : public ExecutorProcessControl {
public:
  /// Create a SelfExecutorProcessControl with the given symbol string pool
  /// and memory manager.
  static Expected<std::unique_ptr<SelfExecutorProcessControl>>
  Create(std::shared_ptr<SymbolStringPool> SSP = nullptr,
         std::unique_ptr<TaskDispatcher> D = nullptr,
         std::unique_ptr<jitlink::JITLinkMemoryManager> MemMgr = nullptr);
};

} // namespace orc
} // namespace llvm

#endif
