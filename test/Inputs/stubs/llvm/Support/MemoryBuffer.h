// Stand-in for llvm/Support/MemoryBuffer.h (LLVM 19), for the llvmown lit
// tests.
#ifndef LLVM_SUPPORT_MEMORYBUFFER_H
#define LLVM_SUPPORT_MEMORYBUFFER_H

#include "llvm/ADT/StringRef.h"
#include <memory>

namespace llvm {

/// A non-owning view of a buffer and its name.
class MemoryBufferRef {
  StringRef Buffer;
  StringRef Identifier;

public:
  MemoryBufferRef() = default;
  MemoryBufferRef(StringRef Buffer, StringRef Identifier)
      : Buffer(Buffer), Identifier(Identifier) {}
  StringRef getBuffer() const { return Buffer; }
  StringRef getBufferIdentifier() const { return Identifier; }
};

class MemoryBuffer {
protected:
  MemoryBuffer() = default;

public:
  MemoryBuffer(const MemoryBuffer &) = delete;
  MemoryBuffer &operator=(const MemoryBuffer &) = delete;
  virtual ~MemoryBuffer();

  /// A buffer that refers to InputData without copying it.
  static std::unique_ptr<MemoryBuffer>
  getMemBuffer(StringRef InputData, StringRef BufferName = "",
               bool RequiresNullTerminator = true);

  StringRef getBuffer() const;
  MemoryBufferRef getMemBufferRef() const;
};

} // namespace llvm

#endif
