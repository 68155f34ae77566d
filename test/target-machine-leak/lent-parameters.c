// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-target-machine-leak and llvmown-c-api-dispose on machines that a
// function may get from its caller. A caller that passes a machine lends
// it: the function must release it on every path (a release function) or on
// none. Releasing it only on an error path frees the caller's machine while
// the caller still uses it. A machine the function makes itself when given
// none is its own, and an ownership flag set when it is made (`own = 1`)
// tells the release at the end which one it holds.

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"
#include <stdio.h>

LLVMTargetRef lookupTarget(const char *Triple);

// Emits M with TM; LLVM's function borrows the machine.
static int emit(LLVMTargetMachineRef TM, LLVMModuleRef M) {
  char *Error = 0;
  if (LLVMTargetMachineEmitToFile(TM, M, "out.o", LLVMObjectFile, &Error)) {
    fprintf(stderr, "%s\n", Error);
    LLVMDisposeMessage(Error);
    return 1;
  }
  return 0;
}

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the error path disposes of the machine whatever its origin;
// the caller's machine is released there and kept on the other paths.
int compileWithMachine(LLVMModuleRef M, LLVMTargetMachineRef TM) {
  int Own = 0;
  if (!TM) {
    TM = LLVMCreateTargetMachine(lookupTarget("amdgcn--"), "amdgcn--", "gfx900", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
    Own = 1;
  }
  if (LLVMTargetMachineEmitToFile(TM, M, "out.o", LLVMObjectFile, 0)) {
    fprintf(stderr, "cannot emit\n");
    LLVMDisposeTargetMachine(TM); // WARN: TargetMachine 'TM' is released here on some paths only: it is the caller's (a parameter), and the function returns at line 46 without releasing it
    return 1;
  }
  if (Own)
    LLVMDisposeTargetMachine(TM);
  return 0; // NOTE: 'TM' is still the caller's when the function returns here
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the fixed function: every release is the function's own
// machine, told by the flag set when it was made.
int compileFixed(LLVMModuleRef M, LLVMTargetMachineRef TM) {
  int Own = 0;
  int Ret = 0;
  if (!TM) {
    TM = LLVMCreateTargetMachine(lookupTarget("amdgcn--"), "amdgcn--", "gfx900", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
    Own = 1;
  }
  if (LLVMTargetMachineEmitToFile(TM, M, "out.o", LLVMObjectFile, 0)) {
    fprintf(stderr, "cannot emit\n");
    Ret = 1;
  }
  if (Own)
    LLVMDisposeTargetMachine(TM);
  return Ret;
}

// Must not flag: a release function: the machine is released on every path.
void releaseMachine(LLVMTargetMachineRef TM) {
  if (TM)
    LLVMDisposeTargetMachine(TM);
}

// Must not flag: the caller's machine is never released.
int borrowOnly(LLVMModuleRef M, LLVMTargetMachineRef TM) {
  return emit(TM, M);
}

// Must not flag: a bool parameter says whether the machine is handed over.
int emitAndMaybeRelease(LLVMModuleRef M, LLVMTargetMachineRef TM, _Bool Take) {
  int Err = emit(TM, M);
  if (Take)
    LLVMDisposeTargetMachine(TM);
  return Err;
}

// Must not flag: the flag is set before the machine is made, as the
// machine is made on that path only.
int flagFirst(LLVMModuleRef M, const char *Triple) {
  LLVMTargetMachineRef TM = 0;
  int Made = 0;
  if (Triple) {
    Made = 1;
    TM = LLVMCreateTargetMachine(lookupTarget(Triple), Triple, "", "", LLVMCodeGenLevelDefault, LLVMRelocDefault, LLVMCodeModelDefault);
  }
  int Err = TM ? emit(TM, M) : 1;
  if (Made)
    LLVMDisposeTargetMachine(TM);
  return Err;
}
