/* Stand-in for llvm-c/DebugInfo.h (LLVM 19), for the llvmown lit tests. */
#ifndef LLVM_C_DEBUGINFO_H
#define LLVM_C_DEBUGINFO_H

#include "llvm-c/ExternC.h"
#include "llvm-c/Types.h"
#include <stddef.h>

LLVM_C_EXTERN_C_BEGIN

/* Borrows M: dispose of the builder before the module. */
LLVMDIBuilderRef LLVMCreateDIBuilder(LLVMModuleRef M);
void LLVMDisposeDIBuilder(LLVMDIBuilderRef Builder);
void LLVMDIBuilderFinalize(LLVMDIBuilderRef Builder);
LLVMMetadataRef LLVMDIBuilderCreateFile(LLVMDIBuilderRef Builder,
                                        const char *Filename,
                                        size_t FilenameLen,
                                        const char *Directory,
                                        size_t DirectoryLen);

LLVM_C_EXTERN_C_END

#endif
