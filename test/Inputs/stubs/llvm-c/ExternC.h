/* Stand-in for llvm-c/ExternC.h (LLVM 19), for the llvmown lit tests. */
#ifndef LLVM_C_EXTERNC_H
#define LLVM_C_EXTERNC_H

#ifdef __cplusplus
#define LLVM_C_EXTERN_C_BEGIN extern "C" {
#define LLVM_C_EXTERN_C_END }
#else
#define LLVM_C_EXTERN_C_BEGIN
#define LLVM_C_EXTERN_C_END
#endif

#endif
