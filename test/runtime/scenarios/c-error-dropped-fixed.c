/*===- c-error-dropped-fixed.c - a failed definition cleaned up -----------===*\
|*                                                                            *|
|* Runtime scenario "c-error-dropped", fixed variant: a failed definition's   *|
|* error is consumed (the helpers are there already) and its materialization  *|
|* unit disposed of. Expected: no finding.                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "c_scenario.h"
#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include <stdio.h>

static int RuntimeHelper(int X) { return X + 1; }

/* The service's JIT, for the whole process. */
static LLVMOrcLLJITRef theJIT(void) {
  static LLVMOrcLLJITRef J;
  if (!J) {
    LLVMErrorRef E = LLVMOrcCreateLLJIT(&J, NULL);
    if (E) {
      LLVMConsumeError(E);
      J = NULL;
    }
  }
  return J;
}

/* Defines rt_helper_<I> for every helper the kernels may call. */
static void defineHelpers(LLVMOrcLLJITRef J) {
  LLVMOrcJITDylibRef JD = LLVMOrcLLJITGetMainJITDylib(J);
  for (unsigned I = 0; I < LLVMOWN_RT_PROGRAM_MODULES; ++I) {
    char Name[32];
    snprintf(Name, sizeof(Name), "rt_helper_%u", I);
    LLVMJITSymbolFlags Flags = {LLVMJITSymbolGenericFlagsExported, 0};
    LLVMOrcCSymbolMapPair Helper = {
        LLVMOrcLLJITMangleAndIntern(J, Name),
        {(LLVMOrcExecutorAddress)(size_t)&RuntimeHelper, Flags}};
    LLVMOrcMaterializationUnitRef MU = LLVMOrcAbsoluteSymbols(&Helper, 1);
    LLVMErrorRef E = LLVMOrcJITDylibDefine(JD, MU);
    if (E) {
      LLVMConsumeError(E);
      LLVMOrcDisposeMaterializationUnit(MU);
    }
  }
}

/* One request; returns 1 on success. */
int llvmown_rt_c_error_dropped_fixed(const char *Triple, const char *CPU,
                                     const char *Features) {
  LLVMOrcLLJITRef J = theJIT();
  if (!J)
    return 0;
  defineHelpers(J);
  LLVMOrcExecutorAddress Addr = 0;
  LLVMErrorRef E = LLVMOrcLLJITLookup(J, &Addr, "rt_helper_0");
  if (E) {
    LLVMConsumeError(E);
    return 0;
  }
  if (Addr != (LLVMOrcExecutorAddress)(size_t)&RuntimeHelper)
    return 0;
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef M = llvmown_rt_parse_numbered_kernel(Ctx, 0);
  int Ok = M && llvmown_rt_emit_defines(M, Triple, CPU, Features, "kernel_0");
  if (M)
    LLVMDisposeModule(M);
  LLVMContextDispose(Ctx);
  return Ok;
}
