/* Stand-in for llvm-c/ExecutionEngine.h (LLVM 19), for the llvmown lit
   tests. */
#ifndef LLVM_C_EXECUTIONENGINE_H
#define LLVM_C_EXECUTIONENGINE_H

#include "llvm-c/ExternC.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Types.h"

LLVM_C_EXTERN_C_BEGIN

typedef struct LLVMOpaqueExecutionEngine *LLVMExecutionEngineRef;

LLVMBool LLVMCreateExecutionEngineForModule(LLVMExecutionEngineRef *OutEE,
                                            LLVMModuleRef M, char **OutError);
void LLVMDisposeExecutionEngine(LLVMExecutionEngineRef EE);
/* Owned by the engine: never dispose of the result. */
LLVMTargetMachineRef
LLVMGetExecutionEngineTargetMachine(LLVMExecutionEngineRef EE);

LLVM_C_EXTERN_C_END

#endif
