// Stand-in for llvm/ExecutionEngine/Orc/TaskDispatch.h (LLVM 19), for the
// llvmown lit tests.
#ifndef LLVM_EXECUTIONENGINE_ORC_TASKDISPATCH_H
#define LLVM_EXECUTIONENGINE_ORC_TASKDISPATCH_H

namespace llvm {
namespace orc {

/// Abstract base for TaskDispatchers.
class TaskDispatcher {
public:
  virtual ~TaskDispatcher();
  /// Wait for all outstanding tasks to complete.
  virtual void shutdown() = 0;
};

} // namespace orc
} // namespace llvm

#endif
