// Stand-in for llvm/CodeGen/CommandFlags.h (LLVM 19), for the llvmown lit
// tests: only createTargetMachineForTriple.
#ifndef LLVM_CODEGEN_COMMANDFLAGS_H
#define LLVM_CODEGEN_COMMANDFLAGS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/Error.h"
#include "llvm/Target/TargetMachine.h"
#include <memory>

namespace llvm {
namespace codegen {

/// Creates a TargetMachine instance with the options defined on the command
/// line.
Expected<std::unique_ptr<TargetMachine>> createTargetMachineForTriple(
    StringRef TargetTriple,
    CodeGenOptLevel OptLevel = CodeGenOptLevel::Default);

} // namespace codegen
} // namespace llvm

#endif
