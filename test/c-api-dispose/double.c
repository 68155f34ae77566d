// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose, double release: a handle released twice on some
// path (the warning is at the second release, with a note at the first).
// Not flagged: one release per path, a handle set to NULL after its release,
// a variable given a new handle between the releases, and a module disposed
// of before its context (the context no longer holds it).

#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: disposed of twice in a row.
void disposeModuleTwice(void) {
  LLVMModuleRef M = LLVMModuleCreateWithName("m");
  LLVMDumpModule(M);
  LLVMDisposeModule(M); // NOTE: first released here
  LLVMDisposeModule(M); // WARN: LLVMModuleRef 'M' is released twice
}

// Must flag: the error branch disposes of the builder, then falls through
// to the common disposal.
void disposeBuilderOnErrorAndAtEnd(LLVMContextRef C, LLVMValueRef F) {
  LLVMBuilderRef B = LLVMCreateBuilderInContext(C);
  if (!F) {
    fprintf(stderr, "no function\n");
    LLVMDisposeBuilder(B); // NOTE: first released here
  } else {
    LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(C, F, "entry"));
    LLVMBuildRetVoid(B);
  }
  LLVMDisposeBuilder(B); // WARN: LLVMBuilderRef 'B' is released twice
}

// Must flag: the error path disposes of the context, then jumps to the
// cleanup that disposes of it again.
int contextTwiceThroughCleanup(const char *Name) {
  int Status = 1;
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, C);
  if (!LLVMGetNamedFunction(M, "main")) {
    LLVMContextDispose(C); // NOTE: first released here
    goto cleanup;
  }
  LLVMDumpModule(M);
  Status = 0;
cleanup:
  LLVMContextDispose(C); // WARN: LLVMContextRef 'C' is released twice
  return Status;
}

// Must flag: the message is disposed of, then freed.
void printTripleTwice(void) {
  char *Triple = LLVMGetDefaultTargetTriple();
  puts(Triple);
  LLVMDisposeMessage(Triple); // NOTE: first released here
  free(Triple); // WARN: message string 'Triple' is released twice
}

// Must flag: LLVMGetErrorMessage already consumed the error.
void reportThenConsume(LLVMOrcJITDylibRef JD) {
  LLVMErrorRef Err = LLVMOrcJITDylibClear(JD);
  if (!Err)
    return;
  char *Msg = LLVMGetErrorMessage(Err); // NOTE: first released here
  fprintf(stderr, "%s\n", Msg);
  LLVMDisposeErrorMessage(Msg);
  LLVMConsumeError(Err); // WARN: LLVMErrorRef 'Err' is released twice
}

// Must flag: consumed in the branch and again after it.
void consumeTwice(LLVMOrcJITDylibRef JD, int Verbose) {
  LLVMErrorRef Err = LLVMOrcJITDylibClear(JD);
  if (Err && Verbose) {
    fprintf(stderr, "clear failed\n");
    LLVMConsumeError(Err); // NOTE: first released here
  }
  LLVMConsumeError(Err); // WARN: LLVMErrorRef 'Err' is released twice
}

// Must flag: the thread-safe context handle is disposed of twice.
LLVMOrcThreadSafeModuleRef wrapDisposingContextTwice(const char *Name) {
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContext();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, LLVMOrcThreadSafeContextGetContext(TSC));
  LLVMOrcThreadSafeModuleRef TSM = LLVMOrcCreateNewThreadSafeModule(M, TSC);
  LLVMOrcDisposeThreadSafeContext(TSC); // NOTE: first released here
  LLVMOrcDisposeThreadSafeContext(TSC); // WARN: LLVMOrcThreadSafeContextRef 'TSC' is released twice
  return TSM;
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: disposed of once.
void disposeModuleOnce(void) {
  LLVMModuleRef M = LLVMModuleCreateWithName("m");
  LLVMDumpModule(M);
  LLVMDisposeModule(M);
}

// Must not flag: one disposal on each path.
void disposeBuilderOncePerPath(LLVMContextRef C, LLVMValueRef F) {
  LLVMBuilderRef B = LLVMCreateBuilderInContext(C);
  if (!F) {
    fprintf(stderr, "no function\n");
    LLVMDisposeBuilder(B);
    return;
  }
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(C, F, "entry"));
  LLVMBuildRetVoid(B);
  LLVMDisposeBuilder(B);
}

// Must not flag: set to NULL after the early disposal; the cleanup checks.
int contextOnceThroughCleanup(const char *Name) {
  int Status = 1;
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, C);
  if (!LLVMGetNamedFunction(M, "main")) {
    LLVMContextDispose(C);
    C = NULL;
    goto cleanup;
  }
  LLVMDumpModule(M);
  Status = 0;
cleanup:
  if (C)
    LLVMContextDispose(C);
  return Status;
}

// Must not flag: a message set to NULL after its disposal; disposing of
// NULL does nothing.
void printTriplesOnce(int Twice) {
  char *Triple = LLVMGetDefaultTargetTriple();
  puts(Triple);
  if (Twice) {
    LLVMDisposeMessage(Triple);
    Triple = NULL;
  }
  LLVMDisposeMessage(Triple);
}

// Must not flag: the variable holds a new string before the second
// disposal.
void printTwoModules(LLVMModuleRef A, LLVMModuleRef B) {
  char *IR = LLVMPrintModuleToString(A);
  puts(IR);
  LLVMDisposeMessage(IR);
  IR = LLVMPrintModuleToString(B);
  puts(IR);
  LLVMDisposeMessage(IR);
}

// Must not flag: two handles, one disposal each.
void twoModules(void) {
  LLVMModuleRef A = LLVMModuleCreateWithName("a");
  LLVMModuleRef B = LLVMModuleCreateWithName("b");
  LLVMDisposeModule(A);
  LLVMDisposeModule(B);
}

// Must not flag: the module is disposed of before its context, which then
// has nothing left to delete.
void moduleThenContext(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMDumpModule(M);
  LLVMDisposeModule(M);
  LLVMContextDispose(C);
}

// Must not flag: LLVMGetErrorMessage alone consumes the error.
void reportOnly(LLVMOrcJITDylibRef JD) {
  LLVMErrorRef Err = LLVMOrcJITDylibClear(JD);
  if (!Err)
    return;
  char *Msg = LLVMGetErrorMessage(Err);
  fprintf(stderr, "%s\n", Msg);
  LLVMDisposeErrorMessage(Msg);
}

// Must not flag: the error variable is reused for a second call.
void clearTwice(LLVMOrcJITDylibRef A, LLVMOrcJITDylibRef B) {
  LLVMErrorRef Err = LLVMOrcJITDylibClear(A);
  if (Err)
    LLVMConsumeError(Err);
  Err = LLVMOrcJITDylibClear(B);
  if (Err)
    LLVMConsumeError(Err);
}

// Must not flag: one handle per iteration, disposed of in the iteration.
void modulePerIteration(const char *const *Names, size_t Count) {
  for (size_t I = 0; I < Count; ++I) {
    LLVMModuleRef M = LLVMModuleCreateWithName(Names[I]);
    LLVMDumpModule(M);
    LLVMDisposeModule(M);
  }
}
