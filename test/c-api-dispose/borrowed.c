// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose, borrowed handles: LLVMGetGlobalContext,
// LLVMGetModuleContext, LLVMGetModuleDataLayout,
// LLVMOrcThreadSafeContextGetContext, LLVMOrcLLJITGetTripleString and
// LLVMOrcJITDylibGetDefaultResourceTracker (releasing that one overflows the
// stack) lend handles that must never be released. Not flagged: the same
// handles used without being released, and the owning counterparts
// (LLVMContextCreate, LLVMCreateTargetDataLayout,
// LLVMOrcJITDylibCreateResourceTracker) released.

#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

//===--- Must flag ---------------------------------------------------------===//

// Must flag: the global context is disposed of; it never may be.
void disposeGlobalContext(void) {
  LLVMContextRef C = LLVMGetGlobalContext();
  LLVMDumpValue(LLVMConstInt(LLVMInt32TypeInContext(C), 7, 0));
  LLVMContextDispose(C); // WARN: LLVMContextRef returned by 'LLVMGetGlobalContext' is borrowed and must not be released
}

// Must flag: the same, without a variable.
void disposeGlobalContextDirectly(void) {
  LLVMContextDispose(LLVMGetGlobalContext()); // WARN: LLVMContextRef returned by 'LLVMGetGlobalContext' is borrowed and must not be released
}

// Must flag: the module's context belongs to whoever created it.
void disposeModuleContext(LLVMModuleRef M) {
  LLVMContextRef C = LLVMGetModuleContext(M);
  LLVMDumpValue(LLVMConstInt(LLVMInt64TypeInContext(C), 0, 0));
  LLVMContextDispose(C); // WARN: LLVMContextRef returned by 'LLVMGetModuleContext' is borrowed and must not be released
}

// Must flag: the module's data layout belongs to the module.
unsigned disposeModuleDataLayout(LLVMModuleRef M) {
  LLVMTargetDataRef TD = LLVMGetModuleDataLayout(M);
  unsigned Size = LLVMPointerSize(TD);
  LLVMDisposeTargetData(TD); // WARN: LLVMTargetDataRef returned by 'LLVMGetModuleDataLayout' is borrowed and must not be released
  return Size;
}

// Must flag: the LLVMContext belongs to the thread-safe context.
void disposeWrappedContext(LLVMOrcThreadSafeContextRef TSC) {
  LLVMContextRef C = LLVMOrcThreadSafeContextGetContext(TSC);
  LLVMDumpValue(LLVMConstInt(LLVMInt32TypeInContext(C), 1, 0));
  LLVMContextDispose(C); // WARN: LLVMContextRef returned by 'LLVMOrcThreadSafeContextGetContext' is borrowed and must not be released
}

// Must flag: the triple string belongs to the JIT.
void printJITTriple(LLVMOrcLLJITRef J) {
  const char *Triple = LLVMOrcLLJITGetTripleString(J);
  puts(Triple);
  LLVMDisposeMessage((char *)Triple); // WARN: returned by 'LLVMOrcLLJITGetTripleString' is borrowed and must not be released
}

// Must flag: the same, released with free().
void printJITTripleFree(LLVMOrcLLJITRef J) {
  const char *Triple = LLVMOrcLLJITGetTripleString(J);
  puts(Triple);
  free((void *)Triple); // WARN: returned by 'LLVMOrcLLJITGetTripleString' is borrowed and must not be released
}

// Must flag: releasing the default resource tracker.
void removeAllCode(LLVMOrcLLJITRef J) {
  LLVMOrcResourceTrackerRef RT = LLVMOrcJITDylibGetDefaultResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  LLVMErrorRef Err = LLVMOrcResourceTrackerRemove(RT);
  if (Err)
    LLVMConsumeError(Err);
  LLVMOrcReleaseResourceTracker(RT); // WARN: returned by 'LLVMOrcJITDylibGetDefaultResourceTracker' is borrowed and must not be released
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: the global context, used and not disposed of.
LLVMModuleRef moduleInGlobalContext(const char *Name) {
  LLVMContextRef G = LLVMGetGlobalContext();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, G);
  LLVMAddFunction(M, "main",
                  LLVMFunctionType(LLVMInt32TypeInContext(G), NULL, 0, 0));
  return M;
}

// Must not flag: a context created here is disposed of.
void disposeOwnContext(void) {
  LLVMContextRef C = LLVMContextCreate();
  LLVMDumpValue(LLVMConstInt(LLVMInt32TypeInContext(C), 7, 0));
  LLVMContextDispose(C);
}

// Must not flag: the module's context, used and not disposed of.
LLVMValueRef declareInModuleContext(LLVMModuleRef M) {
  LLVMContextRef C = LLVMGetModuleContext(M);
  return LLVMAddFunction(
      M, "f", LLVMFunctionType(LLVMVoidTypeInContext(C), NULL, 0, 0));
}

// Must not flag: the module's data layout is read; a data layout created
// from the machine is disposed of.
unsigned pointerSizes(LLVMModuleRef M, LLVMTargetMachineRef TM) {
  LLVMTargetDataRef Borrowed = LLVMGetModuleDataLayout(M);
  LLVMTargetDataRef Owned = LLVMCreateTargetDataLayout(TM);
  unsigned Size = LLVMPointerSize(Borrowed) + LLVMPointerSize(Owned);
  LLVMDisposeTargetData(Owned);
  return Size;
}

// Must not flag: the wrapped context, used for a module; the thread-safe
// context handle itself is disposed of.
LLVMOrcThreadSafeModuleRef wrapNewModule(const char *Name) {
  LLVMOrcThreadSafeContextRef TSC = LLVMOrcCreateNewThreadSafeContext();
  LLVMContextRef C = LLVMOrcThreadSafeContextGetContext(TSC);
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext(Name, C);
  LLVMOrcThreadSafeModuleRef TSM = LLVMOrcCreateNewThreadSafeModule(M, TSC);
  LLVMOrcDisposeThreadSafeContext(TSC);
  return TSM;
}

// Must not flag: the JIT's triple string, only read.
void printJITTripleBorrowed(LLVMOrcLLJITRef J) {
  const char *Triple = LLVMOrcLLJITGetTripleString(J);
  puts(Triple);
}

// Must not flag: the default tracker is used, not released.
void removeAllCodeCorrectly(LLVMOrcLLJITRef J) {
  LLVMOrcResourceTrackerRef RT =
      LLVMOrcJITDylibGetDefaultResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  LLVMErrorRef Err = LLVMOrcResourceTrackerRemove(RT);
  if (Err)
    LLVMConsumeError(Err);
}

// Must not flag: a tracker created here is released.
void removeWithOwnTracker(LLVMOrcLLJITRef J) {
  LLVMOrcResourceTrackerRef RT =
      LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(J));
  LLVMErrorRef Err = LLVMOrcResourceTrackerRemove(RT);
  if (Err)
    LLVMConsumeError(Err);
  LLVMOrcReleaseResourceTracker(RT);
}
