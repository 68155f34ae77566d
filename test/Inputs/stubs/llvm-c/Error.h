/* Stand-in for llvm-c/Error.h (LLVM 19), for the llvmown lit tests. */
#ifndef LLVM_C_ERROR_H
#define LLVM_C_ERROR_H

#include "llvm-c/ExternC.h"

LLVM_C_EXTERN_C_BEGIN

typedef struct LLVMOpaqueError *LLVMErrorRef;

#define LLVMErrorSuccess 0

typedef const void *LLVMErrorTypeId;

LLVMErrorTypeId LLVMGetErrorTypeId(LLVMErrorRef Err);
LLVMErrorTypeId LLVMGetStringErrorTypeId(void);
LLVMErrorRef LLVMCreateStringError(const char *ErrMsg);

char *LLVMGetErrorMessage(LLVMErrorRef Err);
void LLVMDisposeErrorMessage(char *ErrMsg);
void LLVMConsumeError(LLVMErrorRef Err);

LLVM_C_EXTERN_C_END

#endif
