// Stand-in for llvm/Bitcode/BitcodeReader.h (LLVM 19), for the llvmown lit
// tests: only parseBitcodeFile (LLVM also takes a defaulted ParserCallbacks).
#ifndef LLVM_BITCODE_BITCODEREADER_H
#define LLVM_BITCODE_BITCODEREADER_H

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>

namespace llvm {

/// Read the specified bitcode file, returning the module (created in
/// Context).
Expected<std::unique_ptr<Module>> parseBitcodeFile(MemoryBufferRef Buffer,
                                                   LLVMContext &Context);

} // namespace llvm

#endif
