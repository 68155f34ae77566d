/* Stand-in for llvm-c/Types.h (LLVM 19), for the llvmown lit tests. */
#ifndef LLVM_C_TYPES_H
#define LLVM_C_TYPES_H

#include "llvm-c/ExternC.h"

LLVM_C_EXTERN_C_BEGIN

typedef int LLVMBool;
typedef struct LLVMOpaqueContext *LLVMContextRef;
typedef struct LLVMOpaqueModule *LLVMModuleRef;
typedef struct LLVMOpaqueMemoryBuffer *LLVMMemoryBufferRef;
typedef struct LLVMOpaquePassManager *LLVMPassManagerRef;
typedef struct LLVMOpaqueType *LLVMTypeRef;
typedef struct LLVMOpaqueValue *LLVMValueRef;
typedef struct LLVMOpaqueBasicBlock *LLVMBasicBlockRef;
typedef struct LLVMOpaqueBuilder *LLVMBuilderRef;
typedef struct LLVMOpaqueModuleProvider *LLVMModuleProviderRef;
typedef struct LLVMOpaqueMetadata *LLVMMetadataRef;
typedef struct LLVMOpaqueDIBuilder *LLVMDIBuilderRef;

LLVM_C_EXTERN_C_END

#endif
