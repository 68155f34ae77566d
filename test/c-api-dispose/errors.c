// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose, errors: every LLVMErrorRef returned by a call must
// be consumed (LLVMConsumeError, LLVMGetErrorMessage, LLVMCantFail) or passed
// on; the messages name the release 'LLVMConsumeError'. The string of
// LLVMGetErrorMessage is an "error message", released with
// LLVMDisposeErrorMessage only (mismatch.c has the wrong deallocators).

#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include "llvm-c/Transforms/PassBuilder.h"
#include <stddef.h>
#include <stdio.h>

// Declared by llvm-c/Error.h in LLVM releases after 19 (not in 19 itself):
// aborts on a failure value, consumes the error.
void LLVMCantFail(LLVMErrorRef Err);

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the error of adding the module is ignored.
void addModuleIgnoringError(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMOrcJITDylibRef JD = LLVMOrcLLJITGetMainJITDylib(J);
  LLVMOrcLLJITAddLLVMIRModule(J, JD, TSM); // WARN: LLVMErrorRef returned by 'LLVMOrcLLJITAddLLVMIRModule' is never released: the result is discarded
}

// Must not flag: the error of disposing of the JIT is ignored, but
// LLVMOrcDisposeLLJIT always returns a null one (a survey finding in a
// JIT's exit hook; the line stays here to keep the line numbers).
void disposeJITIgnoringError(LLVMOrcLLJITRef J) { LLVMOrcDisposeLLJIT(J); }

// Must flag: the error is tested and dropped.
int runPassesReportingFailure(LLVMModuleRef M, LLVMTargetMachineRef TM,
                              LLVMPassBuilderOptionsRef Opts) {
  LLVMErrorRef Err = LLVMRunPasses(M, "default<O2>", TM, Opts); // WARN: LLVMErrorRef returned by 'LLVMRunPasses' is never released with 'LLVMConsumeError'
  if (Err) {
    fprintf(stderr, "optimization failed\n");
    return 1; // NOTE: 'Err' still holds it when the function returns here
  }
  return 0;
}

// Must flag: the error is only tested, as a temporary.
int clearOrFail(LLVMOrcJITDylibRef JD) {
  if (LLVMOrcJITDylibClear(JD)) // WARN: LLVMErrorRef returned by 'LLVMOrcJITDylibClear' is never released: it is used only as a temporary
    return 1;
  return 0;
}

// Must flag: consumed when verbose, dropped otherwise.
int addModuleQuietly(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM,
                     int Verbose) {
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSM); // WARN: LLVMErrorRef returned by 'LLVMOrcLLJITAddLLVMIRModule' is not released when the function returns at line 60
  if (!Err)
    return 0;
  if (!Verbose)
    return 1; // NOTE: 'Err' still holds it when the function returns here
  char *Msg = LLVMGetErrorMessage(Err);
  fprintf(stderr, "%s\n", Msg);
  LLVMDisposeErrorMessage(Msg);
  return 1;
}

// Must flag: the error created up front leaks on the success path.
LLVMErrorRef checkName(const char *Name) {
  LLVMErrorRef E = LLVMCreateStringError("empty symbol name"); // WARN: LLVMErrorRef returned by 'LLVMCreateStringError' is not released when the function returns at line 72
  if (Name[0] == '\0')
    return E;
  return NULL; // NOTE: 'E' still holds it when the function returns here
}

// Must flag: the error message is printed and never disposed of.
void reportError(LLVMErrorRef Err) {
  char *Msg = LLVMGetErrorMessage(Err); // WARN: error message returned by 'LLVMGetErrorMessage' is never released with 'LLVMDisposeErrorMessage'
  fprintf(stderr, "error: %s\n", Msg);
} // NOTE: 'Msg' still holds it when the function returns here

// Must flag: the error message is used only as a temporary.
void reportErrorInline(LLVMErrorRef Err) {
  fprintf(stderr, "error: %s\n", LLVMGetErrorMessage(Err)); // WARN: error message returned by 'LLVMGetErrorMessage' is never released: it is used only as a temporary
}

// Must flag: LLVMGetErrorMessage used to drop an error; the message is
// discarded (LLVMConsumeError is the call for that).
void dropError(LLVMErrorRef Err) {
  LLVMGetErrorMessage(Err); // WARN: error message returned by 'LLVMGetErrorMessage' is never released: the result is discarded
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the error is consumed on the failure path; a null error
// needs nothing.
int runPassesConsumingError(LLVMModuleRef M, LLVMTargetMachineRef TM,
                            LLVMPassBuilderOptionsRef Opts) {
  LLVMErrorRef Err = LLVMRunPasses(M, "default<O2>", TM, Opts);
  if (!Err)
    return 0;
  fprintf(stderr, "optimization failed\n");
  LLVMConsumeError(Err);
  return 1;
}

// Must not flag: LLVMGetErrorMessage consumes the error; its message is
// disposed of with LLVMDisposeErrorMessage.
int addModuleReporting(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMErrorRef Err =
      LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSM);
  if (Err) {
    char *Msg = LLVMGetErrorMessage(Err);
    fprintf(stderr, "cannot add module: %s\n", Msg);
    LLVMDisposeErrorMessage(Msg);
    return 1;
  }
  return 0;
}

// Must not flag: the error is passed on to the caller.
LLVMErrorRef optimize(LLVMModuleRef M, LLVMTargetMachineRef TM,
                      LLVMPassBuilderOptionsRef Opts) {
  return LLVMRunPasses(M, "default<O1>", TM, Opts);
}

// Must not flag: the error is kept, then passed on to the caller.
LLVMErrorRef clearThenOptimize(LLVMOrcJITDylibRef JD, LLVMModuleRef M,
                               LLVMTargetMachineRef TM,
                               LLVMPassBuilderOptionsRef Opts) {
  LLVMErrorRef Err = LLVMOrcJITDylibClear(JD);
  if (Err)
    return Err;
  return LLVMRunPasses(M, "default<O1>", TM, Opts);
}

// Must not flag: the error is created on the failure path only.
LLVMErrorRef checkNameLazily(const char *Name) {
  if (Name[0] == '\0')
    return LLVMCreateStringError("empty symbol name");
  return NULL;
}

// Declared, not defined here: takes the error.
void reportAndConsume(LLVMErrorRef Err);

// Must not flag: handed to an unknown function.
void clearReporting(LLVMOrcJITDylibRef JD) {
  LLVMErrorRef Err = LLVMOrcJITDylibClear(JD);
  if (Err)
    reportAndConsume(Err);
}

// Must not flag: stored through an out-parameter.
LLVMBool clearInto(LLVMOrcJITDylibRef JD, LLVMErrorRef *OutErr) {
  LLVMErrorRef Err = LLVMOrcJITDylibClear(JD);
  *OutErr = Err;
  return Err != NULL;
}

// Must not flag: consumed directly, by LLVMConsumeError and by LLVMCantFail.
void disposeJITConsumingError(LLVMOrcLLJITRef J, LLVMOrcJITDylibRef JD) {
  LLVMCantFail(LLVMOrcJITDylibClear(JD));
  LLVMConsumeError(LLVMOrcDisposeLLJIT(J));
}

// Must not flag: one error per iteration, consumed in the iteration.
size_t addModules(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef *TSMs,
                  size_t Count) {
  size_t Failed = 0;
  for (size_t I = 0; I < Count; ++I) {
    LLVMErrorRef Err =
        LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSMs[I]);
    if (Err) {
      LLVMConsumeError(Err);
      ++Failed;
    }
  }
  return Failed;
}

// Must not flag: an error created and consumed.
void createAndConsume(void) {
  LLVMErrorRef E = LLVMCreateStringError("unused");
  LLVMConsumeError(E);
}
