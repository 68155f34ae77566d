// Stand-in for llvm/ExecutionEngine/RTDyldMemoryManager.h (LLVM 19), for the
// llvmown lit tests.
#ifndef LLVM_EXECUTIONENGINE_RTDYLDMEMORYMANAGER_H
#define LLVM_EXECUTIONENGINE_RTDYLDMEMORYMANAGER_H

#include "llvm/ExecutionEngine/RuntimeDyld.h"
#include <cstdint>
#include <string>

namespace llvm {

class MCJITMemoryManager : public RuntimeDyld::MemoryManager {
private:
  void anchor() override;
};

class RTDyldMemoryManager : public MCJITMemoryManager {
public:
  RTDyldMemoryManager() = default;
  RTDyldMemoryManager(const RTDyldMemoryManager &) = delete;
  void operator=(const RTDyldMemoryManager &) = delete;
  ~RTDyldMemoryManager() override;

  /// This method returns the address of the specified function or variable in
  /// the current process.
  static uint64_t getSymbolAddressInProcess(const std::string &Name);
};

} // end namespace llvm

#endif
