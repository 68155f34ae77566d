// Stand-in for llvm/ExecutionEngine/RuntimeDyld.h (LLVM 19), for the llvmown
// lit tests.
#ifndef LLVM_EXECUTIONENGINE_RUNTIMEDYLD_H
#define LLVM_EXECUTIONENGINE_RUNTIMEDYLD_H

#include <string>

namespace llvm {

class RuntimeDyld {
public:
  /// Memory Management.
  class MemoryManager {
  public:
    MemoryManager() = default;
    virtual ~MemoryManager() = default;

    /// This method is called when object loading is complete and section page
    /// permissions can be applied.
    virtual bool finalizeMemory(std::string *ErrMsg = nullptr) = 0;

  private:
    virtual void anchor();
  };
};

} // end namespace llvm

#endif
