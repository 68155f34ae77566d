// Stand-in for llvm/ExecutionEngine/Orc/Shared/ExecutorSymbolDef.h (LLVM 19),
// for the llvmown lit tests.
#ifndef LLVM_EXECUTIONENGINE_ORC_SHARED_EXECUTORSYMBOLDEF_H
#define LLVM_EXECUTIONENGINE_ORC_SHARED_EXECUTORSYMBOLDEF_H

#include "llvm/ExecutionEngine/Orc/Shared/ExecutorAddress.h"

namespace llvm {
namespace orc {

/// Represents a defining location for a JIT symbol.
class ExecutorSymbolDef {
public:
  ExecutorSymbolDef() = default;
  explicit ExecutorSymbolDef(ExecutorAddr Addr) : Addr(Addr) {}

  const ExecutorAddr &getAddress() const { return Addr; }

private:
  ExecutorAddr Addr;
};

} // namespace orc
} // namespace llvm

#endif
