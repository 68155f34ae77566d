/* Stand-in for llvm-c/Target.h (LLVM 19), for the llvmown lit tests. */
#ifndef LLVM_C_TARGET_H
#define LLVM_C_TARGET_H

#include "llvm-c/ExternC.h"
#include "llvm-c/Types.h"

LLVM_C_EXTERN_C_BEGIN

typedef struct LLVMOpaqueTargetData *LLVMTargetDataRef;

/* In LLVM these expand to the configured native target's initialisers. */
static inline LLVMBool LLVMInitializeNativeTarget(void) { return 0; }
static inline LLVMBool LLVMInitializeNativeAsmPrinter(void) { return 0; }

char *LLVMCopyStringRepOfTargetData(LLVMTargetDataRef TD);
void LLVMDisposeTargetData(LLVMTargetDataRef TD);
/* Borrowed: owned by the module; never dispose of it. */
LLVMTargetDataRef LLVMGetModuleDataLayout(LLVMModuleRef M);
void LLVMSetModuleDataLayout(LLVMModuleRef M, LLVMTargetDataRef DL);
/* A new data layout: dispose of it with LLVMDisposeTargetData. */
LLVMTargetDataRef LLVMCreateTargetData(const char *StringRep);
unsigned LLVMPointerSize(LLVMTargetDataRef TD);

LLVM_C_EXTERN_C_END

#endif
