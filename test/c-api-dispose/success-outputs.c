// RUN: %check_llvmown --frontend tidy %s -- -I%stubs
// RUN: %check_llvmown --frontend tool %s -- -I%stubs
//
// llvmown-c-api-dispose: a call that writes its message on failure only
// (LLVMGetTargetFromTriple) writes its other out-parameter on success, so a
// test of that one tells the two apart: past an assertion that the target is
// not null, there is no message. Not flagged: a message variable reused
// after such an assertion. Flagged: the message on the branch where the
// target is null, when that branch returns without disposing of it.

#include "llvm-c/Core.h"
#include "llvm-c/TargetMachine.h"
#include <stddef.h>

void reportFailure(const char *What);

#define CHECK(Cond)                                                            \
  do {                                                                         \
    if (!(Cond)) {                                                             \
      reportFailure(#Cond);                                                    \
      __builtin_trap();                                                        \
    }                                                                          \
  } while (0)

// Must not flag: the assertion stops the failure path; the message
// variable is then reused for a call that writes on failure only as well.
LLVMTargetMachineRef makeMachine(const char *Triple) {
  LLVMTargetRef Target = NULL;
  char *Err = NULL;
  LLVMGetTargetFromTriple(Triple, &Target, &Err);
  CHECK(Target != NULL);
  Err = NULL;
  return LLVMCreateTargetMachine(Target, Triple, "", "", LLVMCodeGenLevelDefault,
                                 LLVMRelocDefault, LLVMCodeModelDefault);
}

// Must flag: the failure branch returns with the message.
LLVMTargetRef findTarget(const char *Triple) {
  LLVMTargetRef Target = NULL;
  char *Err = NULL;
  // WARN@+1: message string written by 'LLVMGetTargetFromTriple' is never released with 'LLVMDisposeMessage'
  LLVMGetTargetFromTriple(Triple, &Target, &Err);
  if (!Target)
    return NULL;
  return Target;
}
