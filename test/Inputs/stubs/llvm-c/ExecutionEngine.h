/* Stand-in for llvm-c/ExecutionEngine.h (LLVM 19), for the llvmown lit
   tests. */
#ifndef LLVM_C_EXECUTIONENGINE_H
#define LLVM_C_EXECUTIONENGINE_H

#include "llvm-c/ExternC.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Types.h"
#include <stddef.h>
#include <stdint.h>

LLVM_C_EXTERN_C_BEGIN

typedef struct LLVMOpaqueExecutionEngine *LLVMExecutionEngineRef;
typedef struct LLVMOpaqueMCJITMemoryManager *LLVMMCJITMemoryManagerRef;

struct LLVMMCJITCompilerOptions {
  unsigned OptLevel;
  LLVMCodeModel CodeModel;
  LLVMBool NoFramePointerElim;
  LLVMBool EnableFastISel;
  LLVMMCJITMemoryManagerRef MCJMM;
};

void LLVMLinkInMCJIT(void);

LLVMBool LLVMCreateExecutionEngineForModule(LLVMExecutionEngineRef *OutEE,
                                            LLVMModuleRef M, char **OutError);
/* Both creators take ownership of M, also when they fail. */
void LLVMInitializeMCJITCompilerOptions(
    struct LLVMMCJITCompilerOptions *Options, size_t SizeOfOptions);
LLVMBool LLVMCreateMCJITCompilerForModule(
    LLVMExecutionEngineRef *OutJIT, LLVMModuleRef M,
    struct LLVMMCJITCompilerOptions *Options, size_t SizeOfOptions,
    char **OutError);
/* The engine takes M; LLVMRemoveModule gives it back through OutMod. */
void LLVMAddModule(LLVMExecutionEngineRef EE, LLVMModuleRef M);
LLVMBool LLVMRemoveModule(LLVMExecutionEngineRef EE, LLVMModuleRef M,
                          LLVMModuleRef *OutMod, char **OutError);
uint64_t LLVMGetFunctionAddress(LLVMExecutionEngineRef EE, const char *Name);
void LLVMDisposeExecutionEngine(LLVMExecutionEngineRef EE);
/* Owned by the engine: never dispose of the result. */
LLVMTargetMachineRef
LLVMGetExecutionEngineTargetMachine(LLVMExecutionEngineRef EE);

LLVM_C_EXTERN_C_END

#endif
