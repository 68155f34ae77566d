/* llvmown history replay shim (hand-written), force-included in the mesa rows:
   three C API functions of old LLVMs that Debian's LLVM lacks, declared with
   their old signatures. It sits in an llvm-c directory, as LLVM's C headers
   do: llvmown takes an LLVM*-named function for LLVM's by where it is
   declared. */
#ifndef LLVMOWN_REPLAY_OLD_LLVM_C_H
#define LLVMOWN_REPLAY_OLD_LLVM_C_H
#include <llvm-c/Core.h>
#include <llvm-c/ExecutionEngine.h>
#include <llvm-c/Target.h>
#ifdef __cplusplus
extern "C" {
#endif
/* gone in LLVM 3.0 */
LLVMBool LLVMAddTypeName(LLVMModuleRef Mod, const char *TypeName, LLVMTypeRef T);
/* gone in LLVM 3.x */
void LLVMAddModuleProvider(LLVMExecutionEngineRef Engine, LLVMModuleProviderRef Provider);
/* gone in LLVM 3.9 */
void LLVMAddTargetData(LLVMTargetDataRef Layout, LLVMPassManagerRef Passes);
#ifdef __cplusplus
}
#endif
#endif
