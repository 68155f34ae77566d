// Stand-in for llvm/IRReader/IRReader.h (LLVM 19), for the llvmown lit tests.
// The modules returned are created in (and registered with) Context. LLVM's
// parseIR and parseIRFile also take a defaulted ParserCallbacks argument.
#ifndef LLVM_IRREADER_IRREADER_H
#define LLVM_IRREADER_IRREADER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include <memory>

namespace llvm {

/// Lazily deserialises function bodies if the file holds bitcode.
std::unique_ptr<Module>
getLazyIRFileModule(StringRef Filename, SMDiagnostic &Err, LLVMContext &Context,
                    bool ShouldLazyLoadMetadata = false);

/// Parses bitcode or textual IR from Buffer; null on error (see Err).
std::unique_ptr<Module> parseIR(MemoryBufferRef Buffer, SMDiagnostic &Err,
                                LLVMContext &Context);

/// Parses bitcode or textual IR from a file; null on error (see Err).
std::unique_ptr<Module> parseIRFile(StringRef Filename, SMDiagnostic &Err,
                                    LLVMContext &Context);

} // namespace llvm

#endif
