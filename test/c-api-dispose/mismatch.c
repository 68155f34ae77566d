// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose, wrong deallocator: the string of
// LLVMGetErrorMessage is allocated with new[] and must go to
// LLVMDisposeErrorMessage, never LLVMDisposeMessage or free(); ordinary
// message strings go to LLVMDisposeMessage or free(), never
// LLVMDisposeErrorMessage; handles go to their own dispose function, not
// free() or another kind's. The warning is at the wrong call.

#include "llvm-c/Analysis.h"
#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/Orc.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: an error message released with LLVMDisposeMessage.
void reportWithDisposeMessage(LLVMErrorRef Err) {
  char *Msg = LLVMGetErrorMessage(Err);
  fprintf(stderr, "error: %s\n", Msg);
  LLVMDisposeMessage(Msg); // WARN: error message returned by 'LLVMGetErrorMessage' must be released with 'LLVMDisposeErrorMessage', not 'LLVMDisposeMessage'
}

// Must flag: an error message released with free().
void reportWithFree(LLVMErrorRef Err) {
  char *Msg = LLVMGetErrorMessage(Err);
  fprintf(stderr, "error: %s\n", Msg);
  free(Msg); // WARN: error message returned by 'LLVMGetErrorMessage' must be released with 'LLVMDisposeErrorMessage', not 'free'
}

// Must flag: the same, with the message passed directly.
void dropWithDisposeMessage(LLVMOrcJITDylibRef JD) {
  LLVMErrorRef Err = LLVMOrcJITDylibClear(JD);
  if (Err)
    LLVMDisposeMessage(LLVMGetErrorMessage(Err)); // WARN: error message returned by 'LLVMGetErrorMessage' must be released with 'LLVMDisposeErrorMessage', not 'LLVMDisposeMessage'
}

// Must flag: an ordinary message string released with
// LLVMDisposeErrorMessage.
void printModuleWithDisposeErrorMessage(LLVMModuleRef M) {
  char *IR = LLVMPrintModuleToString(M);
  puts(IR);
  LLVMDisposeErrorMessage(IR); // WARN: message string returned by 'LLVMPrintModuleToString' must be released with 'LLVMDisposeMessage', not 'LLVMDisposeErrorMessage'
}

// Must flag: the verifier's out-message released with
// LLVMDisposeErrorMessage.
LLVMBool verifyWithDisposeErrorMessage(LLVMModuleRef M) {
  char *Err = NULL;
  LLVMBool Broken = LLVMVerifyModule(M, LLVMReturnStatusAction, &Err);
  if (Broken)
    fprintf(stderr, "%s\n", Err);
  LLVMDisposeErrorMessage(Err); // WARN: message string written by 'LLVMVerifyModule' must be released with 'LLVMDisposeMessage', not 'LLVMDisposeErrorMessage'
  return !Broken;
}

// Must flag: a builder released with free().
void freeBuilder(void) {
  LLVMBuilderRef B = LLVMCreateBuilder();
  free(B); // WARN: LLVMBuilderRef returned by 'LLVMCreateBuilder' must be released with 'LLVMDisposeBuilder', not 'free'
}

// Must flag: a data layout taken for a string (seen in a real binding).
void disposeLayoutAsMessage(LLVMTargetMachineRef TM) {
  LLVMTargetDataRef TD = LLVMCreateTargetDataLayout(TM);
  printf("%u\n", LLVMPointerSize(TD));
  LLVMDisposeMessage((char *)TD); // WARN: LLVMTargetDataRef returned by 'LLVMCreateTargetDataLayout' must be released with 'LLVMDisposeTargetData', not 'LLVMDisposeMessage'
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: an error message released with LLVMDisposeErrorMessage.
void reportCorrectly(LLVMErrorRef Err) {
  char *Msg = LLVMGetErrorMessage(Err);
  fprintf(stderr, "error: %s\n", Msg);
  LLVMDisposeErrorMessage(Msg);
}

// Must not flag: the same, with the message passed directly.
void dropCorrectly(LLVMOrcJITDylibRef JD) {
  LLVMErrorRef Err = LLVMOrcJITDylibClear(JD);
  if (Err)
    LLVMDisposeErrorMessage(LLVMGetErrorMessage(Err));
}

// Must not flag: an ordinary message string released with free().
void printModuleWithFree(LLVMModuleRef M) {
  char *IR = LLVMPrintModuleToString(M);
  puts(IR);
  free(IR);
}

// Must not flag: an ordinary message string released with
// LLVMDisposeMessage.
void printCPUWithDisposeMessage(void) {
  char *CPU = LLVMGetHostCPUName();
  puts(CPU);
  LLVMDisposeMessage(CPU);
}

// Must not flag: the verifier's out-message released with free().
LLVMBool verifyWithFree(LLVMModuleRef M) {
  char *Err = NULL;
  LLVMBool Broken = LLVMVerifyModule(M, LLVMReturnStatusAction, &Err);
  if (Broken)
    fprintf(stderr, "%s\n", Err);
  free(Err);
  return !Broken;
}

// Must not flag: the builder released with LLVMDisposeBuilder.
void disposeBuilder(void) {
  LLVMBuilderRef B = LLVMCreateBuilder();
  LLVMDisposeBuilder(B);
}

// Must not flag: the data layout released with LLVMDisposeTargetData; its
// string form with LLVMDisposeMessage.
void disposeLayoutCorrectly(LLVMTargetMachineRef TM) {
  LLVMTargetDataRef TD = LLVMCreateTargetDataLayout(TM);
  char *Rep = LLVMCopyStringRepOfTargetData(TD);
  puts(Rep);
  LLVMDisposeMessage(Rep);
  LLVMDisposeTargetData(TD);
}

// Must not flag: a plain malloc'd buffer released with free().
void freeOwnBuffer(size_t N) {
  char *Buf = (char *)malloc(N);
  if (!Buf)
    return;
  snprintf(Buf, N, "%s", "x");
  free(Buf);
}
