// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose: handles of the LLVM C API that are never released,
// or not released on every path. One kind per case: contexts, modules,
// builders, pass managers, pass builder options, data layouts, memory
// buffers, debug info builders and execution engines. Not flagged: the
// matching release on every path, a module left for its context to delete,
// null checks, the right order of disposal, handles returned to the caller,
// handed to an unknown function, or kept in a struct or a global that a
// teardown function releases.

#include "llvm-c/Core.h"
#include "llvm-c/DebugInfo.h"
#include "llvm-c/ExecutionEngine.h"
#include "llvm-c/Error.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the context is never disposed of.
void contextNeverDisposed(void) {
  LLVMContextRef C = LLVMContextCreate(); // WARN: LLVMContextRef returned by 'LLVMContextCreate' is never released with 'LLVMContextDispose'
  LLVMTypeRef I32 = LLVMInt32TypeInContext(C);
  LLVMDumpValue(LLVMConstInt(I32, 42, 0));
} // NOTE: 'C' still holds it when the function returns here

// Must flag: the context is disposed of at the end, but the early return
// leaves it behind.
int contextLeakedOnEarlyReturn(int DryRun) {
  LLVMContextRef C = LLVMContextCreate(); // WARN: LLVMContextRef returned by 'LLVMContextCreate' is not released when the function returns at line 39
  if (DryRun)
    return 0; // NOTE: 'C' still holds it when the function returns here
  LLVMDumpValue(LLVMConstInt(LLVMInt32TypeInContext(C), 1, 0));
  LLVMContextDispose(C);
  return 1;
}

// Must flag: a module in the global context is never disposed of (no
// context disposal can release it).
void globalModuleNeverDisposed(void) {
  LLVMModuleRef M = LLVMModuleCreateWithName("scratch"); // WARN: LLVMModuleRef returned by 'LLVMModuleCreateWithName' is never released with 'LLVMDisposeModule'
  LLVMSetTarget(M, "x86_64-unknown-linux-gnu");
  LLVMDumpModule(M);
} // NOTE: 'M' still holds it when the function returns here

// Must flag: the result of LLVMModuleCreateWithName is discarded.
void discardModule(void) {
  LLVMModuleCreateWithName("unused"); // WARN: LLVMModuleRef returned by 'LLVMModuleCreateWithName' is never released: the result is discarded
}

// Must flag: the module is used only as a temporary argument.
void dumpTemporaryModule(void) {
  LLVMDumpModule(LLVMModuleCreateWithName("tmp")); // WARN: LLVMModuleRef returned by 'LLVMModuleCreateWithName' is never released: it is used only as a temporary
}

// Must flag: the clone of the caller's module is never disposed of.
void cloneNeverDisposed(LLVMModuleRef M) {
  LLVMModuleRef Copy = LLVMCloneModule(M); // WARN: LLVMModuleRef returned by 'LLVMCloneModule' is never released with 'LLVMDisposeModule'
  LLVMSetTarget(Copy, "aarch64-unknown-linux-gnu");
  LLVMDumpModule(Copy);
} // NOTE: 'Copy' still holds it when the function returns here

// Must flag: the result of LLVMCreateBuilder is discarded.
void discardBuilder(void) {
  LLVMCreateBuilder(); // WARN: LLVMBuilderRef returned by 'LLVMCreateBuilder' is never released: the result is discarded
}

// Must flag: a builder in the caller's context is never disposed of (the
// context does not own its builders).
void builderNeverDisposed(LLVMContextRef C, LLVMValueRef F) {
  LLVMBuilderRef B = LLVMCreateBuilderInContext(C); // WARN: LLVMBuilderRef returned by 'LLVMCreateBuilderInContext' is never released with 'LLVMDisposeBuilder'
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(C, F, "entry"));
  LLVMBuildRetVoid(B);
} // NOTE: 'B' still holds it when the function returns here

// Must flag: the function pass manager is never disposed of.
void functionPassManagerNeverDisposed(LLVMModuleRef M, LLVMValueRef F) {
  LLVMPassManagerRef FPM = LLVMCreateFunctionPassManagerForModule(M); // WARN: LLVMPassManagerRef returned by 'LLVMCreateFunctionPassManagerForModule' is never released with 'LLVMDisposePassManager'
  LLVMInitializeFunctionPassManager(FPM);
  LLVMRunFunctionPassManager(FPM, F);
  LLVMFinalizeFunctionPassManager(FPM);
} // NOTE: 'FPM' still holds it when the function returns here

// Must flag: the pass manager leaks when the module has no functions.
LLVMBool passManagerLeakedOnEarlyReturn(LLVMModuleRef M) {
  LLVMPassManagerRef PM = LLVMCreatePassManager(); // WARN: LLVMPassManagerRef returned by 'LLVMCreatePassManager' is not released when the function returns at line 95
  if (!LLVMGetNamedFunction(M, "main"))
    return 0; // NOTE: 'PM' still holds it when the function returns here
  LLVMBool Changed = LLVMRunPassManager(PM, M);
  LLVMDisposePassManager(PM);
  return Changed;
}

// Must flag: the pass builder options are never disposed of; the error is
// handled correctly.
int passBuilderOptionsNeverDisposed(LLVMModuleRef M, LLVMTargetMachineRef TM) {
  LLVMPassBuilderOptionsRef Opts = LLVMCreatePassBuilderOptions(); // WARN: LLVMPassBuilderOptionsRef returned by 'LLVMCreatePassBuilderOptions' is never released with 'LLVMDisposePassBuilderOptions'
  LLVMPassBuilderOptionsSetVerifyEach(Opts, 1);
  LLVMErrorRef Err = LLVMRunPasses(M, "default<O2>", TM, Opts);
  if (Err) {
    LLVMConsumeError(Err);
    return 1;
  }
  return 0;
}

// Must flag: the data layout of the caller's machine is never disposed of.
unsigned pointerSizeOfMachine(LLVMTargetMachineRef TM) {
  LLVMTargetDataRef TD = LLVMCreateTargetDataLayout(TM); // WARN: LLVMTargetDataRef returned by 'LLVMCreateTargetDataLayout' is never released with 'LLVMDisposeTargetData'
  return LLVMPointerSize(TD); // NOTE: 'TD' still holds it when the function returns here
}

// Must flag: a data layout used only as a temporary argument.
unsigned pointerSizeOfString(const char *Layout) {
  return LLVMPointerSize(LLVMCreateTargetData(Layout)); // WARN: LLVMTargetDataRef returned by 'LLVMCreateTargetData' is never released: it is used only as a temporary
}

// Must flag: a buffer over a static string is never disposed of.
size_t bufferNeverDisposed(void) {
  static const char Text[] = "define void @f() { ret void }";
  LLVMMemoryBufferRef Buf = LLVMCreateMemoryBufferWithMemoryRange(Text, sizeof(Text) - 1, "f.ll", 0); // WARN: LLVMMemoryBufferRef returned by 'LLVMCreateMemoryBufferWithMemoryRange' is never released with 'LLVMDisposeMemoryBuffer'
  return LLVMGetBufferSize(Buf); // NOTE: 'Buf' still holds it when the function returns here
}

// Must flag: the buffer read from a file (an out-parameter) is never
// disposed of; the failure message is.
size_t fileBufferNeverDisposed(const char *Path) {
  LLVMMemoryBufferRef Buf = NULL;
  char *Msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buf, &Msg)) { // WARN: LLVMMemoryBufferRef written by 'LLVMCreateMemoryBufferWithContentsOfFile' is never released with 'LLVMDisposeMemoryBuffer'
    fprintf(stderr, "%s: %s\n", Path, Msg);
    LLVMDisposeMessage(Msg);
    return 0;
  }
  return LLVMGetBufferSize(Buf); // NOTE: 'Buf' still holds it when the function returns here
}

// Must flag: LLVMTargetMachineEmitToMemoryBuffer writes the buffer even when
// it fails, so the error path must dispose of it too.
LLVMMemoryBufferRef emitLeaksBufferOnFailure(LLVMTargetMachineRef TM,
                                             LLVMModuleRef M) {
  char *Err = NULL;
  LLVMMemoryBufferRef Obj = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(TM, M, LLVMObjectFile, &Err, &Obj)) { // WARN: LLVMMemoryBufferRef written by 'LLVMTargetMachineEmitToMemoryBuffer' is not released when the function returns at line 154
    fprintf(stderr, "emit failed: %s\n", Err);
    LLVMDisposeMessage(Err);
    return NULL; // NOTE: 'Obj' still holds it when the function returns here
  }
  return Obj;
}

// Must flag: the debug info builder is finalized but never disposed of.
void diBuilderNeverDisposed(LLVMModuleRef M) {
  LLVMDIBuilderRef DIB = LLVMCreateDIBuilder(M); // WARN: LLVMDIBuilderRef returned by 'LLVMCreateDIBuilder' is never released with 'LLVMDisposeDIBuilder'
  LLVMDIBuilderCreateFile(DIB, "a.c", 3, "/src", 4);
  LLVMDIBuilderFinalize(DIB);
} // NOTE: 'DIB' still holds it when the function returns here

// Must flag: the execution engine (an out-parameter) is never disposed of;
// it took the module, which is fine.
uint64_t engineNeverDisposed(LLVMModuleRef M) {
  LLVMExecutionEngineRef EE;
  char *Err = NULL;
  if (LLVMCreateExecutionEngineForModule(&EE, M, &Err)) { // WARN: LLVMExecutionEngineRef written by 'LLVMCreateExecutionEngineForModule' is never released with 'LLVMDisposeExecutionEngine'
    LLVMDisposeMessage(Err);
    return 0;
  }
  return LLVMGetFunctionAddress(EE, "main"); // NOTE: 'EE' still holds it when the function returns here
}

// Must flag: a goto-cleanup function whose cleanup forgets the builder.
int cleanupForgetsBuilder(LLVMValueRef F) {
  int Status = 1;
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMBuilderRef B = LLVMCreateBuilderInContext(C); // WARN: LLVMBuilderRef returned by 'LLVMCreateBuilderInContext' is never released with 'LLVMDisposeBuilder'
  if (!F)
    goto cleanup;
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(C, F, "entry"));
  LLVMBuildRetVoid(B);
  LLVMDumpModule(M);
  Status = 0;
cleanup:
  LLVMDisposeModule(M);
  LLVMContextDispose(C);
  return Status; // NOTE: 'B' still holds it when the function returns here
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the context is disposed of.
void contextDisposed(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMTypeRef I32 = LLVMInt32TypeInContext(C);
  LLVMDumpValue(LLVMConstInt(I32, 42, 0));
  LLVMContextDispose(C);
}

// Must not flag: the context is disposed of on both paths.
int contextDisposedOnEveryPath(int DryRun) {
  LLVMContextRef C = LLVMContextCreate();
  if (DryRun) {
    LLVMContextDispose(C);
    return 0;
  }
  LLVMDumpValue(LLVMConstInt(LLVMInt32TypeInContext(C), 1, 0));
  LLVMContextDispose(C);
  return 1;
}

// Must not flag: the module is left for its context to delete.
void moduleReleasedByItsContext(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMSetTarget(M, "x86_64-unknown-linux-gnu");
  LLVMDumpModule(M);
  LLVMContextDispose(C);
}

// Must not flag: builder, module and context disposed of in the right order.
void disposedInOrder(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMTypeRef FnTy = LLVMFunctionType(LLVMVoidTypeInContext(C), NULL, 0, 0);
  LLVMValueRef F = LLVMAddFunction(M, "f", FnTy);
  LLVMBuilderRef B = LLVMCreateBuilderInContext(C);
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(C, F, "entry"));
  LLVMBuildRetVoid(B);
  LLVMDisposeBuilder(B);
  LLVMDumpModule(M);
  LLVMDisposeModule(M);
  LLVMContextDispose(C);
}

// Must not flag: a module in the global context, disposed of.
void globalModuleDisposed(void) {
  LLVMModuleRef M = LLVMModuleCreateWithName("scratch");
  LLVMDumpModule(M);
  LLVMDisposeModule(M);
}

// Must not flag: a null check before the disposal.
void cloneNullChecked(LLVMModuleRef M) {
  LLVMModuleRef Copy = LLVMCloneModule(M);
  if (!Copy)
    return;
  LLVMDumpModule(Copy);
  LLVMDisposeModule(Copy);
}

// Must not flag: the new module is returned to the caller.
LLVMModuleRef makeModule(const char *Name) {
  LLVMModuleRef M = LLVMModuleCreateWithName(Name);
  LLVMSetTarget(M, "x86_64-unknown-linux-gnu");
  return M;
}

// Must not flag: the new context is returned directly.
LLVMContextRef makeContext(void) { return LLVMContextCreate(); }

// Declared, not defined here: may keep the module.
void registerModule(LLVMModuleRef M);

// Must not flag: handed to an unknown function.
void moduleHandedOn(const char *Name) {
  LLVMModuleRef M = LLVMModuleCreateWithName(Name);
  registerModule(M);
}

// Must not flag: the builder is disposed of.
void builderDisposed(LLVMContextRef C, LLVMValueRef F) {
  LLVMBuilderRef B = LLVMCreateBuilderInContext(C);
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(C, F, "entry"));
  LLVMBuildRetVoid(B);
  LLVMDisposeBuilder(B);
}

// Must not flag: both pass managers are disposed of on every path.
LLVMBool passManagersDisposed(LLVMModuleRef M, LLVMValueRef F) {
  LLVMPassManagerRef FPM = LLVMCreateFunctionPassManagerForModule(M);
  LLVMInitializeFunctionPassManager(FPM);
  LLVMRunFunctionPassManager(FPM, F);
  LLVMFinalizeFunctionPassManager(FPM);
  LLVMDisposePassManager(FPM);
  LLVMPassManagerRef PM = LLVMCreatePassManager();
  if (!LLVMGetNamedFunction(M, "main")) {
    LLVMDisposePassManager(PM);
    return 0;
  }
  LLVMBool Changed = LLVMRunPassManager(PM, M);
  LLVMDisposePassManager(PM);
  return Changed;
}

// Must not flag: the options are disposed of after the error is handled.
int passBuilderOptionsDisposed(LLVMModuleRef M, LLVMTargetMachineRef TM) {
  LLVMPassBuilderOptionsRef Opts = LLVMCreatePassBuilderOptions();
  LLVMPassBuilderOptionsSetLoopVectorization(Opts, 1);
  LLVMErrorRef Err = LLVMRunPasses(M, "default<O3>", TM, Opts);
  LLVMDisposePassBuilderOptions(Opts);
  if (Err) {
    LLVMConsumeError(Err);
    return 1;
  }
  return 0;
}

// Must not flag: the data layouts are disposed of.
unsigned pointerSizesDisposed(LLVMTargetMachineRef TM, const char *Layout) {
  LLVMTargetDataRef FromTM = LLVMCreateTargetDataLayout(TM);
  LLVMTargetDataRef FromString = LLVMCreateTargetData(Layout);
  unsigned Size = LLVMPointerSize(FromTM) + LLVMPointerSize(FromString);
  LLVMDisposeTargetData(FromString);
  LLVMDisposeTargetData(FromTM);
  return Size;
}

// Must not flag: the buffers are disposed of; the file buffer is written
// on success only, so the failure path has only the message to dispose of.
size_t buffersDisposed(const char *Path) {
  static const char Text[] = "define void @f() { ret void }";
  LLVMMemoryBufferRef Copy =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(Text, strlen(Text), "f.ll");
  size_t Size = LLVMGetBufferSize(Copy);
  LLVMDisposeMemoryBuffer(Copy);
  LLVMMemoryBufferRef FileBuf = NULL;
  char *Msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Path, &FileBuf, &Msg)) {
    fprintf(stderr, "%s: %s\n", Path, Msg);
    LLVMDisposeMessage(Msg);
    return Size;
  }
  Size += LLVMGetBufferSize(FileBuf);
  LLVMDisposeMemoryBuffer(FileBuf);
  return Size;
}

// Must not flag: the emitted buffer is disposed of on the failure path and
// returned on success.
LLVMMemoryBufferRef emitDisposesBufferOnFailure(LLVMTargetMachineRef TM,
                                                LLVMModuleRef M) {
  char *Err = NULL;
  LLVMMemoryBufferRef Obj = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(TM, M, LLVMObjectFile, &Err, &Obj)) {
    fprintf(stderr, "emit failed: %s\n", Err);
    LLVMDisposeMessage(Err);
    LLVMDisposeMemoryBuffer(Obj);
    return NULL;
  }
  return Obj;
}

// Must not flag: the debug info builder is disposed of before the module
// and the context.
void diBuilderDisposedInOrder(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("dbg", C);
  LLVMDIBuilderRef DIB = LLVMCreateDIBuilder(M);
  LLVMDIBuilderCreateFile(DIB, "a.c", 3, "/src", 4);
  LLVMDIBuilderFinalize(DIB);
  LLVMDisposeDIBuilder(DIB);
  LLVMDumpModule(M);
  LLVMDisposeModule(M);
  LLVMContextDispose(C);
}

// Must not flag: the engine is written on success only; it is disposed of.
uint64_t engineDisposed(LLVMModuleRef M) {
  LLVMExecutionEngineRef EE;
  char *Err = NULL;
  if (LLVMCreateExecutionEngineForModule(&EE, M, &Err)) {
    LLVMDisposeMessage(Err);
    return 0;
  }
  uint64_t Addr = LLVMGetFunctionAddress(EE, "main");
  LLVMDisposeExecutionEngine(EE);
  return Addr;
}

// Must not flag: goto-cleanup releasing everything.
int cleanupReleasesAll(LLVMValueRef F) {
  int Status = 1;
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMBuilderRef B = LLVMCreateBuilderInContext(C);
  if (!F)
    goto cleanup;
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(C, F, "entry"));
  LLVMBuildRetVoid(B);
  LLVMDumpModule(M);
  Status = 0;
cleanup:
  LLVMDisposeBuilder(B);
  LLVMDisposeModule(M);
  LLVMContextDispose(C);
  return Status;
}

// Must not flag: one context per iteration, disposed of in the iteration.
void contextPerIteration(const char *const *Names, size_t Count) {
  for (size_t I = 0; I < Count; ++I) {
    LLVMContextRef C = LLVMContextCreate();
    LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Names[I], C);
    LLVMDumpModule(M);
    LLVMContextDispose(C);
  }
}

struct Compiler {
  LLVMContextRef Ctx;
  LLVMModuleRef Mod;
  LLVMBuilderRef Builder;
  LLVMPassManagerRef FPM;
};

// Must not flag: handles stored in a struct reached through a parameter ...
void compilerInit(struct Compiler *Comp, const char *Name) {
  Comp->Ctx = LLVMContextCreate();
  Comp->Mod = LLVMModuleCreateWithNameInContext(Name, Comp->Ctx);
  Comp->Builder = LLVMCreateBuilderInContext(Comp->Ctx);
  Comp->FPM = LLVMCreateFunctionPassManagerForModule(Comp->Mod);
}

// Must not flag: ... and released by the teardown function.
void compilerTeardown(struct Compiler *Comp) {
  LLVMDisposePassManager(Comp->FPM);
  LLVMDisposeBuilder(Comp->Builder);
  LLVMDisposeModule(Comp->Mod);
  LLVMContextDispose(Comp->Ctx);
}

static LLVMContextRef GlobalCtx;
static LLVMTargetDataRef GlobalLayout;

// Must not flag: handles stored in globals ...
void globalsInit(const char *Layout) {
  GlobalCtx = LLVMContextCreate();
  GlobalLayout = LLVMCreateTargetData(Layout);
}

// Must not flag: ... and released by the teardown function.
void globalsTeardown(void) {
  LLVMDisposeTargetData(GlobalLayout);
  LLVMContextDispose(GlobalCtx);
}
