// Stand-in for llvm/Transforms/Utils/Cloning.h (LLVM 19), for the llvmown lit
// tests: only CloneModule.
#ifndef LLVM_TRANSFORMS_UTILS_CLONING_H
#define LLVM_TRANSFORMS_UTILS_CLONING_H

#include "llvm/IR/Module.h"
#include <memory>

namespace llvm {

/// Return an exact copy of the specified module, created in M's context.
std::unique_ptr<Module> CloneModule(const Module &M);

} // namespace llvm

#endif
