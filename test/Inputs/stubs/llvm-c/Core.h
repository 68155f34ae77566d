/* Stand-in for llvm-c/Core.h (LLVM 19), for the llvmown lit tests. */
#ifndef LLVM_C_CORE_H
#define LLVM_C_CORE_H

#include "llvm-c/ExternC.h"
#include "llvm-c/Types.h"

LLVM_C_EXTERN_C_BEGIN

void LLVMDisposeMessage(char *Message);

LLVMContextRef LLVMContextCreate(void);
void LLVMContextDispose(LLVMContextRef C);
LLVMModuleRef LLVMModuleCreateWithNameInContext(const char *ModuleID,
                                                LLVMContextRef C);
void LLVMDisposeModule(LLVMModuleRef M);
void LLVMSetTarget(LLVMModuleRef M, const char *Triple);

LLVM_C_EXTERN_C_END

#endif
