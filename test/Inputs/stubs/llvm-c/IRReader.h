/* Stand-in for llvm-c/IRReader.h (LLVM 19), for the llvmown lit tests. */
#ifndef LLVM_C_IRREADER_H
#define LLVM_C_IRREADER_H

#include "llvm-c/ExternC.h"
#include "llvm-c/Types.h"

LLVM_C_EXTERN_C_BEGIN

/* Reads a module into ContextRef; *OutM belongs to that context. Always
   takes ownership of MemBuf. */
LLVMBool LLVMParseIRInContext(LLVMContextRef ContextRef,
                              LLVMMemoryBufferRef MemBuf, LLVMModuleRef *OutM,
                              char **OutMessage);

LLVM_C_EXTERN_C_END

#endif
