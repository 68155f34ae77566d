// Stand-in for llvm/Bitcode/BitcodeWriter.h (LLVM 19), for the llvmown lit
// tests: only WriteBitcodeToFile.
#ifndef LLVM_BITCODE_BITCODEWRITER_H
#define LLVM_BITCODE_BITCODEWRITER_H

#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include <array>
#include <cstdint>

namespace llvm {

class ModuleSummaryIndex;                  // llvm/IR/ModuleSummaryIndex.h
using ModuleHash = std::array<uint32_t, 5>; // llvm/IR/ModuleSummaryIndex.h

/// Writes M as bitcode to Out; M is only read.
void WriteBitcodeToFile(const Module &M, raw_ostream &Out,
                        bool ShouldPreserveUseListOrder = false,
                        const ModuleSummaryIndex *Index = nullptr,
                        bool GenerateHash = false,
                        ModuleHash *ModHash = nullptr);

} // namespace llvm

#endif
