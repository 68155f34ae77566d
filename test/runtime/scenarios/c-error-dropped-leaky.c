/*===- c-error-dropped-leaky.c - a definition's error dropped -------------===*\
|*                                                                            *|
|* Runtime scenario "c-error-dropped", leaky variant. A C JIT service (the    *|
|* shape of LLVM's OrcV2 C examples and PostgreSQL's JIT in the survey) makes *|
|* sure, for every request, that the runtime helpers its kernels call are     *|
|* defined in the main JITDylib, and ignores what LLVMOrcJITDylibDefine       *|
|* returns. From the second request on, every definition fails (the symbols   *|
|* are already defined): the LLVMErrorRef is dropped, and the materialization *|
|* unit, which stays the caller's when the definition fails, is never         *|
|* disposed of. Expected: llvmown-c-api-dispose on the dropped error.         *|
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
    LLVMOrcJITDylibDefine(JD, MU);
  }
}

/* One request; returns 1 on success. */
int llvmown_rt_c_error_dropped_leaky(const char *Triple, const char *CPU,
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
