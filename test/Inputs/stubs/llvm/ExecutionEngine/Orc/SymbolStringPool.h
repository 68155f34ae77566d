// Stand-in for llvm/ExecutionEngine/Orc/SymbolStringPool.h (LLVM 19), for the
// llvmown lit tests: interned symbol names.
#ifndef LLVM_EXECUTIONENGINE_ORC_SYMBOLSTRINGPOOL_H
#define LLVM_EXECUTIONENGINE_ORC_SYMBOLSTRINGPOOL_H

#include "llvm/ADT/StringRef.h"
#include <cstddef>

namespace llvm {
namespace orc {

class SymbolStringPtr;

/// String pool for symbol names used by the JIT.
class SymbolStringPool {
public:
  ~SymbolStringPool();
  /// Create a symbol string pointer from the given string.
  SymbolStringPtr intern(StringRef S);
};

/// Pointer to a pooled string representing a symbol name.
class SymbolStringPtr {
  const void *S = nullptr;

public:
  SymbolStringPtr() = default;
  SymbolStringPtr(std::nullptr_t) {}
  SymbolStringPtr(const SymbolStringPtr &Other) = default;
  SymbolStringPtr &operator=(const SymbolStringPtr &Other) = default;

  explicit operator bool() const { return S != nullptr; }
  StringRef operator*() const;
};

} // namespace orc
} // namespace llvm

#endif
