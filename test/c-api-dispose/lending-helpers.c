// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose: a handle passed to a helper defined in the same
// file. A helper that only uses it (reads it, passes it to LLVM APIs that
// borrow, or to another helper that only uses it) lends it back: the caller
// still has to dispose of it. A helper that disposes of it, stores it, or
// hands it to a function whose body is not visible takes it out of sight.

#include "llvm-c/Core.h"
#include <stddef.h>

struct Program {
  LLVMModuleRef Mod;
};

void registerModule(LLVMModuleRef M); // defined elsewhere

static void setTriple(LLVMModuleRef M) { LLVMSetTarget(M, "amdgcn--"); }

static void prepare(LLVMModuleRef M) {
  setTriple(M);
  LLVMSetDataLayout(M, "e");
}

static void finish(LLVMModuleRef M) { LLVMDisposeModule(M); }
static void keepIn(struct Program *P, LLVMModuleRef M) { P->Mod = M; }
static void handOver(LLVMModuleRef M) { registerModule(M); }

// Must flag: the helpers only set the module up; nobody disposes of it.
void compileKernel(LLVMContextRef C) {
  // WARN@+1: LLVMModuleRef returned by 'LLVMModuleCreateWithNameInContext' is never released with 'LLVMDisposeModule'
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("kernel", C);
  prepare(M);
  LLVMDumpModule(M);
}

// Must not flag: disposed of after the helpers ran.
void compileAndDispose(LLVMContextRef C) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("kernel", C);
  prepare(M);
  LLVMDisposeModule(M);
}

// Must not flag: a helper disposes of it, stores it, or hands it on.
void compileFinished(LLVMContextRef C) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("kernel", C);
  prepare(M);
  finish(M);
}

void compileKept(LLVMContextRef C, struct Program *P) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("kernel", C);
  keepIn(P, M);
}

void compileRegistered(LLVMContextRef C) {
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("kernel", C);
  handOver(M);
}
