/* Stand-in for llvm-c/Linker.h (LLVM 19), for the llvmown lit tests. */
#ifndef LLVM_C_LINKER_H
#define LLVM_C_LINKER_H

#include "llvm-c/ExternC.h"
#include "llvm-c/Types.h"

LLVM_C_EXTERN_C_BEGIN

/* Links Src into Dest. The source module is destroyed. */
LLVMBool LLVMLinkModules2(LLVMModuleRef Dest, LLVMModuleRef Src);

LLVM_C_EXTERN_C_END

#endif
