// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-module-outlives-context, C API: LLVMContextDispose(C) deletes every
// module still in C, so LLVMDisposeModule(M), or any other use of M or of IR
// derived from C or M, after it is a use-after-free. Modules are bound to C by
// LLVMModuleCreateWithNameInContext, LLVMParseIRInContext and LLVMCloneModule
// of a module bound to C. Not flagged: the right order, a module left for the
// context to delete, modules in the global context (LLVMModuleCreateWithName,
// LLVMGetGlobalContext), a context from the caller, one context per loop
// iteration, and a string printed from a module (a copy).

#include "llvm-c/Core.h"
#include "llvm-c/IRReader.h"
#include <stddef.h>
#include <stdio.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the module is disposed of after its context, which already
// deleted it.
void disposeInWrongOrder(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C); // NOTE: 'M' is bound to 'C' here
  LLVMDumpModule(M);
  LLVMContextDispose(C); // NOTE: 'C' is destroyed here
  LLVMDisposeModule(M); // WARN: 'M' belongs to LLVMContext 'C', which was destroyed at line 26
}

// Must flag: the module is printed after its context was disposed of.
char *printAfterDispose(const char *Name) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, C); // NOTE: 'M' is bound to 'C' here
  LLVMContextDispose(C); // NOTE: 'C' is destroyed here
  return LLVMPrintModuleToString(M); // WARN: 'M' belongs to LLVMContext 'C', which was destroyed at line 34
}

// Must flag: the module itself is returned after its context was disposed of.
LLVMModuleRef buildThenDisposeContext(const char *Name) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, C); // NOTE: 'M' is bound to 'C' here
  LLVMSetTarget(M, "x86_64-unknown-linux-gnu");
  LLVMContextDispose(C); // NOTE: 'C' is destroyed here
  return M; // WARN: 'M' belongs to LLVMContext 'C', which was destroyed at line 43
}

// Must flag: a function added to the module, used after the context was
// disposed of.
void dumpFunctionAfterDispose(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMTypeRef FnTy = LLVMFunctionType(LLVMVoidTypeInContext(C), NULL, 0, 0);
  LLVMValueRef F = LLVMAddFunction(M, "init", FnTy); // NOTE: 'F' is bound to 'C' here
  LLVMContextDispose(C); // NOTE: 'C' is destroyed here
  LLVMDumpValue(F); // WARN: 'F' belongs to LLVMContext 'C', which was destroyed at line 54
}

// Must flag: a type of the disposed context is used to declare a function in
// the caller's module.
void declareWithDeadType(LLVMModuleRef Other) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMTypeRef I64 = LLVMInt64TypeInContext(C); // NOTE: 'I64' is bound to 'C' here
  LLVMContextDispose(C); // NOTE: 'C' is destroyed here
  LLVMAddFunction(Other, "f", LLVMFunctionType(I64, NULL, 0, 0)); // WARN: 'I64' belongs to LLVMContext 'C', which was destroyed at line 63
}

// Must flag: a module parsed into the context (through the out-parameter) is
// used after the context was disposed of.
void parseThenDisposeContext(LLVMMemoryBufferRef Buf) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = NULL;
  char *Msg = NULL;
  LLVMBool Failed = LLVMParseIRInContext(C, Buf, &M, &Msg); // NOTE: 'M' is bound to 'C' here
  LLVMContextDispose(C); // NOTE: 'C' is destroyed here
  if (Failed) {
    LLVMDisposeMessage(Msg);
    return;
  }
  LLVMDumpModule(M); // WARN: 'M' belongs to LLVMContext 'C', which was destroyed at line 74
}

// Must flag: a clone is in its original's context.
void disposeCloneLate(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMModuleRef Copy = LLVMCloneModule(M); // NOTE: 'Copy' is bound to 'C' here
  LLVMDisposeModule(M);
  LLVMContextDispose(C); // NOTE: 'C' is destroyed here
  LLVMDisposeModule(Copy); // WARN: 'Copy' belongs to LLVMContext 'C', which was destroyed at line 88
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the module is disposed of before its context.
void disposeInOrder(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMDumpModule(M);
  LLVMDisposeModule(M);
  LLVMContextDispose(C);
}

// Must not flag: the module is left for the context to delete, and not used
// after.
void leaveModuleToContext(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMSetTarget(M, "x86_64-unknown-linux-gnu");
  LLVMDumpModule(M);
  LLVMContextDispose(C);
}

// Must not flag: a module in the global context is unaffected by disposing of
// a local context.
void globalModuleOutlivesLocalContext(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef Local = LLVMModuleCreateWithNameInContext("local", C);
  LLVMModuleRef Global = LLVMModuleCreateWithName("global");
  LLVMDisposeModule(Local);
  LLVMContextDispose(C);
  LLVMDumpModule(Global);
  LLVMDisposeModule(Global);
}

// Must not flag: a module created explicitly in the global context.
LLVMModuleRef makeInGlobalContext(const char *Name) {
  LLVMContextRef G = LLVMGetGlobalContext();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, G);
  LLVMAddFunction(M, "main",
                  LLVMFunctionType(LLVMInt32TypeInContext(G), NULL, 0, 0));
  return M;
}

// Must not flag: the context is the caller's; the module is returned.
LLVMModuleRef makeInCallerContext(LLVMContextRef C, const char *Name) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, C);
  LLVMSetTarget(M, "x86_64-unknown-linux-gnu");
  return M;
}

// Must not flag: one context per loop iteration, module disposed of in the
// same iteration first.
void oneContextPerName(const char *const *Names, size_t Count) {
  for (size_t I = 0; I < Count; ++I) {
    LLVMContextRef C = LLVMContextCreate();
    LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Names[I], C);
    LLVMDumpModule(M);
    LLVMDisposeModule(M);
    LLVMContextDispose(C);
  }
}

// Must not flag: the string printed from the module is a copy; it is used
// after the context was disposed of.
void printThenDispose(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  char *IR = LLVMPrintModuleToString(M);
  LLVMDisposeModule(M);
  LLVMContextDispose(C);
  fputs(IR, stdout);
  LLVMDisposeMessage(IR);
}

// Must not flag: IR built with a builder, builder and module disposed of
// before the context.
void buildFunctionInOrder(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("m", C);
  LLVMTypeRef I64 = LLVMInt64TypeInContext(C);
  LLVMValueRef F = LLVMAddFunction(M, "zero", LLVMFunctionType(I64, NULL, 0, 0));
  LLVMBuilderRef B = LLVMCreateBuilderInContext(C);
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(C, F, "entry"));
  LLVMBuildRet(B, LLVMConstInt(I64, 0, 0));
  LLVMDisposeBuilder(B);
  LLVMDumpModule(M);
  LLVMDisposeModule(M);
  LLVMContextDispose(C);
}
