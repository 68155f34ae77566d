/*===- c-messages-fixed.c - every message string disposed of --------------===*\
|*                                                                            *|
|* Runtime scenario "c-messages", fixed variant: the same driver disposes of  *|
|* the triple, the CPU name, the features and the verifier's message with     *|
|* LLVMDisposeMessage once it has used them. Expected: no finding.            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "c_scenario.h"
#include "llvm-c/Analysis.h"
#include "llvm-c/Core.h"
#include "llvm-c/Linker.h"
#include "llvm-c/TargetMachine.h"
#include <stddef.h>

/* Module I of the program, with its target set from the host. */
static LLVMModuleRef buildModule(LLVMContextRef Ctx, unsigned I) {
  LLVMModuleRef M = llvmown_rt_parse_numbered_kernel(Ctx, I);
  if (!M)
    return NULL;
  char *Triple = LLVMGetDefaultTargetTriple();
  LLVMSetTarget(M, Triple);
  LLVMDisposeMessage(Triple);
  /* What a driver prints under --verbose; empty answers mean no host. */
  char *CPU = LLVMGetHostCPUName();
  char *Features = LLVMGetHostCPUFeatures();
  char *Error = NULL;
  int Bad = !CPU[0] || !Features[0] ||
            LLVMVerifyModule(M, LLVMReturnStatusAction, &Error);
  LLVMDisposeMessage(CPU);
  LLVMDisposeMessage(Features);
  /* Set on success too (an empty string). */
  if (Error)
    LLVMDisposeMessage(Error);
  if (Bad) {
    LLVMDisposeModule(M);
    return NULL;
  }
  return M;
}

/* One build of the program; returns 1 on success. */
int llvmown_rt_c_messages_fixed(const char *Triple, const char *CPU,
                                const char *Features) {
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef Program = NULL;
  int Ok = 1;
  for (unsigned I = 0; I < LLVMOWN_RT_PROGRAM_MODULES && Ok; ++I) {
    LLVMModuleRef M = buildModule(Ctx, I);
    if (!M)
      Ok = 0;
    else if (!Program)
      Program = M;
    else if (LLVMLinkModules2(Program, M))
      Ok = 0;
  }
  if (Ok)
    Ok = llvmown_rt_emit_defines(Program, Triple, CPU, Features, "kernel_0");
  if (Program)
    LLVMDisposeModule(Program);
  LLVMContextDispose(Ctx);
  return Ok;
}
