// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose, consumers: calls that take ownership of an argument,
// which must not be disposed of afterwards. Always: LLVMLinkModules2 (Src),
// LLVMOrcCreateNewThreadSafeModule (the module),
// LLVMCreateExecutionEngineForModule and LLVMCreateMCJITCompilerForModule
// (the module, also when they fail), LLVMParseIRInContext (the buffer),
// LLVMOrcLLJITAddLLVMIRModule[WithRT] (the thread-safe module, also when it
// fails), LLVMOrcLLJITAddObjectFile (the buffer), LLVMOrcCreateLLJIT (the
// builder, also when it fails), LLVMOrcLLJITBuilderSetJITTargetMachineBuilder
// (the JITTargetMachineBuilder), LLVMOrcJITDylibAddGenerator (the generator).
// On success only: LLVMOrcJITDylibDefine (the materialization unit) and
// LLVMGetBitcodeModuleInContext2 (the buffer); the caller keeps and disposes
// of them when the call fails. LLVMParseBitcodeInContext2 takes nothing.

#include "llvm-c/BitReader.h"
#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/ExecutionEngine.h"
#include "llvm-c/IRReader.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Linker.h"
#include "llvm-c/Orc.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: LLVMLinkModules2 destroys the source module.
LLVMBool linkCopyOfLibrary(LLVMModuleRef Dest, LLVMModuleRef Lib) {
  LLVMModuleRef Src = LLVMCloneModule(Lib);
  LLVMBool Failed = LLVMLinkModules2(Dest, Src); // NOTE: 'LLVMLinkModules2' took ownership here
  LLVMDisposeModule(Src); // WARN: LLVMModuleRef 'Src' is released after 'LLVMLinkModules2' took ownership of it
  return Failed;
}

// Must flag: the thread-safe module owns the module.
LLVMOrcThreadSafeModuleRef wrapAndDispose(const char *Name) {
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContext();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, LLVMOrcThreadSafeContextGetContext(TSC));
  LLVMOrcThreadSafeModuleRef TSM = LLVMOrcCreateNewThreadSafeModule(M, TSC); // NOTE: 'LLVMOrcCreateNewThreadSafeModule' took ownership here
  LLVMOrcDisposeThreadSafeContext(TSC);
  LLVMDisposeModule(M); // WARN: LLVMModuleRef 'M' is released after 'LLVMOrcCreateNewThreadSafeModule' took ownership of it
  return TSM;
}

// Must flag: LLVMParseIRInContext always takes the buffer.
LLVMModuleRef parseAndDisposeBuffer(LLVMContextRef C, const char *Text,
                                    size_t Len) {
  LLVMMemoryBufferRef Buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(Text, Len, "input.ll");
  LLVMModuleRef M = NULL;
  char *Msg = NULL;
  LLVMBool Failed = LLVMParseIRInContext(C, Buf, &M, &Msg); // NOTE: 'LLVMParseIRInContext' took ownership here
  LLVMDisposeMemoryBuffer(Buf); // WARN: LLVMMemoryBufferRef 'Buf' is released after 'LLVMParseIRInContext' took ownership of it
  if (Failed) {
    fprintf(stderr, "%s\n", Msg);
    LLVMDisposeMessage(Msg);
    return NULL;
  }
  return M;
}

// Must flag: the engine took the module even though it failed.
int interpretFailing(const char *Name) {
  LLVMModuleRef M = LLVMModuleCreateWithName(Name);
  LLVMExecutionEngineRef EE;
  char *Err = NULL;
  if (LLVMCreateExecutionEngineForModule(&EE, M, &Err)) { // NOTE: 'LLVMCreateExecutionEngineForModule' took ownership here
    fprintf(stderr, "%s\n", Err);
    LLVMDisposeMessage(Err);
    LLVMDisposeModule(M); // WARN: LLVMModuleRef 'M' is released after 'LLVMCreateExecutionEngineForModule' took ownership of it
    return 1;
  }
  LLVMDisposeExecutionEngine(EE);
  return 0;
}

// Must flag: the module is disposed of after the engine that owns it.
uint64_t mcjitAddress(LLVMModuleRef M, const char *Fn) {
  struct LLVMMCJITCompilerOptions Opts;
  LLVMInitializeMCJITCompilerOptions(&Opts, sizeof(Opts));
  Opts.OptLevel = 2;
  LLVMExecutionEngineRef EE;
  char *Err = NULL;
  if (LLVMCreateMCJITCompilerForModule(&EE, M, &Opts, sizeof(Opts), &Err)) { // NOTE: 'LLVMCreateMCJITCompilerForModule' took ownership here
    LLVMDisposeMessage(Err);
    return 0;
  }
  uint64_t Addr = LLVMGetFunctionAddress(EE, Fn);
  LLVMDisposeExecutionEngine(EE);
  LLVMDisposeModule(M); // WARN: LLVMModuleRef 'M' is released after 'LLVMCreateMCJITCompilerForModule' took ownership of it
  return Addr;
}

// Must flag: the JIT took the thread-safe module even though it failed.
int addModuleDisposingOnFailure(LLVMOrcLLJITRef J,
                                LLVMOrcThreadSafeModuleRef TSM) {
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSM); // NOTE: 'LLVMOrcLLJITAddLLVMIRModule' took ownership here
  if (Err) {
    LLVMConsumeError(Err);
    LLVMOrcDisposeThreadSafeModule(TSM); // WARN: LLVMOrcThreadSafeModuleRef 'TSM' is released after 'LLVMOrcLLJITAddLLVMIRModule' took ownership of it
    return 1;
  }
  return 0;
}

// Must flag: the same with a resource tracker.
int addModuleWithRTDisposingOnFailure(LLVMOrcLLJITRef J,
                                      LLVMOrcResourceTrackerRef RT,
                                      LLVMOrcThreadSafeModuleRef TSM) {
  LLVMErrorRef Err = LLVMOrcLLJITAddLLVMIRModuleWithRT(J, RT, TSM); // NOTE: 'LLVMOrcLLJITAddLLVMIRModuleWithRT' took ownership here
  if (Err) {
    LLVMConsumeError(Err);
    LLVMOrcDisposeThreadSafeModule(TSM); // WARN: LLVMOrcThreadSafeModuleRef 'TSM' is released after 'LLVMOrcLLJITAddLLVMIRModuleWithRT' took ownership of it
    return 1;
  }
  return 0;
}

// Must flag: the JIT took the object buffer.
void addObjectAndDispose(LLVMOrcLLJITRef J, const char *Obj, size_t Len) {
  LLVMMemoryBufferRef Buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(Obj, Len, "obj");
  LLVMErrorRef Err = LLVMOrcLLJITAddObjectFile(J, LLVMOrcLLJITGetMainJITDylib(J), Buf); // NOTE: 'LLVMOrcLLJITAddObjectFile' took ownership here
  if (Err)
    LLVMConsumeError(Err);
  LLVMDisposeMemoryBuffer(Buf); // WARN: LLVMMemoryBufferRef 'Buf' is released after 'LLVMOrcLLJITAddObjectFile' took ownership of it
}

// Must flag: LLVMOrcCreateLLJIT took the builder even though it failed.
LLVMOrcLLJITRef createJITDisposingBuilder(void) {
  LLVMOrcLLJITBuilderRef B = LLVMOrcCreateLLJITBuilder();
  LLVMOrcLLJITRef J = NULL;
  LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, B); // NOTE: 'LLVMOrcCreateLLJIT' took ownership here
  if (Err) {
    LLVMConsumeError(Err);
    LLVMOrcDisposeLLJITBuilder(B); // WARN: LLVMOrcLLJITBuilderRef 'B' is released after 'LLVMOrcCreateLLJIT' took ownership of it
    return NULL;
  }
  return J;
}

// Must flag: the LLJIT builder took the JITTargetMachineBuilder.
LLVMOrcLLJITBuilderRef builderForHost(void) {
  LLVMOrcJITTargetMachineBuilderRef JTMB = NULL;
  LLVMErrorRef Err = LLVMOrcJITTargetMachineBuilderDetectHost(&JTMB);
  if (Err) {
    LLVMConsumeError(Err);
    return NULL;
  }
  LLVMOrcLLJITBuilderRef B = LLVMOrcCreateLLJITBuilder();
  LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(B, JTMB); // NOTE: 'LLVMOrcLLJITBuilderSetJITTargetMachineBuilder' took ownership here
  LLVMOrcDisposeJITTargetMachineBuilder(JTMB); // WARN: LLVMOrcJITTargetMachineBuilderRef 'JTMB' is released after 'LLVMOrcLLJITBuilderSetJITTargetMachineBuilder' took ownership of it
  return B;
}

// Must flag: the JITDylib took the generator.
void addProcessSymbolsAndDispose(LLVMOrcLLJITRef J) {
  LLVMOrcDefinitionGeneratorRef G = NULL;
  LLVMErrorRef Err = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&G, LLVMOrcLLJITGetGlobalPrefix(J), NULL, NULL);
  if (Err) {
    LLVMConsumeError(Err);
    return;
  }
  LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(J), G); // NOTE: 'LLVMOrcJITDylibAddGenerator' took ownership here
  LLVMOrcDisposeDefinitionGenerator(G); // WARN: LLVMOrcDefinitionGeneratorRef 'G' is released after 'LLVMOrcJITDylibAddGenerator' took ownership of it
}

// Must flag: LLVMOrcJITDylibDefine took the unit when it succeeded; the
// unconditional dispose frees it a second time on that path.
void defineAndDispose(LLVMOrcJITDylibRef JD, LLVMOrcCSymbolMapPairs Syms,
                      size_t N) {
  LLVMOrcMaterializationUnitRef MU = LLVMOrcAbsoluteSymbols(Syms, N);
  LLVMErrorRef Err = LLVMOrcJITDylibDefine(JD, MU); // NOTE: 'LLVMOrcJITDylibDefine' took ownership here
  LLVMOrcDisposeMaterializationUnit(MU); // WARN: LLVMOrcMaterializationUnitRef 'MU' is released after 'LLVMOrcJITDylibDefine' took ownership of it
  if (Err)
    LLVMConsumeError(Err);
}

// Must flag: LLVMOrcJITDylibDefine leaves the unit with the caller when it
// fails; the failure path does not dispose of it.
LLVMErrorRef defineLeakingOnFailure(LLVMOrcJITDylibRef JD,
                                    LLVMOrcCSymbolMapPairs Syms, size_t N) {
  LLVMOrcMaterializationUnitRef MU = LLVMOrcAbsoluteSymbols(Syms, N); // WARN: LLVMOrcMaterializationUnitRef returned by 'LLVMOrcAbsoluteSymbols' is not released when the function returns at line 188
  LLVMErrorRef Err = LLVMOrcJITDylibDefine(JD, MU);
  if (Err)
    return Err; // NOTE: 'MU' still holds it when the function returns here
  return NULL;
}

// Must flag: LLVMGetBitcodeModuleInContext2 took the buffer when it
// succeeded; disposing of it unconditionally frees it twice on that path.
LLVMModuleRef lazyLoadAndDispose(LLVMContextRef C, const char *Data,
                                 size_t Len) {
  LLVMMemoryBufferRef Buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(Data, Len, "in.bc");
  LLVMModuleRef M = NULL;
  LLVMBool Failed = LLVMGetBitcodeModuleInContext2(C, Buf, &M); // NOTE: 'LLVMGetBitcodeModuleInContext2' took ownership here
  LLVMDisposeMemoryBuffer(Buf); // WARN: LLVMMemoryBufferRef 'Buf' is released after 'LLVMGetBitcodeModuleInContext2' took ownership of it
  return Failed ? NULL : M;
}

// Must flag: when the lazy load fails, the buffer is still the caller's and
// leaks.
LLVMModuleRef lazyLoadLeakingOnFailure(LLVMContextRef C, const char *Data,
                                       size_t Len) {
  LLVMMemoryBufferRef Buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(Data, Len, "in.bc"); // WARN: LLVMMemoryBufferRef returned by 'LLVMCreateMemoryBufferWithMemoryRangeCopy' is not released when the function returns at line 210
  LLVMModuleRef M = NULL;
  if (LLVMGetBitcodeModuleInContext2(C, Buf, &M))
    return NULL; // NOTE: 'Buf' still holds it when the function returns here
  return M;
}

// Must flag: LLVMParseBitcodeInContext2 does not take the buffer (unlike
// LLVMParseIRInContext), so it leaks.
LLVMModuleRef parseBitcodeLeakingBuffer(LLVMContextRef C, const char *Data,
                                        size_t Len) {
  LLVMMemoryBufferRef Buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(Data, Len, "in.bc"); // WARN: LLVMMemoryBufferRef returned by 'LLVMCreateMemoryBufferWithMemoryRangeCopy' is never released with 'LLVMDisposeMemoryBuffer'
  LLVMModuleRef M = NULL;
  if (LLVMParseBitcodeInContext2(C, Buf, &M))
    return NULL;
  return M;
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: only the destination survives the link.
LLVMBool linkCopyOfLibraryCorrectly(LLVMModuleRef Dest, LLVMModuleRef Lib) {
  LLVMModuleRef Src = LLVMCloneModule(Lib);
  return LLVMLinkModules2(Dest, Src);
}

// Must not flag: the destination is created here and disposed of; the
// source is taken by the link.
void linkIntoScratch(LLVMModuleRef Lib) {
  LLVMModuleRef Dest = LLVMModuleCreateWithName("scratch");
  LLVMModuleRef Src = LLVMCloneModule(Lib);
  if (!LLVMLinkModules2(Dest, Src))
    LLVMDumpModule(Dest);
  LLVMDisposeModule(Dest);
}

// Must not flag: the thread-safe module owns the module; the context handle
// is disposed of right away.
LLVMOrcThreadSafeModuleRef wrapModule(const char *Name) {
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContext();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, LLVMOrcThreadSafeContextGetContext(TSC));
  LLVMOrcThreadSafeModuleRef TSM = LLVMOrcCreateNewThreadSafeModule(M, TSC);
  LLVMOrcDisposeThreadSafeContext(TSC);
  return TSM;
}

// Must not flag: the parser took the buffer, also on the failure path.
LLVMModuleRef parseText(LLVMContextRef C, const char *Text, size_t Len) {
  LLVMMemoryBufferRef Buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(Text, Len, "input.ll");
  LLVMModuleRef M = NULL;
  char *Msg = NULL;
  if (LLVMParseIRInContext(C, Buf, &M, &Msg)) {
    fprintf(stderr, "%s\n", Msg);
    LLVMDisposeMessage(Msg);
    return NULL;
  }
  return M;
}

// Must not flag: the engine took the module; only the message is disposed
// of on failure.
int interpret(const char *Name) {
  LLVMModuleRef M = LLVMModuleCreateWithName(Name);
  LLVMExecutionEngineRef EE;
  char *Err = NULL;
  if (LLVMCreateExecutionEngineForModule(&EE, M, &Err)) {
    fprintf(stderr, "%s\n", Err);
    LLVMDisposeMessage(Err);
    return 1;
  }
  LLVMDisposeExecutionEngine(EE);
  return 0;
}

// Must not flag: disposing of the engine disposes of the module.
uint64_t mcjitAddressCorrectly(LLVMModuleRef M, const char *Fn) {
  struct LLVMMCJITCompilerOptions Opts;
  LLVMInitializeMCJITCompilerOptions(&Opts, sizeof(Opts));
  LLVMExecutionEngineRef EE;
  char *Err = NULL;
  if (LLVMCreateMCJITCompilerForModule(&EE, M, &Opts, sizeof(Opts), &Err)) {
    LLVMDisposeMessage(Err);
    return 0;
  }
  uint64_t Addr = LLVMGetFunctionAddress(EE, Fn);
  LLVMDisposeExecutionEngine(EE);
  return Addr;
}

// Must not flag: the thread-safe module is the JIT's, also on failure.
int addModule(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM) {
  LLVMErrorRef Err =
      LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSM);
  if (Err) {
    LLVMConsumeError(Err);
    return 1;
  }
  return 0;
}

// Must not flag: a thread-safe module never added is disposed of.
int addModuleUnlessDryRun(LLVMOrcLLJITRef J, LLVMOrcThreadSafeModuleRef TSM,
                          int DryRun) {
  if (DryRun) {
    LLVMOrcDisposeThreadSafeModule(TSM);
    return 0;
  }
  LLVMErrorRef Err =
      LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J), TSM);
  if (Err) {
    LLVMConsumeError(Err);
    return 1;
  }
  return 0;
}

// Must not flag: the JIT took the object buffer.
void addObject(LLVMOrcLLJITRef J, const char *Obj, size_t Len) {
  LLVMMemoryBufferRef Buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(Obj, Len, "obj");
  LLVMErrorRef Err =
      LLVMOrcLLJITAddObjectFile(J, LLVMOrcLLJITGetMainJITDylib(J), Buf);
  if (Err)
    LLVMConsumeError(Err);
}

// Must not flag: LLVMOrcCreateLLJIT took the builder, also on failure; the
// JITTargetMachineBuilder went to the builder.
LLVMOrcLLJITRef createJITForHost(void) {
  LLVMOrcJITTargetMachineBuilderRef JTMB = NULL;
  LLVMErrorRef Err = LLVMOrcJITTargetMachineBuilderDetectHost(&JTMB);
  if (Err) {
    LLVMConsumeError(Err);
    return NULL;
  }
  LLVMOrcLLJITBuilderRef B = LLVMOrcCreateLLJITBuilder();
  LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(B, JTMB);
  LLVMOrcLLJITRef J = NULL;
  Err = LLVMOrcCreateLLJIT(&J, B);
  if (Err) {
    LLVMConsumeError(Err);
    return NULL;
  }
  return J;
}

// Must not flag: the builder owns the JITTargetMachineBuilder; disposing of
// the builder (never passed to LLVMOrcCreateLLJIT) releases both.
void configureAndDrop(void) {
  LLVMOrcJITTargetMachineBuilderRef JTMB = NULL;
  LLVMErrorRef Err = LLVMOrcJITTargetMachineBuilderDetectHost(&JTMB);
  if (Err) {
    LLVMConsumeError(Err);
    return;
  }
  LLVMOrcLLJITBuilderRef B = LLVMOrcCreateLLJITBuilder();
  LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(B, JTMB);
  LLVMOrcDisposeLLJITBuilder(B);
}

// Must not flag: a builder never passed to LLVMOrcCreateLLJIT is disposed
// of.
LLVMOrcLLJITRef createJITUnlessDisabled(int Disabled) {
  LLVMOrcLLJITBuilderRef B = LLVMOrcCreateLLJITBuilder();
  if (Disabled) {
    LLVMOrcDisposeLLJITBuilder(B);
    return NULL;
  }
  LLVMOrcLLJITRef J = NULL;
  LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, B);
  if (Err) {
    LLVMConsumeError(Err);
    return NULL;
  }
  return J;
}

// Must not flag: the JITDylib took the generator.
void addProcessSymbols(LLVMOrcLLJITRef J) {
  LLVMOrcDefinitionGeneratorRef G = NULL;
  LLVMErrorRef Err = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
      &G, LLVMOrcLLJITGetGlobalPrefix(J), NULL, NULL);
  if (Err) {
    LLVMConsumeError(Err);
    return;
  }
  LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(J), G);
}

// Must not flag: the unit is disposed of on the failure path only.
LLVMErrorRef defineKeepingOnFailure(LLVMOrcJITDylibRef JD,
                                    LLVMOrcCSymbolMapPairs Syms, size_t N) {
  LLVMOrcMaterializationUnitRef MU = LLVMOrcAbsoluteSymbols(Syms, N);
  LLVMErrorRef Err = LLVMOrcJITDylibDefine(JD, MU);
  if (Err) {
    LLVMOrcDisposeMaterializationUnit(MU);
    return Err;
  }
  return NULL;
}

// Must not flag: the buffer is disposed of when the lazy load fails, and
// belongs to the module when it succeeds.
LLVMModuleRef lazyLoad(LLVMContextRef C, const char *Data, size_t Len) {
  LLVMMemoryBufferRef Buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(Data, Len, "in.bc");
  LLVMModuleRef M = NULL;
  if (LLVMGetBitcodeModuleInContext2(C, Buf, &M)) {
    LLVMDisposeMemoryBuffer(Buf);
    return NULL;
  }
  return M;
}

// Must not flag: LLVMParseBitcodeInContext2 leaves the buffer to the
// caller, which disposes of it on both paths.
LLVMModuleRef parseBitcode(LLVMContextRef C, const char *Data, size_t Len) {
  LLVMMemoryBufferRef Buf =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(Data, Len, "in.bc");
  LLVMModuleRef M = NULL;
  LLVMBool Failed = LLVMParseBitcodeInContext2(C, Buf, &M);
  LLVMDisposeMemoryBuffer(Buf);
  return Failed ? NULL : M;
}
