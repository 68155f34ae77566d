// Stand-in for llvm/TargetParser/Host.h (LLVM 19), for the llvmown lit tests.
#ifndef LLVM_TARGETPARSER_HOST_H
#define LLVM_TARGETPARSER_HOST_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace llvm {
namespace sys {
std::string getDefaultTargetTriple();
std::string getProcessTriple();
StringRef getHostCPUName();
} // namespace sys
} // namespace llvm

#endif
