// RUN: %check_llvmown --frontend tidy %s -- -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool %s -- -I%llvm_include -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// RUN: %check_llvmown --frontend tool --llvm-includes %llvm_other_includes %s -- -D_GNU_SOURCE -D__STDC_CONSTANT_MACROS -D__STDC_FORMAT_MACROS -D__STDC_LIMIT_MACROS
// llvmown-module-outlives-context against the real LLVM 19 C headers: a code
// generator that builds a module with the C builder API, and one that parses
// IR text into a context.

#include "llvm-c/Core.h"
#include "llvm-c/IRReader.h"
#include "llvm-c/Types.h"
#include <stddef.h>
#include <stdio.h>
#include <string.h>

// Adds `i64 @Name() { ret i64 Value }` to M (in context C).
static LLVMValueRef emitConstantFunction(LLVMContextRef C, LLVMModuleRef M,
                                         const char *Name,
                                         unsigned long long Value) {
  LLVMTypeRef I64 = LLVMInt64TypeInContext(C);
  LLVMValueRef F = LLVMAddFunction(M, Name, LLVMFunctionType(I64, NULL, 0, 0));
  LLVMBuilderRef B = LLVMCreateBuilderInContext(C);
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(C, F, "entry"));
  LLVMBuildRet(B, LLVMConstInt(I64, Value, 0));
  LLVMDisposeBuilder(B);
  return F;
}

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the context is disposed of first, then the module.
void generateAndClean(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("answer", C); // NOTE: 'M' is bound to 'C' here
  emitConstantFunction(C, M, "answer", 42);
  LLVMDumpModule(M);
  LLVMContextDispose(C); // NOTE: 'C' is destroyed here
  LLVMDisposeModule(M); // WARN: 'M' belongs to LLVMContext 'C', which was destroyed at line 36
}

// Must flag: a function of the module is printed after the context was
// disposed of.
void printFunctionAfterDispose(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("answer", C);
  LLVMValueRef F = emitConstantFunction(C, M, "answer", 42); // NOTE: 'F' is bound to 'C' here
  LLVMContextDispose(C); // NOTE: 'C' is destroyed here
  LLVMDumpValue(F); // WARN: 'F' belongs to LLVMContext 'C', which was destroyed at line 46
}

// Must flag: a parsed module is printed after its context was disposed of.
char *roundTrip(const char *IR) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMMemoryBufferRef Buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(IR, strlen(IR), "input");
  LLVMModuleRef M = NULL;
  char *Msg = NULL;
  if (LLVMParseIRInContext(C, Buf, &M, &Msg)) { // NOTE: 'M' is bound to 'C' here
    LLVMDisposeMessage(Msg);
    LLVMContextDispose(C);
    return NULL;
  }
  LLVMContextDispose(C); // NOTE: 'C' is destroyed here
  return LLVMPrintModuleToString(M); // WARN: 'M' belongs to LLVMContext 'C', which was destroyed at line 61
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: module, then context.
void generateInOrder(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("answer", C);
  emitConstantFunction(C, M, "answer", 42);
  LLVMDumpModule(M);
  LLVMDisposeModule(M);
  LLVMContextDispose(C);
}

// Must not flag: the printed string is a copy, used after both are gone.
void printAfterCleanup(const char *IR) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMMemoryBufferRef Buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(IR, strlen(IR), "input");
  LLVMModuleRef M = NULL;
  char *Msg = NULL;
  if (LLVMParseIRInContext(C, Buf, &M, &Msg)) {
    LLVMDisposeMessage(Msg);
    LLVMContextDispose(C);
    return;
  }
  char *Text = LLVMPrintModuleToString(M);
  LLVMDisposeModule(M);
  LLVMContextDispose(C);
  fputs(Text, stdout);
  LLVMDisposeMessage(Text);
}

// Must not flag: a module in the global context, returned.
LLVMModuleRef makeGlobalModule(void) {
  LLVMModuleRef M = LLVMModuleCreateWithName("global");
  emitConstantFunction(LLVMGetGlobalContext(), M, "answer", 42);
  return M;
}

// Must not flag: the caller's context; the module is returned.
LLVMModuleRef makeModuleIn(LLVMContextRef C, const char *Name) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, C);
  emitConstantFunction(C, M, "answer", 42);
  return M;
}
