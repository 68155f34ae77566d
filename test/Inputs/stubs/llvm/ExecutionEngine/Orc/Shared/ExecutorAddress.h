// Stand-in for llvm/ExecutionEngine/Orc/Shared/ExecutorAddress.h (LLVM 19),
// for the llvmown lit tests.
#ifndef LLVM_EXECUTIONENGINE_ORC_SHARED_EXECUTORADDRESS_H
#define LLVM_EXECUTIONENGINE_ORC_SHARED_EXECUTORADDRESS_H

#include <cstdint>

namespace llvm {
namespace orc {

/// An address in the executor process.
class ExecutorAddr {
  uint64_t Addr = 0;

public:
  ExecutorAddr() = default;
  explicit ExecutorAddr(uint64_t Addr) : Addr(Addr) {}

  uint64_t getValue() const { return Addr; }
  template <typename T> T toPtr() const {
    return reinterpret_cast<T>(static_cast<uintptr_t>(Addr));
  }
};

} // namespace orc
} // namespace llvm

#endif
