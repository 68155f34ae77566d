// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose: handles and strings written through the function's
// own out-parameter (`char **Err`, `LLVMModuleRef *Out`). What `*Err` holds
// when the function returns is the caller's to release; writing over it
// while it holds an object loses that object. LLVMVerifyModule writes its
// message on success too, so verifying modules one after the other into the
// same out-parameter loses every message but the last, and clearing it at
// the end loses that one as well.

#include "llvm-c/Analysis.h"
#include "llvm-c/Core.h"
#include <stddef.h>

// Must flag: each verification overwrites the previous message.
int verifyAll(LLVMModuleRef *Mods, int N, char **Err) {
  for (int I = 0; I < N; ++I)
    // The next iteration's verification overwrites it first.
    // WARN@+2: message string written by 'LLVMVerifyModule' is overwritten while still owned at line 22
    // NOTE@+1: '*Err' is overwritten here
    if (LLVMVerifyModule(Mods[I], LLVMReturnStatusAction, Err))
      return 0;
  *Err = NULL;
  return 1;
}

// Must flag: a second module made into the same out-parameter.
void makeTwo(LLVMContextRef C, LLVMModuleRef *Out) {
  // WARN@+1: LLVMModuleRef returned by 'LLVMModuleCreateWithNameInContext' is overwritten while still owned at line 33
  *Out = LLVMModuleCreateWithNameInContext("first", C);
  // NOTE@+1: '*Out' is overwritten here
  *Out = LLVMModuleCreateWithNameInContext("second", C);
}

//===--- Must not flag -----------------------------------------------------===//

// The message is handed to the caller.
int verifyOne(LLVMModuleRef M, char **Err) {
  return LLVMVerifyModule(M, LLVMReturnStatusAction, Err);
}

// Each message is disposed of before the next verification writes.
int verifyEach(LLVMModuleRef *Mods, int N, char **Err) {
  for (int I = 0; I < N; ++I) {
    if (LLVMVerifyModule(Mods[I], LLVMReturnStatusAction, Err))
      return 0;
    LLVMDisposeMessage(*Err);
  }
  *Err = NULL;
  return 1;
}

// A module made into the out-parameter is the caller's.
void makeOne(LLVMContextRef C, LLVMModuleRef *Out) {
  *Out = LLVMModuleCreateWithNameInContext("one", C);
}

// A chained assignment stores the handle in both: the struct's field keeps
// it (out of sight), so the local's exit loses nothing.
struct Program {
  LLVMModuleRef Mods[4];
};
void keepChained(LLVMContextRef C, struct Program *P, int I) {
  LLVMModuleRef M;
  P->Mods[I] = M = LLVMModuleCreateWithNameInContext("chained", C);
  LLVMSetTarget(M, "x86_64");
}
