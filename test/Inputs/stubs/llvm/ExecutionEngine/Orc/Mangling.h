// Stand-in for llvm/ExecutionEngine/Orc/Mangling.h (LLVM 19), for the llvmown
// lit tests.
#ifndef LLVM_EXECUTIONENGINE_ORC_MANGLING_H
#define LLVM_EXECUTIONENGINE_ORC_MANGLING_H

#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"

namespace llvm {
namespace orc {

/// Mangles symbol names then uniques them in the context of an
/// ExecutionSession.
class MangleAndInterner {
public:
  MangleAndInterner(ExecutionSession &ES, const DataLayout &DL);
  SymbolStringPtr operator()(StringRef Name);

private:
  ExecutionSession &ES;
  const DataLayout &DL;
};

/// Maps IR global values to their linker symbol names / flags.
class IRSymbolMapper {
public:
  struct ManglingOptions {
    bool EmulatedTLS = false;
  };
};

} // namespace orc
} // namespace llvm

#endif
