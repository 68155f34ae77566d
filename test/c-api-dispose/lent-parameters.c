// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose on handles the caller lends: disposing of a
// parameter on some paths only (an error path) frees the caller's object
// while the caller still holds it; disposing of it twice is a double free.
// A function that disposes of its parameter on every path is a release
// function, and a release under a test of a bool parameter may hand it over
// only when told.

#include "llvm-c/Core.h"
#include <stdbool.h>


//===--- Must flag ---------------------------------------------------------===//

// Must flag: the module is disposed of on the error path only.
int finishModule(LLVMModuleRef M) {
  if (!*LLVMGetTarget(M)) {
    LLVMDisposeModule(M); // WARN: LLVMModuleRef 'M' is released here on some paths only: it is the caller's (a parameter), and the function returns at line 23 without releasing it
    return 1;
  }
  return 0; // NOTE: 'M' is still the caller's when the function returns here
}

// Must flag: a bool parameter that has nothing to do with the release does
// not make it a hand-over.
int finishVerbose(LLVMModuleRef M, bool Verbose) {
  if (Verbose)
    LLVMDumpModule(M);
  if (!*LLVMGetTarget(M)) {
    LLVMDisposeModule(M); // WARN: LLVMModuleRef 'M' is released here on some paths only: it is the caller's (a parameter), and the function returns at line 35 without releasing it
    return 1;
  }
  return 0; // NOTE: 'M' is still the caller's when the function returns here
}

// Must flag: disposed of twice when verification fails.
void disposeTwice(LLVMModuleRef M) {
  LLVMDisposeModule(M); // NOTE: first released here
  if (!*LLVMGetTarget(M))
    LLVMDisposeModule(M); // WARN: LLVMModuleRef 'M' is released twice
}

//===--- Must not flag -----------------------------------------------------===//

// Must not flag: a release function.
void destroyModule(LLVMModuleRef M) {
  if (M)
    LLVMDisposeModule(M);
}

// Must not flag: a bool parameter tells whether the module is handed over.
void finishAndMaybeFree(LLVMModuleRef M, bool Free) {
  LLVMDumpModule(M);
  if (Free)
    LLVMDisposeModule(M);
}

// Must not flag: a local that may hold the parameter or a clone, disposed
// of under a condition: not the parameter itself.
void dumpCopy(LLVMModuleRef Shared, int Mode) {
  LLVMModuleRef M = Shared;
  if (Mode)
    M = LLVMCloneModule(Shared);
  LLVMDumpModule(M);
  if (Mode)
    LLVMDisposeModule(M);
}
