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

LLVM_C_EXTERN_C_END

#endif
