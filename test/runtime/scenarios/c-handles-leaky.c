/*===- c-handles-leaky.c - builders and pass managers never disposed ------===*\
|*                                                                            *|
|* Runtime scenario "c-handles", leaky variant. A C code generator (the shape *|
|* of pocl's launcher generation and Odin's back end in the survey) builds a  *|
|* program of 16 functions with the builder API, one builder per function,    *|
|* runs a function pass manager over each and a module pass manager over the  *|
|* module, and emits assembly. No builder and neither pass manager is         *|
|* disposed of. Expected: llvmown-c-api-dispose, once per handle.             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "c_scenario.h"
#include "llvm-c/Core.h"
#include <stdio.h>

/* Adds kernel_<I>(x) = x + 1 to M. */
static LLVMValueRef buildKernel(LLVMContextRef Ctx, LLVMModuleRef M,
                                unsigned I) {
  LLVMTypeRef I64 = LLVMInt64TypeInContext(Ctx);
  LLVMTypeRef FnTy = LLVMFunctionType(I64, &I64, 1, 0);
  char Name[32];
  snprintf(Name, sizeof(Name), "kernel_%u", I);
  LLVMValueRef F = LLVMAddFunction(M, Name, FnTy);
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(Ctx, F, "entry"));
  LLVMValueRef Sum =
      LLVMBuildAdd(B, LLVMGetParam(F, 0), LLVMConstInt(I64, 1, 0), "y");
  LLVMBuildRet(B, Sum);
  return F;
}

/* One compilation of the program; returns 1 on success. */
int llvmown_rt_c_handles_leaky(const char *Triple, const char *CPU,
                               const char *Features) {
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("program", Ctx);
  LLVMPassManagerRef FPM = LLVMCreateFunctionPassManagerForModule(M);
  LLVMInitializeFunctionPassManager(FPM);
  for (unsigned I = 0; I < LLVMOWN_RT_PROGRAM_MODULES; ++I)
    LLVMRunFunctionPassManager(FPM, buildKernel(Ctx, M, I));
  LLVMFinalizeFunctionPassManager(FPM);
  LLVMPassManagerRef MPM = LLVMCreatePassManager();
  LLVMRunPassManager(MPM, M);
  int Ok = llvmown_rt_emit_defines(M, Triple, CPU, Features, "kernel_0");
  LLVMDisposeModule(M);
  LLVMContextDispose(Ctx);
  return Ok;
}
