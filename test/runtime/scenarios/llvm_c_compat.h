/*===- llvm_c_compat.h - LLVM C API differences for the C scenarios -------===*|
|*                                                                            *|
|* C has no way to test whether a function is declared, so this header, the   *|
|* only one, tests LLVM's version (llvm-config.h) where the C API changed.    *|
|* LLVMCompat.h is the C++ counterpart.                                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LLVMOWN_RUNTIME_LLVM_C_COMPAT_H
#define LLVMOWN_RUNTIME_LLVM_C_COMPAT_H

#include "llvm-c/Core.h"
#include "llvm-c/Orc.h"
#include "llvm/Config/llvm-config.h"

/* A new ThreadSafeContext in TSCtx and its LLVMContext in Ctx. LLVM 22
 * removed LLVMOrcThreadSafeContextGetContext: the context is created first
 * and the ThreadSafeContext takes it over. Either way, disposing of TSCtx
 * disposes of Ctx. */
#if LLVM_VERSION_MAJOR >= 22
#define LLVMOWN_RT_NEW_TSC(TSCtx, Ctx)                                         \
  LLVMContextRef Ctx = LLVMContextCreate();                                    \
  LLVMOrcThreadSafeContextRef TSCtx =                                          \
      LLVMOrcCreateNewThreadSafeContextFromLLVMContext(Ctx)
#else
#define LLVMOWN_RT_NEW_TSC(TSCtx, Ctx)                                         \
  LLVMOrcThreadSafeContextRef TSCtx = LLVMOrcCreateNewThreadSafeContext();     \
  LLVMContextRef Ctx = LLVMOrcThreadSafeContextGetContext(TSCtx)
#endif

#endif /* LLVMOWN_RUNTIME_LLVM_C_COMPAT_H */
