/*===- c-api-fixed.c - C API results disposed -----------------------------===*\
|*                                                                            *|
|* Runtime scenario "c-api", fixed variant: the same compilation, with the    *|
|* triple string, the data layout and the ThreadSafeContext disposed of by    *|
|* their matching functions. Expected: no finding, no growth.                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "kernel_ir.h"
#include "llvm_c_compat.h"
#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/IRReader.h"
#include "llvm-c/Orc.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"
#include <string.h>

/* Whether the assembly in Buf defines the function "kernel". */
static int definesKernel(LLVMMemoryBufferRef Buf) {
  const char *Start = LLVMGetBufferStart(Buf);
  size_t Size = LLVMGetBufferSize(Buf);
  static const char Label[] = "\nkernel:";
  size_t N = sizeof(Label) - 1;
  for (size_t I = 0; I + N <= Size; ++I)
    if (memcmp(Start + I, Label, N) == 0)
      return 1;
  return 0;
}

/* One compilation of the kernel; returns 1 on success. */
int llvmown_rt_c_api_fixed(const char *Triple, const char *CPU,
                           const char *Features) {
  LLVMOWN_RT_NEW_TSC(TSCtx, Ctx);

  LLVMMemoryBufferRef IR = LLVMCreateMemoryBufferWithMemoryRangeCopy(
      LLVMOWN_RT_KERNEL_IR, strlen(LLVMOWN_RT_KERNEL_IR), "kernel");
  LLVMModuleRef M;
  char *Msg = NULL;
  if (LLVMParseIRInContext(Ctx, IR, &M, &Msg)) {
    LLVMDisposeMessage(Msg);
    LLVMOrcDisposeThreadSafeContext(TSCtx);
    return 0;
  }

  LLVMTargetRef T;
  if (LLVMGetTargetFromTriple(Triple, &T, &Msg)) {
    LLVMDisposeMessage(Msg);
    LLVMDisposeModule(M);
    LLVMOrcDisposeThreadSafeContext(TSCtx);
    return 0;
  }
  LLVMTargetMachineRef TM =
      LLVMCreateTargetMachine(T, Triple, CPU, Features, LLVMCodeGenLevelDefault,
                              LLVMRelocPIC, LLVMCodeModelDefault);
  char *TMTriple = LLVMGetTargetMachineTriple(TM);
  LLVMSetTarget(M, TMTriple);
  LLVMDisposeMessage(TMTriple);
  LLVMTargetDataRef DL = LLVMCreateTargetDataLayout(TM);
  LLVMSetModuleDataLayout(M, DL);
  LLVMDisposeTargetData(DL);

  LLVMPassBuilderOptionsRef Opts = LLVMCreatePassBuilderOptions();
  LLVMErrorRef E = LLVMRunPasses(M, "default<O2>", TM, Opts);
  LLVMDisposePassBuilderOptions(Opts);
  int Ok = 0;
  if (E) {
    LLVMConsumeError(E);
  } else {
    LLVMMemoryBufferRef Asm;
    if (LLVMTargetMachineEmitToMemoryBuffer(TM, M, LLVMAssemblyFile, &Msg,
                                            &Asm)) {
      LLVMDisposeMessage(Msg);
    } else {
      Ok = definesKernel(Asm);
    }
    LLVMDisposeMemoryBuffer(Asm);
  }

  LLVMDisposeModule(M);
  LLVMDisposeTargetMachine(TM);
  LLVMOrcDisposeThreadSafeContext(TSCtx);
  return Ok;
}
