// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose with the default options (ExtraPairs empty): the
// code of options.c, where the project's wrappers are unknown functions.
// Their results are not new handles, and passing a handle to them hands it
// on, so nothing is flagged. Only the built-in pairs apply.

#include "llvm-c/Core.h"
#include <stddef.h>
#include <stdio.h>

// A project's own C wrappers, declared and not defined here: my_create
// returns a new module that my_destroy releases; my_jit_open returns a new
// session that my_jit_close releases.
LLVMModuleRef my_create(const char *Name);
void my_destroy(LLVMModuleRef M);
typedef struct my_jit my_jit;
my_jit *my_jit_open(const char *Triple);
void my_jit_close(my_jit *J);
int my_jit_add(my_jit *J, LLVMModuleRef M);

// Must not flag (flagged in options.c): the new module is discarded.
void discardWrappedModule(void) {
  my_create("unused");
}

// Must not flag (flagged in options.c): the early return skips my_destroy.
int buildWrappedModule(const char *Name, int DryRun) {
  LLVMModuleRef M = my_create(Name);
  if (DryRun)
    return 0;
  LLVMDumpModule(M);
  my_destroy(M);
  return 1;
}

// Must not flag (flagged in options.c): the module is only given to LLVM
// functions that borrow it.
void describeWrappedModule(const char *Name) {
  LLVMModuleRef M = my_create(Name);
  LLVMSetTarget(M, "x86_64-unknown-linux-gnu");
  LLVMDumpModule(M);
}

// Must not flag (flagged in options.c): the session is opened, checked and
// never closed.
int probeJIT(const char *Triple) {
  my_jit *J = my_jit_open(Triple);
  if (!J)
    return 1;
  return 0;
}

// Must not flag (flagged in options.c): released twice.
void destroyTwice(const char *Name) {
  LLVMModuleRef M = my_create(Name);
  LLVMDumpModule(M);
  my_destroy(M);
  my_destroy(M);
}

// Must not flag: my_destroy on every path.
int buildWrappedModuleCorrectly(const char *Name, int DryRun) {
  LLVMModuleRef M = my_create(Name);
  if (DryRun) {
    my_destroy(M);
    return 0;
  }
  LLVMDumpModule(M);
  my_destroy(M);
  return 1;
}

// Must not flag: the session is closed; a failed open returns early.
int probeJITCorrectly(const char *Triple) {
  my_jit *J = my_jit_open(Triple);
  if (!J)
    return 1;
  my_jit_close(J);
  return 0;
}

// Must not flag: the module goes to the session (an unknown function); the
// session is closed.
int runWrapped(const char *Triple, const char *Name) {
  my_jit *J = my_jit_open(Triple);
  if (!J)
    return 1;
  int Status = my_jit_add(J, my_create(Name));
  my_jit_close(J);
  return Status;
}

// Must not flag: the new module is returned to the caller.
LLVMModuleRef makeWrappedModule(const char *Name) {
  LLVMModuleRef M = my_create(Name);
  LLVMSetTarget(M, "x86_64-unknown-linux-gnu");
  return M;
}

struct Workspace {
  my_jit *JIT;
};

// Must not flag: stored in a struct ...
void workspaceInit(struct Workspace *W, const char *Triple) {
  W->JIT = my_jit_open(Triple);
}

// Must not flag: ... closed by the teardown function.
void workspaceTeardown(struct Workspace *W) { my_jit_close(W->JIT); }

// Must not flag: the built-in pairs apply as usual.
void builtinPairStillWorks(void) {
  LLVMModuleRef M = LLVMModuleCreateWithName("builtin");
  LLVMDumpModule(M);
  LLVMDisposeModule(M);
}
