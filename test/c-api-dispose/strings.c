// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose, message strings: the `char *` results of
// LLVMPrintModuleToString, LLVMGetTargetMachineTriple, LLVMGetDefaultTargetTriple,
// LLVMGetHostCPUName, LLVMCreateMessage and the like, and the `char **`
// out-messages of LLVMVerifyModule, LLVMTargetMachineEmitToFile,
// LLVMGetTargetFromTriple, LLVMCreateMemoryBufferWithContentsOfFile and
// LLVMParseIRInContext, are released with LLVMDisposeMessage or free().
// An out-message freed on the failure path only is not reported; one freed on
// no path is. Borrowed `const char *` results (LLVMGetTarget, ...) are never
// released.

#include "llvm-c/Analysis.h"
#include "llvm-c/Core.h"
#include "llvm-c/IRReader.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the printed module is discarded.
void discardPrintedModule(LLVMModuleRef M) {
  LLVMPrintModuleToString(M); // WARN: message string returned by 'LLVMPrintModuleToString' is never released: the result is discarded
}

// Must flag: the triple is printed and lost.
void printMachineTriple(LLVMTargetMachineRef TM) {
  printf("%s\n", LLVMGetTargetMachineTriple(TM)); // WARN: message string returned by 'LLVMGetTargetMachineTriple' is never released: it is used only as a temporary
}

// Must flag: the default triple is set on the module (which copies it) and
// lost.
void setDefaultTriple(LLVMModuleRef M) {
  LLVMSetTarget(M, LLVMGetDefaultTargetTriple()); // WARN: message string returned by 'LLVMGetDefaultTargetTriple' is never released: it is used only as a temporary
}

// Must flag: the CPU name is kept in a local and never disposed of.
void printHostCPU(void) {
  char *CPU = LLVMGetHostCPUName(); // WARN: message string returned by 'LLVMGetHostCPUName' is never released with 'LLVMDisposeMessage'
  printf("host cpu: %s\n", CPU);
} // NOTE: 'CPU' still holds it when the function returns here

// Must flag: the printed module is disposed of on the success path only.
int writeModule(LLVMModuleRef M, FILE *Out) {
  char *IR = LLVMPrintModuleToString(M); // WARN: message string returned by 'LLVMPrintModuleToString' is not released when the function returns at line 52
  if (fputs(IR, Out) == EOF)
    return 1; // NOTE: 'IR' still holds it when the function returns here
  LLVMDisposeMessage(IR);
  return 0;
}

// Must flag: LLVMCreateMessage copies its argument; the copy is never
// disposed of.
size_t messageLength(const char *Text) {
  char *Copy = LLVMCreateMessage(Text); // WARN: message string returned by 'LLVMCreateMessage' is never released with 'LLVMDisposeMessage'
  return strlen(Copy); // NOTE: 'Copy' still holds it when the function returns here
}

// Must flag: the value string is printed and lost.
void printValue(LLVMValueRef V) {
  fprintf(stderr, "value: %s\n", LLVMPrintValueToString(V)); // WARN: message string returned by 'LLVMPrintValueToString' is never released: it is used only as a temporary
}

// Must flag: the verifier's message is freed on no path.
LLVMBool verifyAndReport(LLVMModuleRef M) {
  char *Err = NULL;
  if (LLVMVerifyModule(M, LLVMReturnStatusAction, &Err)) { // WARN: message string written by 'LLVMVerifyModule' is never released with 'LLVMDisposeMessage'
    fprintf(stderr, "invalid module: %s\n", Err);
    return 0;
  }
  return 1;
}

// Must flag: the emitter's message is freed on no path.
LLVMBool emitObject(LLVMTargetMachineRef TM, LLVMModuleRef M, const char *Path) {
  char *Err = NULL;
  if (LLVMTargetMachineEmitToFile(TM, M, Path, LLVMObjectFile, &Err)) { // WARN: message string written by 'LLVMTargetMachineEmitToFile' is never released with 'LLVMDisposeMessage'
    fprintf(stderr, "%s: %s\n", Path, Err);
    return 1;
  }
  return 0;
}

// Must flag: the lookup's message is freed on no path.
LLVMTargetRef lookupTarget(const char *Triple) {
  LLVMTargetRef T = NULL;
  char *Err = NULL;
  if (LLVMGetTargetFromTriple(Triple, &T, &Err)) { // WARN: message string written by 'LLVMGetTargetFromTriple' is never released with 'LLVMDisposeMessage'
    fprintf(stderr, "no target for %s: %s\n", Triple, Err);
    return NULL;
  }
  return T;
}

// Must flag: the message of a failed file read is freed on no path.
LLVMMemoryBufferRef readFile(const char *Path) {
  LLVMMemoryBufferRef Buf = NULL;
  char *Msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buf, &Msg)) { // WARN: message string written by 'LLVMCreateMemoryBufferWithContentsOfFile' is never released with 'LLVMDisposeMessage'
    fprintf(stderr, "cannot read %s: %s\n", Path, Msg);
    return NULL;
  }
  return Buf;
}

// Must flag: the parser's diagnostic is freed on no path (the buffer is
// taken by the parser; the module is returned).
LLVMModuleRef parseText(LLVMContextRef C, LLVMMemoryBufferRef Buf) {
  LLVMModuleRef M = NULL;
  char *Msg = NULL;
  if (LLVMParseIRInContext(C, Buf, &M, &Msg)) { // WARN: message string written by 'LLVMParseIRInContext' is never released with 'LLVMDisposeMessage'
    fprintf(stderr, "parse error: %s\n", Msg);
    return NULL;
  }
  return M;
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: disposed of with LLVMDisposeMessage.
void printHostCPUDisposed(void) {
  char *CPU = LLVMGetHostCPUName();
  printf("host cpu: %s\n", CPU);
  LLVMDisposeMessage(CPU);
}

// Must not flag: free() releases a message string too.
void printMachineTripleFreed(LLVMTargetMachineRef TM) {
  char *Triple = LLVMGetTargetMachineTriple(TM);
  printf("%s\n", Triple);
  free(Triple);
}

// Must not flag: disposed of on both paths.
int writeModuleDisposed(LLVMModuleRef M, FILE *Out) {
  char *IR = LLVMPrintModuleToString(M);
  int Failed = fputs(IR, Out) == EOF;
  LLVMDisposeMessage(IR);
  return Failed;
}

// Must not flag: the default triple, set and disposed of.
void setDefaultTripleDisposed(LLVMModuleRef M) {
  char *Triple = LLVMGetDefaultTargetTriple();
  LLVMSetTarget(M, Triple);
  LLVMDisposeMessage(Triple);
}

// Must not flag: the string is returned to the caller.
char *hostFeatures(void) {
  char *Features = LLVMGetHostCPUFeatures();
  return Features;
}

// Must not flag: the string is returned directly.
char *normalizedTriple(const char *Triple) {
  return LLVMNormalizeTargetTriple(Triple);
}

// Declared, not defined here: may keep the string.
void logOwnedMessage(char *Message);

// Must not flag: handed to an unknown function.
void logModule(LLVMModuleRef M) {
  char *IR = LLVMPrintModuleToString(M);
  logOwnedMessage(IR);
}

struct Report {
  char *TypeText;
};

// Must not flag: stored in a struct ...
void reportType(struct Report *R, LLVMTypeRef Ty) {
  R->TypeText = LLVMPrintTypeToString(Ty);
}

// Must not flag: ... released by the teardown function.
void reportFree(struct Report *R) {
  LLVMDisposeMessage(R->TypeText);
  R->TypeText = NULL;
}

// Must flag (this test said "must not" until LLVMVerifyModule's row was
// checked against its implementation): the verifier writes a message
// whenever it is asked for one, an empty one on success, so freeing it on
// the failure path only leaks it on success.
LLVMBool verifyAndReportDisposed(LLVMModuleRef M) {
  char *Err = NULL;
  if (LLVMVerifyModule(M, LLVMReturnStatusAction, &Err)) { // WARN: message string written by 'LLVMVerifyModule' is not released when the function returns at line 200
    fprintf(stderr, "invalid module: %s\n", Err);
    LLVMDisposeMessage(Err);
    return 0;
  }
  return 1; // NOTE: 'Err' still holds it when the function returns here
}

// Must not flag: the same, fixed: the message is freed on success too.
LLVMBool verifyAndReportFixed(LLVMModuleRef M) {
  char *Err = NULL;
  if (LLVMVerifyModule(M, LLVMReturnStatusAction, &Err)) {
    fprintf(stderr, "invalid module: %s\n", Err);
    LLVMDisposeMessage(Err);
    return 0;
  }
  LLVMDisposeMessage(Err);
  return 1;
}

// Must not flag: no message asked for, none written.
LLVMBool verifyQuietly(LLVMModuleRef M) {
  return !LLVMVerifyModule(M, LLVMReturnStatusAction, NULL);
}

// Must not flag: the verifier's message is freed on every path.
LLVMBool verifyAlwaysDisposed(LLVMModuleRef M) {
  char *Err = NULL;
  LLVMBool Broken = LLVMVerifyModule(M, LLVMReturnStatusAction, &Err);
  if (Broken)
    fprintf(stderr, "invalid module: %s\n", Err);
  LLVMDisposeMessage(Err);
  return !Broken;
}

// Must not flag: no out-message is asked for.
void verifyOrAbort(LLVMModuleRef M) {
  LLVMVerifyModule(M, LLVMAbortProcessAction, NULL);
}

// Must not flag: the emitter's and the lookup's messages are freed on the
// failure path (the machine is the caller's).
LLVMBool emitObjectDisposed(LLVMTargetMachineRef TM, LLVMModuleRef M,
                            const char *Path) {
  char *Err = NULL;
  LLVMTargetRef T = NULL;
  if (LLVMGetTargetFromTriple(LLVMGetTarget(M), &T, &Err)) {
    fprintf(stderr, "%s\n", Err);
    LLVMDisposeMessage(Err);
    return 1;
  }
  if (LLVMTargetMachineEmitToFile(TM, M, Path, LLVMObjectFile, &Err)) {
    fprintf(stderr, "%s: %s\n", Path, Err);
    free(Err);
    return 1;
  }
  return 0;
}

// Must not flag: the message of a failed file read, disposed of.
LLVMMemoryBufferRef readFileDisposed(const char *Path) {
  LLVMMemoryBufferRef Buf = NULL;
  char *Msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buf, &Msg)) {
    fprintf(stderr, "cannot read %s: %s\n", Path, Msg);
    LLVMDisposeMessage(Msg);
    return NULL;
  }
  return Buf;
}

// Must not flag: the parser's diagnostic is disposed of.
LLVMModuleRef parseTextDisposed(LLVMContextRef C, LLVMMemoryBufferRef Buf) {
  LLVMModuleRef M = NULL;
  char *Msg = NULL;
  if (LLVMParseIRInContext(C, Buf, &M, &Msg)) {
    fprintf(stderr, "parse error: %s\n", Msg);
    LLVMDisposeMessage(Msg);
    return NULL;
  }
  return M;
}

// Must not flag: borrowed `const char *` results are not released.
void printModuleFacts(LLVMModuleRef M) {
  size_t Len = 0;
  printf("%s %s %s\n", LLVMGetModuleIdentifier(M, &Len), LLVMGetTarget(M),
         LLVMGetDataLayoutStr(M));
}

// Must not flag: one string per iteration, disposed of in the iteration.
void printValues(LLVMValueRef *Values, size_t Count) {
  for (size_t I = 0; I < Count; ++I) {
    char *Text = LLVMPrintValueToString(Values[I]);
    puts(Text);
    LLVMDisposeMessage(Text);
  }
}

// Must not flag: the failure test written as a comparison with 0; the
// out-message exists only on that path, which frees it.
int targetOrComplain(const char *Triple) {
  LLVMTargetRef T;
  char *Err = NULL;
  if (LLVMGetTargetFromTriple(Triple, &T, &Err) != 0) {
    fprintf(stderr, "%s\n", Err);
    LLVMDisposeMessage(Err);
    return 1;
  }
  return 0;
}
