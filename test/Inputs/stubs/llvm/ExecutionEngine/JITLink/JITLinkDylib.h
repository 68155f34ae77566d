// Stand-in for llvm/ExecutionEngine/JITLink/JITLinkDylib.h (LLVM 19), for the
// llvmown lit tests.
#ifndef LLVM_EXECUTIONENGINE_JITLINK_JITLINKDYLIB_H
#define LLVM_EXECUTIONENGINE_JITLINK_JITLINKDYLIB_H

#include <string>

namespace llvm {
namespace jitlink {

class JITLinkDylib {
public:
  JITLinkDylib(std::string Name) : Name(std::move(Name)) {}

  /// Get the name for this JITLinkDylib.
  const std::string &getName() const { return Name; }

private:
  std::string Name;
};

} // namespace jitlink
} // namespace llvm

#endif
