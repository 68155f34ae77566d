// Stand-in for llvm/ExecutionEngine/Orc/LLJIT.h (LLVM 19), for the llvmown lit
// tests: LLJIT's IR-adding and lookup members, and LLJITBuilder.
#ifndef LLVM_EXECUTIONENGINE_ORC_LLJIT_H
#define LLVM_EXECUTIONENGINE_ORC_LLJIT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ExecutionEngine/Orc/Shared/ExecutorAddress.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/Support/Error.h"
#include <memory>

namespace llvm {
namespace orc {

class JITDylib; // llvm/ExecutionEngine/Orc/Core.h

/// A pre-fabricated ORC JIT stack.
class LLJIT {
public:
  virtual ~LLJIT();

  JITDylib &getMainJITDylib();

  /// Adds an IR module to the given JITDylib. TSM is taken by value: the
  /// caller's ThreadSafeModule is moved from, even when an error comes back.
  Error addIRModule(JITDylib &JD, ThreadSafeModule TSM);
  /// Adds an IR module to the main JITDylib.
  Error addIRModule(ThreadSafeModule TSM) {
    return addIRModule(getMainJITDylib(), std::move(TSM));
  }

  /// Look up a symbol in the main JITDylib by its unmangled name.
  Expected<ExecutorAddr> lookup(StringRef UnmangledName);
};

/// Constructs LLJIT instances.
class LLJITBuilder {
public:
  LLJITBuilder();
  Expected<std::unique_ptr<LLJIT>> create();
};

} // namespace orc
} // namespace llvm

#endif
