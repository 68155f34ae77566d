// RUN: %check_llvmown --frontend tidy %s -- -I%llvm_include
// RUN: %check_llvmown --frontend tool %s -- -I%llvm_include
//
// llvmown-c-api-dispose: an object created only when a flag is set and
// released under the same flag (`if (Owns) LLVMDisposeModule(M)`) is not
// leaked on the path where the flag is clear, because it was never created
// there. A flag is a bool or integer local or parameter that nothing in the
// function writes after its initialisation. A flag written in between, or
// a release under another flag, is still a leak.

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"
#include <stdbool.h>
#include <stdio.h>

//===--- Must not flag ----------------------------------------------------===//

// The module is a clone only when asked for, and disposed under the same
// test; the error path goes out through the same test too.
int emitCopyOrOriginal(LLVMTargetMachineRef TM, LLVMModuleRef Shared,
                       bool Copy, const char *Path) {
  LLVMModuleRef M = Copy ? LLVMCloneModule(Shared) : Shared;
  char *Err = NULL;
  if (LLVMTargetMachineEmitToFile(TM, M, Path, LLVMObjectFile, &Err)) {
    fprintf(stderr, "%s\n", Err);
    LLVMDisposeMessage(Err);
    if (Copy)
      LLVMDisposeModule(M);
    return 1;
  }
  if (Copy)
    LLVMDisposeModule(M);
  return 0;
}

// The same with an if statement, an integer flag tested negated, and a
// local flag initialised once.
void dumpMaybeCloned(LLVMModuleRef Shared, int Mode) {
  const int Private = Mode > 2;
  LLVMModuleRef M = Shared;
  if (Private)
    M = LLVMCloneModule(Shared);
  LLVMDumpModule(M);
  if (!Private)
    return;
  LLVMDisposeModule(M);
}

// A builder created in debug mode only.
void buildWithOptionalBuilder(LLVMContextRef C, bool Debug) {
  LLVMBuilderRef Dbg = NULL;
  if (Debug)
    Dbg = LLVMCreateBuilderInContext(C);
  puts("building");
  if (Debug)
    LLVMDisposeBuilder(Dbg);
}

//===--- Must flag --------------------------------------------------------===//

// The flag changes between the creation and the test: the clone made under
// the first value is not disposed under the second.
void flagChangesInBetween(LLVMModuleRef Shared, bool Copy) {
  LLVMModuleRef M = Copy ? LLVMCloneModule(Shared) : Shared; // WARN: LLVMModuleRef returned by 'LLVMCloneModule' is not released when the function returns at line 69
  LLVMDumpModule(M);
  Copy = false;
  if (Copy)
    LLVMDisposeModule(M);
} // NOTE: 'M' still holds it when the function returns here

// Created under one flag, disposed under another.
void twoFlags(LLVMModuleRef Shared, bool Copy, bool Verbose) {
  LLVMModuleRef M = Copy ? LLVMCloneModule(Shared) : Shared; // WARN: LLVMModuleRef returned by 'LLVMCloneModule' is not released when the function returns at line 77
  LLVMDumpModule(M);
  if (Verbose)
    LLVMDisposeModule(M);
} // NOTE: 'M' still holds it when the function returns here
