/*===- CSupport.c - helpers shared by the C scenarios ---------------------===*\
|*                                                                            *|
|* The borrowed-object steps declared in scenarios/c_scenario.h: each         *|
|* disposes of everything it creates but the module it is asked to make.      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "c_scenario.h"
#include "llvm-c/IRReader.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include <stdio.h>
#include <string.h>

LLVMModuleRef llvmown_rt_parse_numbered_kernel(LLVMContextRef Ctx, unsigned I) {
  char IR[160];
  snprintf(IR, sizeof(IR),
           "define i64 @kernel_%u(i64 %%x) {\n"
           "  %%y = add i64 %%x, 1\n"
           "  ret i64 %%y\n"
           "}\n",
           I);
  LLVMMemoryBufferRef Buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(IR, strlen(IR), "kernel");
  LLVMModuleRef M = NULL;
  char *Msg = NULL;
  if (LLVMParseIRInContext(Ctx, Buf, &M, &Msg)) {
    LLVMDisposeMessage(Msg);
    return NULL;
  }
  return M;
}

int llvmown_rt_emit_defines(LLVMModuleRef M, const char *Triple,
                            const char *CPU, const char *Features,
                            const char *Symbol) {
  LLVMTargetRef T;
  char *Msg = NULL;
  if (LLVMGetTargetFromTriple(Triple, &T, &Msg)) {
    LLVMDisposeMessage(Msg);
    return 0;
  }
  LLVMTargetMachineRef TM =
      LLVMCreateTargetMachine(T, Triple, CPU, Features, LLVMCodeGenLevelDefault,
                              LLVMRelocPIC, LLVMCodeModelDefault);
  LLVMTargetDataRef DL = LLVMCreateTargetDataLayout(TM);
  LLVMSetModuleDataLayout(M, DL);
  LLVMDisposeTargetData(DL);
  /* Written on failure too: disposed of on both paths. */
  LLVMMemoryBufferRef Asm = NULL;
  int Ok = 0;
  if (LLVMTargetMachineEmitToMemoryBuffer(TM, M, LLVMAssemblyFile, &Msg,
                                          &Asm)) {
    LLVMDisposeMessage(Msg);
  } else {
    /* A label at the start of a line: "\nkernel_0:". */
    char Label[64];
    snprintf(Label, sizeof(Label), "\n%s:", Symbol);
    const char *Start = LLVMGetBufferStart(Asm);
    size_t Size = LLVMGetBufferSize(Asm), N = strlen(Label);
    for (size_t I = 0; I + N <= Size && !Ok; ++I)
      Ok = memcmp(Start + I, Label, N) == 0;
  }
  if (Asm)
    LLVMDisposeMemoryBuffer(Asm);
  LLVMDisposeTargetMachine(TM);
  return Ok;
}
