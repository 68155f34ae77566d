/* Stand-in for llvm-c/Core.h (LLVM 19), for the llvmown lit tests. */
#ifndef LLVM_C_CORE_H
#define LLVM_C_CORE_H

#include "llvm-c/ExternC.h"
#include "llvm-c/Types.h"
#include <stddef.h>

LLVM_C_EXTERN_C_BEGIN

/* The result is a copy (strdup): dispose of it with LLVMDisposeMessage. */
char *LLVMCreateMessage(const char *Message);
void LLVMDisposeMessage(char *Message);

/* Contexts. Disposing of a context deletes every module still in it. */
LLVMContextRef LLVMContextCreate(void);
/* The process-wide context: never dispose of it. */
LLVMContextRef LLVMGetGlobalContext(void);
void LLVMContextDispose(LLVMContextRef C);

/* Modules. */
/* The module is created in the global context. */
LLVMModuleRef LLVMModuleCreateWithName(const char *ModuleID);
LLVMModuleRef LLVMModuleCreateWithNameInContext(const char *ModuleID,
                                                LLVMContextRef C);
/* The clone is created in M's context. */
LLVMModuleRef LLVMCloneModule(LLVMModuleRef M);
void LLVMDisposeModule(LLVMModuleRef M);
const char *LLVMGetModuleIdentifier(LLVMModuleRef M, size_t *Len);
void LLVMSetTarget(LLVMModuleRef M, const char *Triple);
void LLVMDumpModule(LLVMModuleRef M);
/* The result is a copy: dispose of it with LLVMDisposeMessage. */
char *LLVMPrintModuleToString(LLVMModuleRef M);
LLVMContextRef LLVMGetModuleContext(LLVMModuleRef M);
LLVMValueRef LLVMAddFunction(LLVMModuleRef M, const char *Name,
                             LLVMTypeRef FunctionTy);
LLVMValueRef LLVMGetNamedFunction(LLVMModuleRef M, const char *Name);
/* Borrowed strings, owned by the module. */
const char *LLVMGetDataLayoutStr(LLVMModuleRef M);
void LLVMSetDataLayout(LLVMModuleRef M, const char *DataLayoutStr);
const char *LLVMGetTarget(LLVMModuleRef M);
/* On failure *ErrorMessage is a copy: dispose of it with LLVMDisposeMessage. */
LLVMBool LLVMPrintModuleToFile(LLVMModuleRef M, const char *Filename,
                               char **ErrorMessage);

/* Types (owned by their context). */
LLVMTypeRef LLVMInt32TypeInContext(LLVMContextRef C);
LLVMTypeRef LLVMInt64TypeInContext(LLVMContextRef C);
LLVMTypeRef LLVMVoidTypeInContext(LLVMContextRef C);
LLVMTypeRef LLVMFunctionType(LLVMTypeRef ReturnType, LLVMTypeRef *ParamTypes,
                             unsigned ParamCount, LLVMBool IsVarArg);
/* The result is a copy: dispose of it with LLVMDisposeMessage. */
char *LLVMPrintTypeToString(LLVMTypeRef Val);

/* Values. */
const char *LLVMGetValueName2(LLVMValueRef Val, size_t *Length);
void LLVMDumpValue(LLVMValueRef Val);
/* The result is a copy: dispose of it with LLVMDisposeMessage. */
char *LLVMPrintValueToString(LLVMValueRef Val);
LLVMValueRef LLVMConstInt(LLVMTypeRef IntTy, unsigned long long N,
                          LLVMBool SignExtend);
LLVMValueRef LLVMGetParam(LLVMValueRef Fn, unsigned Index);

/* Basic blocks and instruction builders. */
LLVMBasicBlockRef LLVMAppendBasicBlockInContext(LLVMContextRef C,
                                                LLVMValueRef Fn,
                                                const char *Name);
LLVMBuilderRef LLVMCreateBuilderInContext(LLVMContextRef C);
/* The builder uses the global context. */
LLVMBuilderRef LLVMCreateBuilder(void);
void LLVMPositionBuilderAtEnd(LLVMBuilderRef Builder, LLVMBasicBlockRef Block);
void LLVMDisposeBuilder(LLVMBuilderRef Builder);
LLVMValueRef LLVMBuildRetVoid(LLVMBuilderRef);
LLVMValueRef LLVMBuildRet(LLVMBuilderRef, LLVMValueRef V);
LLVMValueRef LLVMBuildAdd(LLVMBuilderRef, LLVMValueRef LHS, LLVMValueRef RHS,
                          const char *Name);

/* Memory buffers. */
/* *OutMemBuf on success; on failure *OutMessage is a copy (dispose of it
   with LLVMDisposeMessage). */
LLVMBool LLVMCreateMemoryBufferWithContentsOfFile(const char *Path,
                                                  LLVMMemoryBufferRef *OutMemBuf,
                                                  char **OutMessage);
/* Does not copy: InputData must outlive the buffer. */
LLVMMemoryBufferRef LLVMCreateMemoryBufferWithMemoryRange(
    const char *InputData, size_t InputDataLength, const char *BufferName,
    LLVMBool RequiresNullTerminator);
LLVMMemoryBufferRef LLVMCreateMemoryBufferWithMemoryRangeCopy(
    const char *InputData, size_t InputDataLength, const char *BufferName);
void LLVMDisposeMemoryBuffer(LLVMMemoryBufferRef MemBuf);
const char *LLVMGetBufferStart(LLVMMemoryBufferRef MemBuf);
size_t LLVMGetBufferSize(LLVMMemoryBufferRef MemBuf);

/* Legacy pass managers. The function pass manager does not own M. */
LLVMPassManagerRef LLVMCreatePassManager(void);
LLVMPassManagerRef LLVMCreateFunctionPassManagerForModule(LLVMModuleRef M);
LLVMBool LLVMRunPassManager(LLVMPassManagerRef PM, LLVMModuleRef M);
LLVMBool LLVMInitializeFunctionPassManager(LLVMPassManagerRef FPM);
LLVMBool LLVMRunFunctionPassManager(LLVMPassManagerRef FPM, LLVMValueRef F);
LLVMBool LLVMFinalizeFunctionPassManager(LLVMPassManagerRef FPM);
void LLVMDisposePassManager(LLVMPassManagerRef PM);

LLVM_C_EXTERN_C_END

#endif
