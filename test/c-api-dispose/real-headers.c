// RUN: %check_llvmown --frontend tidy %s -- -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --llvm-includes %llvm_other_includes %s -- -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// llvmown-c-api-dispose against the real LLVM C headers of each version
// (LLVM 22 replaced LLVMOrcThreadSafeContextGetContext): a small driver
// that reads IR, verifies, links, optimizes, emits and runs it with ORC or
// MCJIT, with its leaks, double releases, wrong deallocators, releases after
// a consumer and releases of borrowed handles, next to the correct versions.

#include "llvm-c/Analysis.h"
#include "llvm-c/BitReader.h"
#include "llvm-c/Core.h"
#include "llvm-c/DebugInfo.h"
#include "llvm-c/Error.h"
#include "llvm-c/ExecutionEngine.h"
#include "llvm-c/IRReader.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Linker.h"
#include "llvm-c/Orc.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include "llvm/Config/llvm-config.h"
// llvm-c/Transforms/PassBuilder.h: before optimize(), below.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the verifier's message is freed on no path.
LLVMBool verify(LLVMModuleRef M) {
  char *Err = NULL;
  if (LLVMVerifyModule(M, LLVMReturnStatusAction, &Err)) { // WARN: message string written by 'LLVMVerifyModule' is never released with 'LLVMDisposeMessage'
    fprintf(stderr, "broken module: %s\n", Err);
    return 0;
  }
  return 1;
}

// Must flag: the IR parser took the buffer; disposing of it again is a
// double free.
LLVMModuleRef parseFile(LLVMContextRef C, const char *Path) {
  LLVMMemoryBufferRef Buf = NULL;
  char *Msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buf, &Msg)) {
    fprintf(stderr, "%s: %s\n", Path, Msg);
    LLVMDisposeMessage(Msg);
    return NULL;
  }
  LLVMModuleRef M = NULL;
  LLVMBool Failed = LLVMParseIRInContext(C, Buf, &M, &Msg); // NOTE: 'LLVMParseIRInContext' took ownership here
  LLVMDisposeMemoryBuffer(Buf); // WARN: LLVMMemoryBufferRef 'Buf' is released after 'LLVMParseIRInContext' took ownership of it
  if (Failed) {
    fprintf(stderr, "%s: %s\n", Path, Msg);
    LLVMDisposeMessage(Msg);
    return NULL;
  }
  return M;
}

// Must flag: the error message goes to the wrong deallocator.
void reportError(LLVMErrorRef Err) {
  char *Msg = LLVMGetErrorMessage(Err);
  fprintf(stderr, "error: %s\n", Msg);
  LLVMDisposeMessage(Msg); // WARN: error message returned by 'LLVMGetErrorMessage' must be released with 'LLVMDisposeErrorMessage', not 'LLVMDisposeMessage'
}

// Must flag: the thread-safe context handle is never disposed of.
LLVMOrcThreadSafeModuleRef wrapKeepingContext(const char *Name) {
#if LLVM_VERSION_MAJOR >= 22
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, Ctx);
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContextFromLLVMContext(Ctx); // WARN: LLVMOrcThreadSafeContextRef returned by 'LLVMOrcCreateNewThreadSafeContextFromLLVMContext' is never released with 'LLVMOrcDisposeThreadSafeContext'
#else
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContext(); // WARN: LLVMOrcThreadSafeContextRef returned by 'LLVMOrcCreateNewThreadSafeContext' is never released with 'LLVMOrcDisposeThreadSafeContext'
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, LLVMOrcThreadSafeContextGetContext(TSC));
#endif
  return LLVMOrcCreateNewThreadSafeModule(M, TSC); // NOTE: 'TSC' still holds it when the function returns here
}

// Must flag: the JIT took the thread-safe module even though it failed.
int runWithLLJIT(const char *Name) {
#if LLVM_VERSION_MAJOR >= 22
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, Ctx);
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContextFromLLVMContext(Ctx);
#else
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContext();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, LLVMOrcThreadSafeContextGetContext(TSC));
#endif
  LLVMOrcThreadSafeModuleRef TSM = LLVMOrcCreateNewThreadSafeModule(M, TSC);
  LLVMOrcDisposeThreadSafeContext(TSC);
  LLVMOrcLLJITRef J = NULL;
  LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, NULL);
  if (Err) {
    LLVMConsumeError(Err);
    LLVMOrcDisposeThreadSafeModule(TSM);
    return 1;
  }
  Err = LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSM); // NOTE: 'LLVMOrcLLJITAddLLVMIRModule' took ownership here
  if (Err) {
    LLVMConsumeError(Err);
    LLVMOrcDisposeThreadSafeModule(TSM); // WARN: LLVMOrcThreadSafeModuleRef 'TSM' is released after 'LLVMOrcLLJITAddLLVMIRModule' took ownership of it
  }
  LLVMConsumeError(LLVMOrcDisposeLLJIT(J));
  return 0;
}

// Must flag: the default triple is printed and lost.
void printDefaultTriple(void) {
  printf("default target: %s\n", LLVMGetDefaultTargetTriple()); // WARN: message string returned by 'LLVMGetDefaultTargetTriple' is never released: it is used only as a temporary
}

// Must flag: the default resource tracker is borrowed.
void dropAllCode(LLVMOrcLLJITRef J) {
  LLVMOrcResourceTrackerRef RT = LLVMOrcJITDylibGetDefaultResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  LLVMErrorRef Err = LLVMOrcResourceTrackerRemove(RT);
  if (Err)
    LLVMConsumeError(Err);
  LLVMOrcReleaseResourceTracker(RT); // WARN: returned by 'LLVMOrcJITDylibGetDefaultResourceTracker' is borrowed and must not be released
}

// Must flag: the emitted buffer leaks on the failure path.
int emitToMemory(LLVMTargetMachineRef TM, LLVMModuleRef M, FILE *Out) {
  char *Err = NULL;
  LLVMMemoryBufferRef Obj = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(TM, M, LLVMObjectFile, &Err, &Obj)) { // WARN: LLVMMemoryBufferRef written by 'LLVMTargetMachineEmitToMemoryBuffer' is not released when the function returns at line 132
    fprintf(stderr, "%s\n", Err);
    LLVMDisposeMessage(Err);
    return 1; // NOTE: 'Obj' still holds it when the function returns here
  }
  fwrite(LLVMGetBufferStart(Obj), 1, LLVMGetBufferSize(Obj), Out);
  LLVMDisposeMemoryBuffer(Obj);
  return 0;
}

// Must flag: the scratch module is disposed of twice.
void linkScratch(LLVMModuleRef Lib) {
  LLVMModuleRef Scratch = LLVMModuleCreateWithName("scratch");
  if (LLVMLinkModules2(Scratch, LLVMCloneModule(Lib))) {
    LLVMDisposeModule(Scratch); // NOTE: first released here
  }
  LLVMDisposeModule(Scratch); // WARN: LLVMModuleRef 'Scratch' is released twice
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the verifier's message is disposed of on both paths (it
// is written on success too; disposing of it on failure only was accepted
// here before its row was checked against LLVM's implementation).
LLVMBool verifyDisposing(LLVMModuleRef M) {
  char *Err = NULL;
  if (LLVMVerifyModule(M, LLVMReturnStatusAction, &Err)) {
    fprintf(stderr, "broken module: %s\n", Err);
    LLVMDisposeMessage(Err);
    return 0;
  }
  LLVMDisposeMessage(Err);
  return 1;
}

// Must not flag: the parser took the buffer; the module is returned.
LLVMModuleRef parseFileCorrectly(LLVMContextRef C, const char *Path) {
  LLVMMemoryBufferRef Buf = NULL;
  char *Msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buf, &Msg)) {
    fprintf(stderr, "%s: %s\n", Path, Msg);
    LLVMDisposeMessage(Msg);
    return NULL;
  }
  LLVMModuleRef M = NULL;
  if (LLVMParseIRInContext(C, Buf, &M, &Msg)) {
    fprintf(stderr, "%s: %s\n", Path, Msg);
    LLVMDisposeMessage(Msg);
    return NULL;
  }
  return M;
}

// Must not flag: bitcode parsed without giving up the buffer, which is
// disposed of.
LLVMModuleRef parseBitcode(LLVMContextRef C, const char *Data, size_t Len) {
  LLVMMemoryBufferRef Buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(Data, Len, "in.bc");
  LLVMModuleRef M = NULL;
  LLVMBool Failed = LLVMParseBitcodeInContext2(C, Buf, &M);
  LLVMDisposeMemoryBuffer(Buf);
  return Failed ? NULL : M;
}

// Must not flag: the error message goes to LLVMDisposeErrorMessage.
void reportErrorCorrectly(LLVMErrorRef Err) {
  char *Msg = LLVMGetErrorMessage(Err);
  fprintf(stderr, "error: %s\n", Msg);
  LLVMDisposeErrorMessage(Msg);
}

// Must not flag: the usual LLJIT set-up and tear-down.
int runWithLLJITCorrectly(const char *Name) {
#if LLVM_VERSION_MAJOR >= 22
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, Ctx);
  LLVMOrcThreadSafeContextRef TSC =
      LLVMOrcCreateNewThreadSafeContextFromLLVMContext(Ctx);
#else
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContext();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(
      Name, LLVMOrcThreadSafeContextGetContext(TSC));
#endif
  LLVMOrcThreadSafeModuleRef TSM = LLVMOrcCreateNewThreadSafeModule(M, TSC);
  LLVMOrcDisposeThreadSafeContext(TSC);
  LLVMOrcLLJITBuilderRef B = LLVMOrcCreateLLJITBuilder();
  LLVMOrcLLJITRef J = NULL;
  LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, B);
  if (Err) {
    LLVMConsumeError(Err);
    LLVMOrcDisposeThreadSafeModule(TSM);
    return 1;
  }
  Err = LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSM);
  if (Err)
    LLVMConsumeError(Err);
  LLVMOrcSymbolStringPoolEntryRef S = LLVMOrcLLJITMangleAndIntern(J, "main");
  puts(LLVMOrcSymbolStringPoolEntryStr(S));
  LLVMOrcReleaseSymbolStringPoolEntry(S);
  LLVMConsumeError(LLVMOrcDisposeLLJIT(J));
  return 0;
}

// Must not flag: MCJIT took the module; the engine is disposed of.
uint64_t runWithMCJIT(LLVMModuleRef M, const char *Fn) {
  struct LLVMMCJITCompilerOptions Opts;
  LLVMInitializeMCJITCompilerOptions(&Opts, sizeof(Opts));
  LLVMExecutionEngineRef EE;
  char *Err = NULL;
  if (LLVMCreateMCJITCompilerForModule(&EE, M, &Opts, sizeof(Opts), &Err)) {
    fprintf(stderr, "%s\n", Err);
    LLVMDisposeMessage(Err);
    return 0;
  }
  uint64_t Addr = LLVMGetFunctionAddress(EE, Fn);
  LLVMDisposeExecutionEngine(EE);
  return Addr;
}

// Must not flag: the emitted buffer is disposed of on both paths.
int emitToMemoryCorrectly(LLVMTargetMachineRef TM, LLVMModuleRef M,
                          FILE *Out) {
  char *Err = NULL;
  LLVMMemoryBufferRef Obj = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(TM, M, LLVMObjectFile, &Err, &Obj)) {
    fprintf(stderr, "%s\n", Err);
    LLVMDisposeMessage(Err);
    LLVMDisposeMemoryBuffer(Obj);
    return 1;
  }
  fwrite(LLVMGetBufferStart(Obj), 1, LLVMGetBufferSize(Obj), Out);
  LLVMDisposeMemoryBuffer(Obj);
  return 0;
}

// LLVM 13's llvm-c/Transforms/PassBuilder.h does not compile with Clang:
// it declares LLVMCreatePassBuilderOptions() without a prototype, inside
// the -Werror=strict-prototypes region of its own LLVM_C_EXTERN_C_BEGIN.
#if LLVM_VERSION_MAJOR >= 14
#include "llvm-c/Transforms/PassBuilder.h"

// Must not flag: the pass options are disposed of, the error consumed.
int optimize(LLVMModuleRef M, LLVMTargetMachineRef TM) {
  LLVMPassBuilderOptionsRef Opts = LLVMCreatePassBuilderOptions();
  LLVMPassBuilderOptionsSetVerifyEach(Opts, 1);
  LLVMErrorRef Err = LLVMRunPasses(M, "default<O2>", TM, Opts);
  LLVMDisposePassBuilderOptions(Opts);
  if (Err) {
    char *Msg = LLVMGetErrorMessage(Err);
    fprintf(stderr, "%s\n", Msg);
    LLVMDisposeErrorMessage(Msg);
    return 1;
  }
  return 0;
}
#endif

// Must not flag: debug info builder, module and context disposed of in the
// right order; the triple is freed with free().
void buildWithDebugInfo(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("dbg", C);
  char *Triple = LLVMGetDefaultTargetTriple();
  LLVMSetTarget(M, Triple);
  free(Triple);
  LLVMDIBuilderRef DIB = LLVMCreateDIBuilder(M);
  LLVMDIBuilderCreateFile(DIB, "a.c", strlen("a.c"), "/src", strlen("/src"));
  LLVMDIBuilderFinalize(DIB);
  LLVMDisposeDIBuilder(DIB);
  LLVMDisposeModule(M);
  LLVMContextDispose(C);
}

// Must not flag: the scratch module is disposed of once; the link took the
// clone.
void linkScratchCorrectly(LLVMModuleRef Lib) {
  LLVMModuleRef Scratch = LLVMModuleCreateWithName("scratch");
  if (!LLVMLinkModules2(Scratch, LLVMCloneModule(Lib)))
    LLVMDumpModule(Scratch);
  LLVMDisposeModule(Scratch);
}

//===--- LLVM 22's C API ---------------------------------------------------===//
#if LLVM_VERSION_MAJOR >= 22
#include "llvm-c/OrcEE.h"

// Must flag: the thread-safe context took the LLVMContext over; disposing of
// it as well is a double free.
LLVMOrcThreadSafeContextRef wrapThenDispose(void) {
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContextFromLLVMContext(Ctx); // NOTE: 'LLVMOrcCreateNewThreadSafeContextFromLLVMContext' took ownership here
  LLVMContextDispose(Ctx); // WARN: LLVMContextRef 'Ctx' is released after 'LLVMOrcCreateNewThreadSafeContextFromLLVMContext' took ownership of it
  return TSC;
}

// Must flag: unlike LLVMParseIRInContext, LLVMParseIRInContext2 leaves the
// buffer to the caller.
LLVMModuleRef parseLeavingBuffer(LLVMContextRef C, const char *Path) {
  LLVMMemoryBufferRef Buf;
  char *Msg = NULL;
  LLVMModuleRef M = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buf, &Msg)) { // WARN: LLVMMemoryBufferRef written by 'LLVMCreateMemoryBufferWithContentsOfFile' is not released when the function returns at line {{[0-9]+}}
    LLVMDisposeMessage(Msg);
    return NULL;
  }
  if (LLVMParseIRInContext2(C, Buf, &M, &Msg)) {
    LLVMDisposeMessage(Msg);
    return NULL; // NOTE: 'Buf' still holds it when the function returns here
  }
  LLVMDisposeMemoryBuffer(Buf);
  return M;
}

// Must not flag: the same, with the buffer disposed of on both paths.
LLVMModuleRef parseDisposingBuffer(LLVMContextRef C, LLVMMemoryBufferRef Buf) {
  LLVMModuleRef M = NULL;
  char *Msg = NULL;
  LLVMBool Failed = LLVMParseIRInContext2(C, Buf, &M, &Msg);
  LLVMDisposeMemoryBuffer(Buf);
  if (Failed) {
    LLVMDisposeMessage(Msg);
    return NULL;
  }
  return M;
}

// Must flag: the overloaded intrinsic name is the caller's to free.
size_t intrinsicNameLength(LLVMModuleRef M, unsigned ID, LLVMTypeRef T) {
  size_t Len = 0;
  char *Name = LLVMIntrinsicCopyOverloadedName2(M, ID, &T, 1, &Len); // WARN: message string returned by 'LLVMIntrinsicCopyOverloadedName2' is never released with 'LLVMDisposeMessage'
  return Len; // NOTE: 'Name' still holds it when the function returns here
}

// Must not flag: the object linking layer goes to the caller through its
// out-parameter (an object-layer creator callback does this).
LLVMErrorRef makeLinkingLayer(LLVMOrcExecutionSessionRef ES,
                              LLVMOrcObjectLayerRef *Out) {
  return LLVMOrcCreateObjectLinkingLayerWithInProcessMemoryManager(Out, ES);
}

// Must flag: a layer made to probe the session and never disposed of.
int canLinkObjects(LLVMOrcExecutionSessionRef ES) {
  LLVMOrcObjectLayerRef L = NULL;
  LLVMErrorRef Err = LLVMOrcCreateObjectLinkingLayerWithInProcessMemoryManager(&L, ES); // WARN: written by 'LLVMOrcCreateObjectLinkingLayerWithInProcessMemoryManager' is never released with 'LLVMOrcDisposeObjectLayer'
  if (Err) {
    LLVMConsumeError(Err);
    return 0;
  }
  return 1; // NOTE: 'L' still holds it when the function returns here
}
#endif
