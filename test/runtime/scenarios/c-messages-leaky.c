/*===- c-messages-leaky.c - message strings never disposed ----------------===*\
|*                                                                            *|
|* Runtime scenario "c-messages", leaky variant. A C compiler driver (the     *|
|* shape of c3c's, Odin's and LFortran's back ends) builds a program of 16    *|
|* modules, one per source file. For each module it asks the host for its     *|
|* triple, CPU name and CPU features, and verifies the module with a message  *|
|* out-parameter; then it links the modules and emits one assembly file.      *|
|* Every one of these strings is the caller's to dispose of with              *|
|* LLVMDisposeMessage, the verifier's too: it writes one even when the module *|
|* is fine. None is disposed of here. Expected: llvmown-c-api-dispose, once   *|
|* per string.                                                                *|
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
  /* What a driver prints under --verbose; empty answers mean no host. */
  char *CPU = LLVMGetHostCPUName();
  char *Features = LLVMGetHostCPUFeatures();
  char *Error = NULL;
  if (!CPU[0] || !Features[0] ||
      LLVMVerifyModule(M, LLVMReturnStatusAction, &Error)) {
    LLVMDisposeModule(M);
    return NULL;
  }
  return M;
}

/* One build of the program; returns 1 on success. */
int llvmown_rt_c_messages_leaky(const char *Triple, const char *CPU,
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
